import CodeGateBase

/// A challenge of a code server's (docs/protocol.md, "POST /v1/challenges"): a bounded proof
/// of work the server signed, which a request for a code must carry solved. Eight fields
/// joined by ".": version, algorithm, purpose, expiry (whole seconds since the Unix epoch),
/// the bound on the search, a random salt, the target digest, and the server's signature of
/// the seven before it.
///
/// Reading one checks only its shape; whether its server signed it, for what, and until when,
/// is the server's to check (`ChallengeGate`).
public struct Challenge: Equatable, Sendable {
    /// The one version there is.
    public static let version = "1"
    /// The one algorithm there is.
    public static let algorithm = "SHA-256"
    /// The longest text a challenge may have: more than its fields can fill.
    public static let longestText = 512

    /// The version it claims.
    public let claimedVersion: String
    /// The algorithm it claims.
    public let claimedAlgorithm: String
    /// What it may be spent on (`ChallengePurpose`), as written.
    public let purpose: String
    /// The moment it expires, in whole seconds since the Unix epoch.
    public let expires: Int64
    /// The bound on the search: the solution is at most this.
    public let maxNumber: Int
    /// 32 lowercase hex digits, random: hashed as written, and the challenge's identity.
    public let salt: String
    /// The digest the solution's hash must equal.
    public let target: [UInt8]
    /// The server's HMAC-SHA256 of the other fields (`signedBytes`).
    public let signature: [UInt8]

    /// The challenge `text` spells, as the server issued it; nil when it has not the shape of
    /// one: eight fields, each in its alphabet and length.
    public init?(_ text: String) {
        guard text.utf8.count <= Self.longestText else { return nil }
        let fields = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard fields.count == 8, fields.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isTokenByte) }),
            let expires = Self.decimal(fields[3], digits: 1...12).map(Int64.init),
            let maxNumber = Self.decimal(fields[4], digits: 1...9), maxNumber >= 1,
            Self.isLowerHex(fields[5], count: 32), Self.isLowerHex(fields[6], count: 64),
            Self.isLowerHex(fields[7], count: 64),
            let target = Hex.decode(fields[6].utf8), let signature = Hex.decode(fields[7].utf8)
        else { return nil }
        self.init(
            version: fields[0], algorithm: fields[1], purpose: fields[2], expires: expires, maxNumber: maxNumber,
            salt: fields[5], target: target, signature: signature)
    }

    /// A challenge of these fields: the server's, as it issues one (`ChallengeGate`).
    package init(
        version: String = Challenge.version, algorithm: String = Challenge.algorithm, purpose: String,
        expires: Int64, maxNumber: Int, salt: String, target: [UInt8], signature: [UInt8]
    ) {
        claimedVersion = version
        claimedAlgorithm = algorithm
        self.purpose = purpose
        self.expires = expires
        self.maxNumber = maxNumber
        self.salt = salt
        self.target = target
        self.signature = signature
    }

    /// The same challenge under `signature`.
    package func signed(by signature: [UInt8]) -> Challenge {
        Challenge(
            version: claimedVersion, algorithm: claimedAlgorithm, purpose: purpose, expires: expires,
            maxNumber: maxNumber, salt: salt, target: target, signature: signature)
    }

    /// The challenge as sent: its eight fields joined by ".".
    public var text: String {
        (fields + [Hex.encode(signature)]).joined(separator: ".")
    }

    /// What the signature signs: each field but the signature as its 4-byte big-endian length
    /// in bytes, then its bytes, so no field can be spliced into its neighbour.
    package var signedBytes: [UInt8] {
        fields.flatMap { field -> [UInt8] in
            let count = UInt32(field.utf8.count)
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) } + Array(field.utf8)
        }
    }

    /// Whether `solution` solves it: at most `maxNumber`, and SHA-256 of the salt and the
    /// solution's decimal digits is the target.
    public func isSolved(by solution: Int) -> Bool {
        guard (0...maxNumber).contains(solution) else { return false }
        let hasher = SHA256()
        return Array(salt.utf8).withUnsafeBufferPointer { salt in
            Array(String(solution).utf8).withUnsafeBufferPointer { hasher.digest(of: salt, $0, equals: target) }
        }
    }

    private var fields: [String] {
        [claimedVersion, claimedAlgorithm, purpose, String(expires), String(maxNumber), salt, Hex.encode(target)]
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static func isLowerHex(_ field: String, count: Int) -> Bool {
        field.utf8.count == count && field.utf8.allSatisfy { Hex.digits.contains($0) }
    }

    /// `field` as a number of `digits` decimal digits, no leading zero but in "0".
    private static func decimal(_ field: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(field.utf8.count), field.utf8.allSatisfy({ (48...57).contains($0) }),
            field == "0" || field.utf8.first != UInt8(ascii: "0")
        else { return nil }
        return Int(field)
    }
}

/// What a challenge may be spent on.
public enum ChallengePurpose {
    /// Sending a code (`POST /v1/codes`): the one purpose there is.
    public static let sendCode = "send_code"
}

/// A challenge and its solution, as a request for a code carries them.
public struct ChallengeProof: Equatable, Sendable {
    /// The challenge, as its server issued it.
    public let challenge: Challenge
    /// Its solution.
    public let solution: Int

    /// `challenge` solved by `solution`.
    public init(challenge: Challenge, solution: Int) {
        self.challenge = challenge
        self.solution = solution
    }
}

/// A challenge as its server handed it out, and how long it is good for by the server's word,
/// so a client need not trust its own clock.
public struct IssuedChallenge: Equatable, Sendable {
    /// The challenge.
    public let challenge: Challenge
    /// How long it is good for from when it was issued.
    public let validFor: Duration

    /// `challenge`, good for `validFor`.
    public init(challenge: Challenge, validFor: Duration) {
        self.challenge = challenge
        self.validFor = validFor
    }
}
