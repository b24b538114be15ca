import CodeGateBase
import CodeGateService
import Testing

/// SHA-256, as Nettle makes it for us, against FIPS 180-2's examples, and the two-part digest the
/// challenges' solver compares, on one hasher reused as the solver reuses it.
@Suite struct SHA256Tests {
    /// "abc", the empty message and a message of two blocks once padded.
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(Hex.encode(SHA256.digest(Array(message.utf8))) == digest)
    }

    /// A challenge's salt and number in two parts, as the solver hashes them: the digest of the
    /// whole, again and again on one hasher, and only that digest, of the full length.
    @Test func comparesTheDigestOfTwoParts() {
        let hasher = SHA256()
        let abc = SHA256.digest(Array("abc".utf8))
        let first = Array("ab".utf8), second = Array("c".utf8)
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                for _ in 0..<3 { #expect(hasher.digest(of: first, second, equals: abc)) }
                var wrong = abc
                wrong[31] ^= 1
                #expect(!hasher.digest(of: first, second, equals: wrong))
                #expect(!hasher.digest(of: first, second, equals: Array(abc.prefix(16))))
                #expect(!hasher.digest(of: second, first, equals: abc))
                #expect(hasher.digest(of: first, second, equals: abc))
            }
        }
        let empty: [UInt8] = []
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        empty.withUnsafeBufferPointer { empty in
            message.withUnsafeBufferPointer { message in
                #expect(hasher.digest(of: message, empty, equals: SHA256.digest(Array(message))))
                #expect(hasher.digest(of: empty, message, equals: SHA256.digest(Array(message))))
            }
        }
    }
}
