import CodeGateBase
import CodeGateFlow
import CodeGateGateway
import CodeGateGatewayPostgres
import CodeGateService
import CodeGateTestSupport
#if canImport(Glibc)
import Glibc
#endif

// One CodeGate gateway process on a shared state folder, for Tests/System/state-race/run:
//   StateHammer request FOLDER COUNT [START]  asks a code for COUNT numbers in turn, printing
//                                             "sent N" or "cooldown N" as each answer comes
//                                             back, from START (seconds since 1970) on, so
//                                             that two processes begin together;
//   StateHammer check FOLDER COUNT            prints "kept N" for each number still in its
//                                             cooldown and "lost N" for each that is not;
//   StateHammer bench FOLDER COUNT            for scripts/bench_gateway.sh: COUNT times what
//                                             the gateway does for one POST /v1/codes/verify
//                                             (the rate limit's transaction, then the check's),
//                                             printing "rate R p50 MS p99 MS"; FOLDER may
//                                             be a postgresql:// URL instead.
// Each line is written once its transaction has committed, so a line printed is a record kept.

let arguments = CommandLine.arguments
/// Writes `line` to `descriptor` at once, unbuffered: a process killed after this call has said it.
func say(_ line: String, to descriptor: Int32 = STDOUT_FILENO) {
    let text = line + "\n"
    _ = text.withCString { write(descriptor, $0, strlen($0)) }
}

guard (4...5).contains(arguments.count), ["request", "check", "bench"].contains(arguments[1]),
    let count = Int(arguments[3]),
    let start = arguments.count == 5 ? Double(arguments[4]) : 0
else {
    say("usage: StateHammer request|check|bench FOLDER COUNT [START]", to: STDERR_FILENO)
    exit(2)
}
let report: @MainActor (String) -> Void = { say("StateHammer: \($0)", to: STDERR_FILENO) }
// A PostgreSQL URL in place of the folder: the same on a database server (bench only).
let store: any CodeStore =
    arguments[2].hasPrefix("postgresql://")
    ? PostgresStore(url: arguments[2], keyFile: nil, report: report)
    : GatewayStore(folder: StateFolder.open(arguments[2]), report: report)
let gateway = LocalCodeService(codeStore: store)

var now = timespec()
clock_gettime(CLOCK_REALTIME, &now)
let wait = start - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
if wait > 0 {
    usleep(UInt32(min(wait, 10) * 1e6))
}

if arguments[1] == "bench" {
    var times: [Duration] = []
    let began = ContinuousClock.now
    for index in 0..<count {
        guard let number = PhoneNumber.check("+4477009\(10_000 + index % 1000)").number else { exit(2) }
        let started = ContinuousClock.now
        do {
            // As the gateway under scripts/bench_gateway.sh: --rate-limit 100000, so each
            // request's allowance is a transaction of its own.
            _ = try await gateway.admit("127.0.0.1", limit: 100_000)
            // As scripts/bench_gateway.lua's: an id no code has, checked all the same.
            _ = try await gateway.verify("123456", for: number, verificationID: String(repeating: "0", count: 32))
        } catch {
            say("StateHammer: \(error.message)", to: STDERR_FILENO)
            exit(1)
        }
        times.append(started.duration(to: .now))
    }
    let total = began.duration(to: .now)
    times.sort()
    let milliseconds = { (time: Duration) in
        Double(time.components.attoseconds) / 1e15 + Double(time.components.seconds) * 1000
    }
    let seconds = milliseconds(total) / 1000
    say(
        "rate \(Int(Double(count) / seconds)) p50 \(milliseconds(times[count / 2])) "
            + "p99 \(milliseconds(times[count * 99 / 100]))"
    )
    exit(0)
}

for index in 0..<count {
    guard let number = PhoneNumber.check("+4477009\(10_000 + index)").number else { exit(2) }
    let outcome: String
    do {
        _ = try await gateway.requestCode(for: number)
        outcome = arguments[1] == "request" ? "sent" : "lost"
    } catch .cooldown {
        outcome = arguments[1] == "request" ? "cooldown" : "kept"
    } catch {
        say("StateHammer: \(error.message)", to: STDERR_FILENO)
        exit(1)
    }
    say("\(outcome) \(index)")
}
