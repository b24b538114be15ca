import CGLib

/// HMAC-SHA256 (RFC 2104) by GLib's GHmac, which every CodeGate process links already: the
/// gateway's code digests, its key's fingerprint and the webhooks' signatures.
package enum HMAC {
    /// How many bytes a digest has.
    package static let sha256Length = 32

    /// The HMAC-SHA256 of `message` under `key`: a digest only the key's holder can make, so a
    /// code's digest cannot be checked against guesses without the key.
    package static func sha256(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        // GLib copies the key; an empty one still needs a valid address.
        let keyBytes = key.isEmpty ? [0] : key
        let made = keyBytes.withUnsafeBufferPointer { g_hmac_new(G_CHECKSUM_SHA256, $0.baseAddress, gsize(key.count)) }
        // Only an unknown checksum type gives none, and SHA-256 is one of GLib's own.
        guard let hmac = made else { preconditionFailure("GLib has no HMAC-SHA256") }
        defer { g_hmac_unref(hmac) }
        message.withUnsafeBufferPointer { g_hmac_update(hmac, $0.baseAddress, gssize($0.count)) }
        var digest = [UInt8](repeating: 0, count: sha256Length)
        var length = gsize(sha256Length)
        digest.withUnsafeMutableBufferPointer { g_hmac_get_digest(hmac, $0.baseAddress, &length) }
        return digest
    }
}
