import CodeGateBase
import Testing

/// Base64 as the build embeds catalogs and resource bundles: canonical padded text only.
@Suite struct Base64Tests {
    @Test func decodesPaddedTextAndRefusesTheRest() {
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("TWFu") == Array("Man".utf8))
        #expect(Base64.decode("TWE=") == Array("Ma".utf8))
        #expect(Base64.decode("TQ==") == Array("M".utf8))
        #expect(Base64.decode("TQ=") == nil, "not a multiple of four")
        #expect(Base64.decode("T===") == nil, "three pads")
        #expect(Base64.decode("T=Qa") == nil, "a pad inside")
        #expect(Base64.decode("TW-u") == nil, "not the standard alphabet")
        #expect(Base64.decode("6aqM6K+B56CB") == Array("验证码".utf8))
    }
}
