import CodeGateBase
import CodeGateTestSupport
import Testing

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("60\n", #"60\n"#),  // --duration $'60\n' printed two lines
        ("\u{1B}]0;x\u{07}", #"\u{1B}]0;x\u{7}"#),  // --label-format $'\e]0;x\a' retitled the terminal
        ("a\rb\tc", #"a\rb\tc"#),
        ("\u{1B}[2J\u{1B}[31m", #"\u{1B}[2J\u{1B}[31m"#),
        ("\u{0}\u{7F}", #"\u{0}\u{7F}"#),
        ("\u{85}\u{9B}31m", #"\u{85}\u{9B}31m"#),  // C1: NEL and the one-byte CSI
        ("abc\u{202E}txt.exe", #"abc\u{202E}txt.exe"#),  // right-to-left override
        ("\u{2066}x\u{2069}\u{200F}", #"\u{2066}x\u{2069}\u{200F}"#),  // isolates, RLM
        ("a\u{2028}b\u{2029}c", #"a\u{2028}b\u{2029}c"#),
        ("zero\u{200B}width\u{FEFF}", #"zero\u{200B}width\u{FEFF}"#),
        (#"a\nb"#, #"a\\nb"#),  // a typed backslash cannot pass for an escape
        ("获取验证码({s})", "获取验证码({s})"),
        ("café 🙂", "café 🙂"),
        ("", ""),
    ])
    func escapesWhatCouldBreakOrDisguiseALine(text: String, escaped: String) {
        #expect(text.terminalEscaped == escaped)
    }

    @Test func substringsEscapeToo() {
        let line = "x\ny"
        #expect(line.dropFirst().terminalEscaped == #"\ny"#)
    }

    /// Whatever comes in, what goes out is one line of printable text.
    @Test func randomTextAlwaysEscapesToOnePrintableLine() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<5000 {
            let scalars = (0..<Int.random(in: 0...40, using: &random)).compactMap { _ -> Unicode.Scalar? in
                let value = Bool.random(using: &random) ? UInt32.random(in: 0...0xFF, using: &random)
                    : UInt32.random(in: 0...0x10FFFF, using: &random)
                return Unicode.Scalar(value)
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let escaped = text.terminalEscaped
            #expect(!escaped.unicodeScalars.contains { scalar in
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator: true
                default: false
                }
            })
            #expect(escaped.split(separator: "\n", omittingEmptySubsequences: false).count == 1)
        }
    }
}
