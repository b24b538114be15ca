@testable import CodeGateHTTP
import Testing

/// The reader of server answers: valid JSON in, the values out; anything else, or anything
/// built to exhaust it, refused.
@Suite struct JSONValueTests {
    private func parse(_ text: String) -> JSONValue? {
        JSONValue(parsing: Array(text.utf8))
    }

    @Test func readsTheProtocolsShapes() {
        #expect(parse(#" {"cooldown_seconds": 60, "ok": true, "n": null, "list": [1, -2], "s": "a\"\\\/\n\u00e9\ud83d\ude00"} "#) == .object([
            "cooldown_seconds": .integer(60), "ok": .bool(true), "n": .null, "list": .array([.integer(1), .integer(-2)]),
            "s": .string("a\"\\/\né😀"),
        ]))
        #expect(parse("1.5") == .otherNumber)
        #expect(parse("1e3") == .otherNumber)
        #expect(parse("99999999999999999999") == .otherNumber)
    }

    @Test(arguments: [
        "", "{", "{\"a\":1,}", "[1,]", "01", "-", "1.", "\"\u{1}\"", "\"\\x\"", "\"\\ud83d\"", "tru", "{\"a\":1}x",
        "{\"a\":1,\"a\":2}", "{1:2}", "'a'", "NaN",
        String(repeating: "[", count: 17) + String(repeating: "]", count: 17),
        String(repeating: "[", count: 60_000),
    ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func refusesBytesThatAreNotUTF8() {
        #expect(JSONValue(parsing: [0x22, 0xFF, 0x22]) == nil)
        #expect(JSONValue(parsing: [0x22, 0xC3, 0xA9, 0x22]) == .string("é"))
    }

    @Test func nestsToTheLimit() {
        let depth = JSONValue.maximumDepth
        #expect(parse(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)) != nil)
        #expect(parse(String(repeating: "[", count: depth + 1) + "1" + String(repeating: "]", count: depth + 1)) == nil)
    }
}
