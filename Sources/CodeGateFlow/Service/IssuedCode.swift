import CodeGateCore
/// A code the gateway issued, as it keeps it: a salted SHA-256 digest, never the digits, so
/// neither the state database nor a look at memory shows a live code.
///
/// A six-digit code has only a million values, so the digest alone would not stop someone who
/// can read the file from finding the code by trying them all; the file is private to the user
/// (0600 in a 0700 folder) for that. The salt, fresh per code, keeps two equal codes from having
/// equal digests and rules out tables computed once for all files.
struct IssuedCode: Equatable {
    static let saltSize = 16
    static let digestSize = 32
    /// The attempts a stored record may claim: more than any policy allows, few enough that a
    /// damaged number cannot pass for one.
    static let possibleAttempts = 0...99

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

    /// A record read back from the state database.
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
