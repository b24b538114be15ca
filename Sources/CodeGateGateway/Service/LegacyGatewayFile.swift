import CodeGateCore
import CodeGateService
/// The text file `gateway` in which CodeGate 0.1 kept the embedded gateway's state, read once
/// so that its records move into the database: a cooldown or a live code survives the update.
///
/// A header line with the boot id, then per number its key, the request's moment on the boot
/// clock and the wall clock, and either "- - -" or the attempts left, the salt and the digest
/// of its code.
enum LegacyGatewayFile {
    /// The file's name in the state folder.
    static let name = "gateway"

    /// A header line, then one line of at most about 160 bytes for each of at most 1000 numbers.
    static let maxBytes = 128 + 1000 * 192

    private static let magic = "codegate-gateway-1"

    /// What the file held about one number.
    struct Entry: Equatable {
        /// The number, by its canonical key.
        let number: PhoneNumber
        /// How long ago its last code was requested (and issued); never negative.
        let age: Duration
        /// Its live code, if one is outstanding.
        let code: IssuedCode?
    }

    /// The entries of a file's text, ages measured at `now`; nil when any line is damaged: a
    /// file that lies in one place cannot be trusted in the others.
    static func entries(in text: String, at now: SystemMoment) -> [Entry]? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard let header = lines.first else { return nil }
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

    private static func entry(in line: Substring, sameBoot: Bool, at now: SystemMoment) -> Entry? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 6, let number = PhoneNumber(e164: String(fields[0])),
              let boot = Int64(fields[1]), let wall = Int64(fields[2])
        else { return nil }
        let code: IssuedCode?
        if fields[3...] == ["-", "-", "-"] {
            code = nil
        } else {
            guard let attempts = Int(fields[3]), IssuedCode.possibleAttempts.contains(attempts),
                  let salt = bytes(fromHex: fields[4], count: IssuedCode.saltSize),
                  let digest = bytes(fromHex: fields[5], count: IssuedCode.digestSize)
            else { return nil }
            code = IssuedCode(salt: salt, digest: digest, attemptsLeft: attempts)
        }
        // A moment in the future (the clock was set back, or the file lies) counts as now,
        // which keeps a cooldown whole rather than lifting it.
        let age = sameBoot ? now.boot - .nanoseconds(boot) : now.wall - .nanoseconds(wall)
        return Entry(number: number, age: max(.zero, age), code: code)
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
