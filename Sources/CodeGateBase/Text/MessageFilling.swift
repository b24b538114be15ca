extension String {
    /// The message with its placeholders `{0}`, `{1}`… replaced by `arguments`. A translation
    /// can move a placeholder where its language wants the value; xgettext marks such messages
    /// csharp-format, so `msgfmt --check` refuses a translation that drops one. One pass: a
    /// value that itself reads "{1}" is kept as it is, not filled in turn.
    package func filling(_ arguments: any CustomStringConvertible...) -> String {
        var result = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let inside = rest[rest.index(after: open)...]
            if let close = inside.firstIndex(of: "}"), let index = Self.placeholderIndex(inside[..<close]),
               arguments.indices.contains(index) {
                result += arguments[index].description
                rest = inside[inside.index(after: close)...]
            } else {
                result += "{"
                rest = inside
            }
        }
        return result + rest
    }

    /// The number between a placeholder's braces: ASCII digits only, so "{+1}" stays text.
    private static func placeholderIndex(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(digits)
    }
}
