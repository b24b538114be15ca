import CodeGateBase
/// A code the gateway issued, as it keeps it: an HMAC-SHA256 of a fresh salt and the code
/// under the server's key (`CodeKey`), never the digits, so neither the state database nor a
/// look at memory shows a live code.
///
/// A six-digit code has only a million values: a plain digest, even salted, is found by trying
/// them all in a second by whoever reads the database or a backup of it. The key lives in a
/// file of its own, apart from the database, so the database alone cannot be tried. The salt,
/// fresh per code, keeps two equal codes from having equal digests.
///
/// The code is bound to the request that made it: its requester alone is told a verification
/// id, an HMAC under the same key of a fixed label and the salt, and a check without it is
/// no check of this code (`isBound`). Nothing more is stored: the id is made again from the
/// salt, for a check or a replayed answer, and neither the database nor a backup of it without
/// the key tells it.
package struct IssuedCode: Equatable {
    static let saltSize = 16
    static let digestSize = 32
    /// The attempts a stored record may claim: more than any policy allows, few enough that a
    /// damaged number cannot pass for one.
    static let possibleAttempts = 0...99

    /// Random bytes hashed in front of the code.
    let salt: [UInt8]
    /// HMAC-SHA256, under the server's key, of the salt followed by the code's digits.
    let digest: [UInt8]
    /// Wrong guesses left before the code locks.
    var attemptsLeft: Int

    /// A record of `code` under `key`, with a fresh salt from `random`.
    init(code: String, key: [UInt8], attemptsLeft: Int, random: inout some RandomNumberGenerator) {
        let salt = (0..<Self.saltSize).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        self.init(salt: salt, digest: HMAC.sha256(key: key, salt + Array(code.utf8)), attemptsLeft: attemptsLeft)
    }

    /// A record read back from the state database.
    init(salt: [UInt8], digest: [UInt8], attemptsLeft: Int) {
        self.salt = salt
        self.digest = digest
        self.attemptsLeft = attemptsLeft
    }

    /// The bytes hashed in front of the salt for a verification id: alone longer than a salt
    /// and the longest code together, so what an id digests is never what a code's digest does.
    private static let idLabel = Array("codegate verification id:".utf8)
    /// The id's bytes: 128 bits, as 32 hex digits.
    private static let idSize = 16

    /// The verification id of the code with `salt` under `key`, which its requester is told.
    static func verificationID(salt: [UInt8], key: [UInt8]) -> String {
        Hex.encode(HMAC.sha256(key: key, idLabel + salt).prefix(idSize))
    }

    /// Whether `id` is this code's verification id under `key`, compared in constant time.
    func isBound(to id: String, key: [UInt8]) -> Bool {
        VerificationCode.matches(Array(Self.verificationID(salt: salt, key: key).utf8), Array(id.utf8))
    }

    /// Stands in for a code where there is none, so that a check of an id takes the same time
    /// whether a number has a code or not.
    static let placeholder = IssuedCode(salt: Array(repeating: 0, count: saltSize), digest: [], attemptsLeft: 0)

    /// Whether `guess` is the code issued under `key`, compared in constant time.
    func matches(_ guess: String, key: [UInt8]) -> Bool {
        VerificationCode.matches(HMAC.sha256(key: key, salt + Array(guess.utf8)), digest)
    }
}
