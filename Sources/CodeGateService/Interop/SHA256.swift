import CNettle

/// SHA-256 by Nettle, which uses the CPU's SHA instructions where it has them: the work of a
/// challenge (`Challenge`), which a client repeats up to its bound and the server does once.
/// GLib's GChecksum, before it, hashed a third as fast (docs/performance.md).
///
/// One hasher is reused across digests, so a loop of them allocates nothing; it belongs to the
/// thread that made it.
package final class SHA256 {
    /// How many bytes a digest has.
    package static let length = 32

    /// Nettle's state, allocated once: a stored struct would be checked for exclusive access at
    /// every call, in the solve's inner loop.
    private let context = UnsafeMutablePointer<sha256_ctx>.allocate(capacity: 1)
    /// Where each digest is written before it is compared.
    private let made = UnsafeMutablePointer<UInt8>.allocate(capacity: SHA256.length)

    /// A hasher with nothing hashed yet.
    package init() {
        nettle_sha256_init(context)
    }

    deinit {
        context.deallocate()
        made.deallocate()
    }

    /// Whether the digest of `first` followed by `second` is `digest`.
    package func digest(
        of first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, equals digest: [UInt8]
    ) -> Bool {
        // nettle_sha256_digest starts the context afresh, ready for the next digest.
        nettle_sha256_update(context, first.count, first.baseAddress)
        nettle_sha256_update(context, second.count, second.baseAddress)
        nettle_sha256_digest(context, Self.length, made)
        guard digest.count == Self.length else { return false }
        return digest.withUnsafeBufferPointer { expected in
            var differences: UInt8 = 0
            for index in 0..<Self.length { differences |= made[index] ^ expected[index] }
            return differences == 0
        }
    }

    /// The digest of `bytes`.
    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        let hasher = SHA256()
        nettle_sha256_update(hasher.context, bytes.count, bytes)
        return [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            nettle_sha256_digest(hasher.context, length, buffer.baseAddress)
            count = length
        }
    }
}
