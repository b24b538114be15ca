import CGLib

/// SHA-256 by GLib's GChecksum, which every CodeGate process links already: the work of a
/// challenge (`Challenge`), which a client repeats up to its bound and the server does once.
///
/// One hasher is reused across digests, so a loop of them allocates nothing; it belongs to the
/// thread that made it.
package final class SHA256 {
    /// How many bytes a digest has.
    package static let length = 32

    private let checksum: OpaquePointer

    /// A hasher with nothing hashed yet.
    package init() {
        // Only an unknown checksum type gives none, and SHA-256 is one of GLib's own.
        guard let made = g_checksum_new(G_CHECKSUM_SHA256) else { preconditionFailure("GLib has no SHA-256") }
        checksum = made
    }

    deinit {
        g_checksum_free(checksum)
    }

    /// Whether the digest of `first` followed by `second` is `digest`.
    package func digest(
        of first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, equals digest: [UInt8]
    ) -> Bool {
        g_checksum_reset(checksum)
        g_checksum_update(checksum, first.baseAddress, gssize(first.count))
        g_checksum_update(checksum, second.baseAddress, gssize(second.count))
        var made: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var length = gsize(Self.length)
        return withUnsafeMutableBytes(of: &made) { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            g_checksum_get_digest(checksum, bytes.baseAddress, &length)
            return digest.count == Self.length && zip(bytes, digest).allSatisfy { $0 == $1 }
        }
    }

    /// The digest of `bytes`.
    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        let hasher = SHA256()
        g_checksum_update(hasher.checksum, bytes, gssize(bytes.count))
        var digest = [UInt8](repeating: 0, count: length)
        var size = gsize(length)
        digest.withUnsafeMutableBufferPointer { g_checksum_get_digest(hasher.checksum, $0.baseAddress, &size) }
        return digest
    }
}
