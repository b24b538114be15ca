/// Escaping for text that came from outside (an option's value, a path, a file's contents)
/// before it goes into one line of a terminal or a log.
///
/// Printed raw, such text can end the line early and forge the next one (`--duration $'60\n'`),
/// send escape sequences to the user's terminal (`$'\e]0;x\a'` retitles the window), or
/// reorder what is shown with bidi overrides (U+202E). Escaped, it always stays on its line
/// and reads as what was typed.
extension StringProtocol {
    /// The text with every character that could break or disguise a line written as a Swift
    /// escape: `\n`, `\r`, `\t`, `\\` for a backslash, and `\u{1B}` for any other control
    /// (C0, DEL, C1), format (bidi overrides and isolates, zero-width characters, BOM) or
    /// line or paragraph separator. Everything else is kept, so Chinese or accented text
    /// reads as is. The result never contains a newline.
    package var terminalEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            // Escaped too, so that a backslash typed by the user cannot pass for an escape.
            case "\\": escaped += "\\\\"
            default:
                if scalar.needsTerminalEscape {
                    escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}

extension Unicode.Scalar {
    /// Controls act on the terminal; format characters (Cf: bidi controls, zero-width
    /// characters) change what is shown without showing; separators (Zl, Zp) break lines in
    /// some terminals and log viewers.
    package var needsTerminalEscape: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
