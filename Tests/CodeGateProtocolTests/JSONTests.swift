import CodeGateProtocol
import Testing

@Suite struct JSONReaderTests {
    private func read(_ text: String) throws(JSONError) -> [String: JSONScalar] {
        try JSONReader.object(Array(text.utf8))
    }

    private func refuses(_ text: String) -> Bool {
        (try? read(text)) == nil
    }

    @Test func readsTheProtocolsFlatObjects() throws {
        #expect(try read(#"{"phone": "+8613800138000"}"#) == ["phone": .string("+8613800138000")])
        #expect(try read(" {\n\t\"a\" : 1 , \"b\":-0.5e+3,\"c\":true,\"d\":false,\"e\":null}\r\n")
            == ["a": .number("1"), "b": .number("-0.5e+3"), "c": .bool(true), "d": .bool(false), "e": .null])
        #expect(try read("{}") == [:])
    }

    @Test func decodesEveryEscape() throws {
        #expect(
            try read(#"{"s": "\"\\\/\b\f\n\r\t\u0041\u4e2d\ud83d\ude00"}"#) == [
                "s": .string("\"\\/\u{08}\u{0C}\n\r\tA中😀")
            ])
        #expect(try read(#"{"s": "验证码"}"#) == ["s": .string("验证码")])
    }

    @Test func refusesWhatIsNotStrictJSON() {
        for text in [
            "", "[]", "\"x\"", "{", "{\"a\": 1", "{\"a\": 1,}", "{\"a\" 1}", "{a: 1}", "{'a': 1}",
            "{\"a\": 1} x", "{\"a\": 1}{}", "{\"a\": 01}", "{\"a\": 1.}", "{\"a\": .5}", "{\"a\": -}", "{\"a\": +1}",
            "{\"a\": 1e}", "{\"a\": tru}", "{\"a\": nul}", "{\"a\": NaN}", "{\"a\": \"\u{01}\"}", "{\"a\": \"\\x\"}",
            "{\"a\": \"\\u12\"}", "{\"a\": \"\\u+123\"}", "{\"a\": \"\\ud83d\"}", "{\"a\": \"\\ude00\"}",
            "{\"a\": \"open}", "{\"a\": 1, \"a\": 2}", "{\"a\": [1,]}", "{\"a\": [1 2]}", "{\"a\": {\"b\" 1}}",
            "{\"a\": {\"b\": 1,}}", "{\"a\": {1: 2}}", "{\"a\": [}", "{\"a\": [1}", "{\"a\": {\"b\": 1]}",
            "{\"a\": [01]}", "{\"a\": [\"\\x\"]}", "{\"a\": []", "{\"a\": [tru]}",
        ] {
            #expect(refuses(text), "accepted \(text.debugDescription)")
        }
        #expect((try? JSONReader.object([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])) == nil, "invalid UTF-8")
    }
}

/// What the client reads: answers with one object inside, integers told from other numbers.
@Suite struct JSONNestingTests {
    @Test func readsOneObjectInsideWhenAllowed() throws {
        let body = Array(#"{"error": {"kind": "cooldown", "message": "稍候", "retry_after_seconds": 42}}"#.utf8)
        let members = try JSONReader.object(body, nesting: 1)
        #expect(
            members == [
                "error": .object([
                    "kind": .string("cooldown"), "message": .string("稍候"), "retry_after_seconds": .number("42"),
                ])
            ])
        #expect(members["error"]?.members?["retry_after_seconds"]?.integer == 42)
        #expect(try JSONReader.object(body) == ["error": .nested], "requests are flat: an object in one is not read")
    }

    @Test func passesOverArraysAndDeeperObjects() throws {
        // Unknown members are ignored whatever their value (docs/protocol.md), so that a later
        // version may add one that holds an array or an object.
        let body = #"{"a": [], "b": {}, "c": [1, "x", [true, null], {"d": -0.5e3}], "e": {"f": {"g": []}}, "h": 1}"#
        let members = try JSONReader.object(Array(body.utf8))
        #expect(members == ["a": .nested, "b": .nested, "c": .nested, "e": .nested, "h": .number("1")])
        #expect(try JSONReader.object(Array(#"{"a": {"b": {}}}"#.utf8), nesting: 1) == ["a": .object(["b": .nested])])
        for text in [#"{"a": {"b": 1, "b": 2}}"#, #"{"a": {"b": 1}"#] {
            #expect((try? JSONReader.object(Array(text.utf8), nesting: 1)) == nil, "accepted \(text)")
        }
    }

    @Test func refusesValuesNestedPastTheBound() throws {
        func nested(_ depth: Int) -> [UInt8] {
            Array((#"{"a": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
        }
        #expect(try JSONReader.object(nested(JSONReader.deepest)) == ["a": .nested])
        #expect((try? JSONReader.object(nested(JSONReader.deepest + 1))) == nil)
        // 64 KiB of braces ends at the bound, not at the end of the stack.
        #expect((try? JSONReader.object(Array(String(repeating: #"{"a":"#, count: 13_000).utf8), nesting: 1)) == nil)
    }

    @Test func integersAreToldFromOtherNumbers() throws {
        let members = try JSONReader.object(
            Array(#"{"a": 60, "b": -1, "c": 60.0, "d": 6e1, "e": 99999999999999999999, "f": "60"}"#.utf8))
        #expect(members["a"]?.integer == 60)
        #expect(members["b"]?.integer == -1)
        for name in ["c", "d", "e", "f"] {
            #expect(members[name]?.integer == nil, "\(name)")
        }
        #expect(members["c"]?.isNumber == true)
        #expect(members["f"]?.isNumber == false)
        #expect(members["g"] == nil, "a missing member is no member at all")
    }
}

@Suite struct JSONValueTests {
    private func text(_ value: JSONValue) -> String {
        String(decoding: value.encoded, as: UTF8.self)
    }

    @Test func writesObjectsInOrder() {
        #expect(text(.object([("b", .integer(60)), ("a", .object([("kind", .string("cooldown"))]))]))
            == #"{"b": 60, "a": {"kind": "cooldown"}}"#)
        #expect(text(.integer(-1)) == "-1")
    }

    @Test func escapesWhatJSONAndJavaScriptNeedEscaped() {
        #expect(
            text(.string("\"\\\n\r\t\u{01}\u{1F}\u{7F}\u{2028}\u{2029}"))
                == #""\"\\\n\r\t\u0001\u001f\u007f\u2028\u2029""#)
        #expect(text(.string("验证码 /")) == "\"验证码 /\"")
    }

    @Test func whatItWritesReadsBack() throws {
        let hostile = "a\"b\\c\u{0}\u{1B}[31m\n😀"
        let written = JSONValue.object([("s", .string(hostile))]).encoded
        #expect(try JSONReader.object(written) == ["s": .string(hostile)])
    }
}
