import CodeGateBase
import Testing

/// HMAC-SHA256, as GLib makes it for us, against RFC 4231's test cases, and with an empty key
/// (the digest Python's `hmac.new(b"", b"", "sha256")` gives).
@Suite struct HMACTests {
    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// RFC 4231's test cases 1, 2 and 6 (a key longer than a block), and the empty key.
    @Test(arguments: [
        ([UInt8](), "", "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"),
        (
            [UInt8](repeating: 0x0B, count: 20), "Hi There",
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Array("Jefe".utf8), "what do ya want for nothing?",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xAA, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func knownDigests(key: [UInt8], message: String, digest: String) {
        #expect(Self.hex(HMAC.sha256(key: key, Array(message.utf8))) == digest)
    }
}
