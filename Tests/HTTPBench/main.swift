import CodeGateBase
import CSoup
import CodeGateCore
import CodeGateFlow
import CodeGateGateway
import CodeGateService
import CodeGateHTTP
import CodeGateGLib
import Glibc

// The HTTP client's cost, for `make bench`: COUNT rounds of challenge + request + verify through
// HTTPCodeService against a SoupServer on 127.0.0.1 in a child process (this executable with
// `serve`), which answers at once with canned answers. The client's own share of a round is
// the CPU time of this process's one thread (CLOCK_THREAD_CPUTIME_ID: libsoup and GIO run on
// it, on the GLib loop); the server's work and the kernel's loopback are in the wall time.
// The server counts the connections it saw: two means every round reused them (the next round's
// challenge is fetched while this one's check is under way). Rounds follow each other at once, so
// each request waits for its challenge's solving, as a script's would; a person's slide and
// cooldown hide it. `solve` is what solving costs on this machine alone (scripts/bench_solver.sh).
//   HTTPBench [COUNT]   prints p50/p99 of the client's share and of the wall time, and the connections
//   HTTPBench solve COUNT CHALLENGES   solves COUNT fresh challenges and the whole search; prints
//                       p50, max and hashes/s, and writes the challenges to CHALLENGES
//   HTTPBench serve     the server: prints its port, then at end of stdin the connections it saw

func say(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
}

/// The challenge the server hands out: of the gateway's default work, solved half way through
/// the search, as a fresh one is on average.
let benchChallenge: String = {
    let salt = String(repeating: "5a", count: 16)
    let solution = String(ChallengeGate.defaultWork / 2)
    let challenge = Challenge(
        purpose: ChallengePurpose.sendCode, expires: 9_999_999_999, maxNumber: ChallengeGate.defaultWork,
        salt: salt, target: SHA256.digest(Array((salt + solution).utf8)), signature: Array(repeating: 0, count: 32))
    return #"{"challenge": ""# + challenge.text + #"", "expires_in_seconds": 300}"#
}()

/// The server: answers /v1/challenges with `benchChallenge`, /v1/codes with a receipt and
/// /v1/codes/verify with "verified".
@MainActor
func serve() -> Never {
    let server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!)
        .assumingMemoryBound(to: SoupServer.self)
    guard soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, nil) != 0,
        let uris = soup_server_get_uris(server)
    else { exit(1) }
    say("\(g_uri_get_port(OpaquePointer(uris.pointee.data)))")
    let ports = UnsafeMutablePointer<Set<UInt16>>.allocate(capacity: 1)
    ports.initialize(to: [])
    soup_server_add_handler(
        server, nil,
        { _, message, path, _, data in
            let address = UnsafeMutableRawPointer(soup_server_message_get_remote_address(message))?.assumingMemoryBound(
                to: GInetSocketAddress.self)
            data!.assumingMemoryBound(to: Set<UInt16>.self).pointee.insert(g_inet_socket_address_get_port(address))
            let (status, body): (UInt32, String) =
                switch String(cString: path!) {
                case "/v1/challenges": (201, benchChallenge)
                case "/v1/codes":
                    (
                        201,
                        #"{"cooldown_seconds": 60, "expires_in_seconds": 300, "verification_id": "0123456789abcdef0123456789abcdef"}"#
                    )
                default: (200, #"{"result": "verified"}"#)
                }
            soup_server_message_set_status(message, status, nil)
            soup_server_message_set_response(
                message, "application/json; charset=utf-8", SOUP_MEMORY_COPY, body, gsize(body.utf8.count))
        }, ports, nil)
    // stdin closed: the client is done.
    g_unix_fd_add(STDIN_FILENO, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue), { _, _, data in
        say("connections \(data!.assumingMemoryBound(to: Set<UInt16>.self).pointee.count)")
        exit(0)
    }, ports)
    while true {
        g_main_context_iteration(nil, 1)
    }
}

func cpuNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

func percentile(_ values: [Int], _ fraction: Double) -> String {
    let sorted = values.sorted()
    let microseconds = Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1000
    return String(Int(microseconds.rounded())) + " µs"
}

/// The client's rounds, then the server's count of connections.
@MainActor
func measure(count: Int, port: String, server: (input: Int32, output: Int32)) {
    MainQueueSource.install()
    guard let url = try? ServiceURL(parsing: "http://127.0.0.1:\(port)/") else { exit(1) }
    let done = Flag()
    done.start(count, on: HTTPCodeService(url: url, timers: GLibTimerPort()))
    while !done.isSet {
        g_main_context_iteration(nil, 1)
    }
    close(server.input)
    var answer = [UInt8](repeating: 0, count: 64)
    let read = Glibc.read(server.output, &answer, answer.count)
    let seen = String(decoding: answer.prefix(max(0, read)), as: UTF8.self).split(separator: " ").last
    say("  connections the server saw: \(seen.map { $0.trimmingCharacters() } ?? "?") for \(3 * (count + 50)) requests")
}

/// `count` rounds after 50 to warm up; prints the percentiles.
@MainActor
func rounds(_ count: Int, on service: HTTPCodeService, number: PhoneNumber) async {
    var cpu: [Int] = [], wall: [Int] = []
    for round in 0..<(count + 50) {
        let start = ContinuousClock.now, cpuStart = cpuNanoseconds()
        do throws(CodeServiceError) {
            let receipt = try await service.requestCode(for: number)
            _ = try await service.verify("123456", for: number, verificationID: receipt.verificationID)
        } catch {
            say("HTTPBench: round \(round) failed: \(error.message)")
            exit(1)
        }
        let elapsed = start.duration(to: .now).components
        if round >= 50 {
            cpu.append(cpuNanoseconds() - cpuStart)
            wall.append(Int(elapsed.seconds) * 1_000_000_000 + Int(elapsed.attoseconds / 1_000_000_000))
        }
    }
    say("HTTP round trip (request + verify, the challenge solved ahead), \(count) rounds over loopback:")
    say("  client's own share (its thread's CPU time): p50 \(percentile(cpu, 0.5)), p99 \(percentile(cpu, 0.99))")
    say("  wall time, client + server + loopback:     p50 \(percentile(wall, 0.5)), p99 \(percentile(wall, 0.99))")
}

/// What a challenge of the gateway's default work costs on this machine: `count` fresh ones as
/// the gateway issues them (on average half the search), each written to `file` for the
/// OpenSSL reference (bench/solver.c: "SALT TARGET BOUND" a line), and the whole search, its
/// bound. Times are this thread's CPU time, as the reference's are, so the hashes a second are
/// those of one core whatever else runs.
func solving(_ count: Int, into file: String) {
    let gate = ChallengeGate()
    var random = SystemRandomNumberGenerator()
    var fresh: [Int] = [], hashes = 0, lines = ""
    for _ in 0..<count {
        let challenge = gate.issue(key: [1], now: .seconds(1), purpose: ChallengePurpose.sendCode, using: &random)
            .challenge
        let start = cpuNanoseconds()
        guard let solution = ChallengeSolver.solve(challenge) else {
            say("HTTPBench: a challenge of the gateway's has no solution")
            exit(1)
        }
        fresh.append(cpuNanoseconds() - start)
        hashes += solution + 1
        lines += "\(challenge.salt) \(Hex.encode(challenge.target)) \(challenge.maxNumber)\n"
    }
    guard let out = fopen(file, "w"), fputs(lines, out) >= 0, fclose(out) == 0 else {
        say("HTTPBench: cannot write \(file)")
        exit(1)
    }
    let salt = String(repeating: "0", count: 32)
    let worst = Challenge(
        purpose: ChallengePurpose.sendCode, expires: 1, maxNumber: gate.work, salt: salt,
        target: SHA256.digest(Array((salt + String(gate.work)).utf8)), signature: [])
    let start = cpuNanoseconds()
    _ = ChallengeSolver.solve(worst)
    let whole = cpuNanoseconds() - start
    say("Challenge of the default work (\(gate.work) hashes at most), solved on one core of this machine:")
    let (p50, most) = (percentile(fresh, 0.5), percentile(fresh, 1))
    say("  \(count) fresh ones: p50 \(p50), max \(most); the whole search: \(percentile([whole], 0.5))")
    say("  hashes/s on one core (its thread's CPU time): \(hashes * 1_000_000_000 / max(1, fresh.reduce(0, +)))")
}

/// Set by the client's task when its rounds are done.
@MainActor
final class Flag {
    private(set) var isSet = false

    func start(_ count: Int, on service: HTTPCodeService) {
        Task(executorPreference: MainQueueTaskExecutor.shared) { [self] in
            await run(count, on: service)
        }
    }

    private func run(_ count: Int, on service: HTTPCodeService) async {
        await rounds(count, on: service, number: PhoneNumber(e164: "+8613800138000")!)
        isSet = true
    }
}

extension Substring {
    func trimmingCharacters() -> String { String(filter { !$0.isWhitespace }) }
}

MainActor.assumeIsolated {
    let arguments = CommandLine.arguments
    if arguments.count == 2, arguments[1] == "serve" { serve() }
    if arguments.count == 4, arguments[1] == "solve", let count = Int(arguments[2]), count > 0 {
        solving(count, into: arguments[3])
        exit(0)
    }
    guard let count = arguments.count == 2 ? Int(arguments[1]) : 2000, count > 0 else {
        say("usage: HTTPBench [COUNT] | HTTPBench solve COUNT CHALLENGES | HTTPBench serve")
        exit(2)
    }
    // The server as a child on two pipes: its port comes on one, and closing the other ends it.
    var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
    guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { exit(1) }
    let child = fork()
    if child == 0 {
        dup2(toServer[0], STDIN_FILENO)
        dup2(fromServer[1], STDOUT_FILENO)
        close(toServer[1])
        close(fromServer[0])
        execv("/proc/self/exe", [strdup("HTTPBench"), strdup("serve"), nil])
        exit(1)
    }
    close(toServer[0])
    close(fromServer[1])
    var line = [UInt8](repeating: 0, count: 16)
    let length = read(fromServer[0], &line, line.count)
    let port = String(decoding: line.prefix(max(0, length)), as: UTF8.self).filter(\.isNumber)
    measure(count: count, port: port, server: (toServer[1], fromServer[0]))
    var status: Int32 = 0
    waitpid(child, &status, 0)
}
