import CodeGateService
import Testing

/// `--service` and the `service-url` key: https anywhere, http to this machine only, and
/// nothing that could make another host look local.
@Suite struct ServiceURLTests {
    @Test(arguments: [
        ("https://codes.example.com", "https://codes.example.com/"),
        ("HTTPS://Codes.Example.COM:8443/api", "https://codes.example.com:8443/api/"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/"),
        ("http://127.1.2.3/", "http://127.1.2.3/"),
        ("http://localhost:1", "http://localhost:1/"),
        ("http://[::1]:9000/x/", "http://[::1]:9000/x/"),
        ("https://[2001:db8::1]/", "https://[2001:db8::1]/"),
    ])
    func takes(text: String, normalized: String) throws {
        #expect(try ServiceURL(parsing: text).description == normalized)
    }

    @Test(arguments: [
        ("http://example.com/", ServiceURLError.cleartext("example.com")),
        ("http://10.0.0.1/", .cleartext("10.0.0.1")),
        ("http://[::2]/", .cleartext("::2")),
        ("http://127.0.0.1@example.com/", .userInfo),
        ("http://127.1/", .badHost),
        ("http://0x7f.0.0.1/", .cleartext("0x7f.0.0.1")),
        ("http://127.000.0.1/", .badHost),
        ("http://256.0.0.1/", .badHost),
        ("ftp://example.com/", .unsupportedScheme("ftp")),
        ("example.com", .notAURL),
        ("https://example.com/?a=1", .queryOrFragment),
        ("https://example.com#x", .queryOrFragment),
        ("https://exa mple.com/", .badCharacter),
        ("https://例子.com/", .badCharacter),
        ("https://example.com:0/", .badPort("0")),
        ("https://example.com:65536/", .badPort("65536")),
        ("https://:80/", .badHost),
        ("https://[::1/", .badHost),
    ])
    func refuses(text: String, error: ServiceURLError) {
        #expect(throws: error) { try ServiceURL(parsing: text) }
    }

    @Test func refusesAnOverlongURL() {
        #expect(throws: ServiceURLError.tooLong) {
            try ServiceURL(parsing: "https://a.example/" + String(repeating: "a", count: 2048))
        }
    }
}
