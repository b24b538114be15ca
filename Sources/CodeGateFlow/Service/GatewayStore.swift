import CodeGateCore
/// Where the embedded gateway keeps what a real SMS provider keeps on its server: per number,
/// when a code was last requested (the cooldown), and a salted hash of the live code with its
/// attempts left. Restarting the app therefore neither lifts a cooldown nor resets a code's
/// guesses.
///
/// One state file (`$XDG_STATE_HOME/codegate/gateway` in the app), read and written through
/// `StateFile`: nothing found at the path can hang or bloat the app, a file that is not a
/// valid record of ours is reported once, ignored and replaced at the next save. Instants are
/// stored as moments on the boot clock (with the boot's id) and the wall clock, like a saved
/// cooldown: within the same boot the boot clock is exact whatever happens to the wall clock;
/// after a reboot only the wall clock can tell.
@MainActor
public final class GatewayStore {
    /// The most numbers a file holds; the ones requested longest ago go first. A real gateway
    /// sees far fewer numbers from one desktop, and the cap bounds the file and the memory.
    public static let capacity = 1000

    /// A header line, then one line of at most about 160 bytes per number.
    static let maxBytes = 128 + capacity * 192

    private static let magic = "codegate-gateway-1"

    /// The attempts a record may claim: more than any policy allows, few enough to stay short.
    private static let possibleAttempts = 0...99

    private let path: String
    private let report: @MainActor (String) -> Void
    private let moment: @MainActor () -> SystemMoment
    private var saveFailureReported = false

    /// A store in the file at `path`. `report` is told, once, of a file that was refused and of
    /// a save that failed (a line for a log, never fatal); `moment` reads the machine's clocks,
    /// which tests replace with ones that follow their manual timer.
    public init(
        path: String,
        report: @escaping @MainActor (String) -> Void,
        moment: @escaping @MainActor () -> SystemMoment = { SystemMoment.now() }
    ) {
        self.path = path
        self.report = report
        self.moment = moment
    }

    /// What the gateway remembers about one number.
    struct Entry: Equatable {
        /// The number, by its canonical key.
        let number: PhoneNumber
        /// How long ago its last code was requested (and issued); never negative.
        let age: Duration
        /// Its live code, if one is outstanding.
        let code: IssuedCode?
    }

    /// The entries in the file: none when there is no file, or when it is not a valid record,
    /// which is then reported. Removes temporaries a write that died left behind.
    func load() -> [Entry] {
        let now = moment()
        switch StateFile.readRecord(path: path, maxBytes: Self.maxBytes, describedAs: "valid record", { Self.entries(in: $0, at: now) }) {
        case .success(let entries):
            return entries ?? []
        case .failure(let error):
            report("ignoring the gateway's saved state: \(error)")
            return []
        }
    }

    /// Replaces the file with `entries` (at most `capacity` of them, the youngest kept).
    func save(_ entries: [Entry]) {
        let now = moment()
        let kept = entries.sorted { $0.age < $1.age }.prefix(Self.capacity)
        var text = Self.magic + " " + SystemMoment.bootIDField(now.bootID) + "\n"
        for entry in kept {
            let code = entry.code
            text += [
                entry.number.e164,
                "\((now.boot - entry.age).wholeNanoseconds)",
                "\((now.wall - entry.age).wholeNanoseconds)",
                code.map { "\($0.attemptsLeft)" } ?? "-",
                code.map { Self.hex($0.salt) } ?? "-",
                code.map { Self.hex($0.digest) } ?? "-",
            ].joined(separator: " ") + "\n"
        }
        if case .failure(let error) = StateFile.write(text, to: path), !saveFailureReported {
            saveFailureReported = true
            report("cannot save the gateway's state: \(error)")
        }
    }

    // MARK: - Reading

    /// The entries of a file's text, ages measured at `now`; nil when any line is damaged: a
    /// file that lies in one place cannot be trusted in the others.
    private static func entries(in text: String, at now: SystemMoment) -> [Entry]? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard let header = lines.first, lines.count - 1 <= capacity else { return nil }
        let headerFields = header.split(separator: " ", omittingEmptySubsequences: false)
        guard headerFields.count == 2, headerFields[0] == magic,
              let bootID = SystemMoment.recordedBootID(headerFields[1])
        else { return nil }
        let sameBoot = now.isSameBoot(as: bootID)
        var seen: Set<PhoneNumber> = []
        var entries: [Entry] = []
        for line in lines.dropFirst() {
            guard let entry = entry(in: line, sameBoot: sameBoot, at: now),
                  seen.insert(entry.number).inserted
            else { return nil }
            entries.append(entry)
        }
        return entries
    }

    /// One number's line: its key, the request's moment on both clocks, and either "- - -" or
    /// the attempts left, the salt and the digest of its code.
    private static func entry(in line: Substring, sameBoot: Bool, at now: SystemMoment) -> Entry? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 6, let number = PhoneNumber(e164: String(fields[0])),
              let boot = Int64(fields[1]), let wall = Int64(fields[2])
        else { return nil }
        let code: IssuedCode?
        if fields[3...] == ["-", "-", "-"] {
            code = nil
        } else {
            guard let attempts = Int(fields[3]), possibleAttempts.contains(attempts),
                  let salt = bytes(fromHex: fields[4], count: IssuedCode.saltSize),
                  let digest = bytes(fromHex: fields[5], count: IssuedCode.digestSize)
            else { return nil }
            code = IssuedCode(salt: salt, digest: digest, attemptsLeft: attempts)
        }
        // Durations hold any difference of two Int64 nanosecond counts, so this cannot
        // overflow; a moment in the future (the clock was set back, or the file lies) counts
        // as now, which keeps a cooldown whole rather than lifting it.
        let age = sameBoot ? now.boot - .nanoseconds(boot) : now.wall - .nanoseconds(wall)
        return Entry(number: number, age: max(.zero, age), code: code)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Exactly `count` bytes written as lower-case hex; nil for anything else.
    private static func bytes(fromHex text: Substring, count: Int) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == count * 2 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// A code the gateway issued, as it keeps it: a salted SHA-256 digest, never the digits, so
/// neither the state file nor a look at memory shows a live code.
///
/// A six-digit code has only a million values, so the digest alone would not stop someone who
/// can read the file from finding the code by trying them all; the file is private to the user
/// (0600 in a 0700 folder) for that. The salt, fresh per code, keeps two equal codes from having
/// equal digests and rules out tables computed once for all files.
struct IssuedCode: Equatable {
    static let saltSize = 16
    static let digestSize = 32

    /// Random bytes hashed in front of the code.
    let salt: [UInt8]
    /// SHA-256 of the salt followed by the code's digits.
    let digest: [UInt8]
    /// Wrong guesses left before the code locks.
    var attemptsLeft: Int

    /// A record of `code` with a fresh salt from `random`.
    init(code: String, attemptsLeft: Int, random: inout some RandomNumberGenerator) {
        let salt = (0..<Self.saltSize).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        self.init(salt: salt, digest: SHA256.hash(salt + Array(code.utf8)), attemptsLeft: attemptsLeft)
    }

    /// A record read back from the state file.
    init(salt: [UInt8], digest: [UInt8], attemptsLeft: Int) {
        self.salt = salt
        self.digest = digest
        self.attemptsLeft = attemptsLeft
    }

    /// Whether `guess` is the code, compared in constant time.
    func matches(_ guess: String) -> Bool {
        VerificationCode.matches(SHA256.hash(salt + Array(guess.utf8)), digest)
    }
}
