import CodeGateBase
import Glibc

/// The language an answer's message is written in: the first of the request's
/// `Accept-Language` preferences (by `q`) that CodeGate has words for, Simplified Chinese when
/// none matches or nothing is asked.
///
/// Messages come from the app's own gettext catalogs. gettext follows the calling thread's
/// locale (`uselocale`), so each answer is worded in its own language without touching the
/// process's locale; a language whose locale the machine lacks is answered in the source
/// language, and `Content-Language` says so.
enum AnswerLanguage: Hashable, Sendable {
    case simplifiedChinese
    case traditionalChinese
    case english

    /// The most preferences read from one header; the rest are ignored.
    static let maxPreferences = 32

    /// The language `header` (an `Accept-Language` value) asks for.
    static func preferred(by header: String?) -> AnswerLanguage {
        guard let header else { return .simplifiedChinese }
        var choices: [(q: Int, language: AnswerLanguage)] = []
        for item in header.split(separator: ",", omittingEmptySubsequences: true).prefix(maxPreferences) {
            let parts = item.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard let tag = parts.first, let language = language(of: tag) else { continue }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.map { quality(String($0.dropFirst(2))) } ?? 1000
            if q > 0 { choices.append((q, language)) }
        }
        // A stable choice: among equal weights, the first named wins.
        return choices.enumerated().max { ($0.element.q, -$0.offset) < ($1.element.q, -$1.offset) }?.element.language
            ?? .simplifiedChinese
    }

    /// The tag `Content-Language` names: the language's own when its words can be had, else
    /// the source language's, which the message then falls back to.
    @MainActor var tag: String {
        guard isSpoken else { return "zh-CN" }
        switch self {
        case .simplifiedChinese: return "zh-CN"
        case .traditionalChinese: return "zh-TW"
        case .english: return "en"
        }
    }

    /// `body`'s result, with gettext speaking this language on the main thread meanwhile.
    @MainActor func speaking<T>(_ body: () -> T) -> T {
        guard let locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }

    // MARK: - Parts

    /// Whether messages come out in this language: its locale exists, and its catalog
    /// translates (a message every catalog has). Kept once known for good: a yes, or a
    /// machine without the locale; a catalog that does not translate yet may be bound later.
    @MainActor private var isSpoken: Bool {
        if let known = Self.spoken[self] { return known }
        let probe = "服务器内部错误，请稍后再试"
        let spoken = self == .simplifiedChinese || (locale != nil && speaking { localized(probe) } != probe)
        if spoken || locale == nil {
            Self.spoken[self] = spoken
        }
        return spoken
    }

    @MainActor private static var spoken: [AnswerLanguage: Bool] = [:]

    /// The locale each language is read in, opened at first use; nil when the machine has none.
    @MainActor private static var locales: [AnswerLanguage: locale_t?] = [:]

    @MainActor private var locale: locale_t? {
        if let opened = Self.locales[self] { return opened }
        // The source language is what gettext gives back under the C locale.
        let names: [String] =
            switch self {
            case .simplifiedChinese: ["C"]
            case .traditionalChinese: ["zh_TW.UTF-8"]
            case .english: ["en_US.UTF-8", "en_GB.UTF-8"]
            }
        let mask = Int32(1 << LC_MESSAGES) | Int32(1 << LC_CTYPE)
        let opened = names.lazy.compactMap { newlocale(mask, $0, nil) }.first
        Self.locales[self] = opened
        return opened
    }

    private static func language(of tag: String) -> AnswerLanguage? {
        let parts = tag.split(separator: "-").map(String.init)
        switch parts.first {
        case "en": return .english
        case "zh":
            let rest = Set(parts.dropFirst())
            return rest.isDisjoint(with: ["tw", "hk", "mo", "hant"]) ? .simplifiedChinese : .traditionalChinese
        case "*": return .simplifiedChinese
        default: return nil
        }
    }

    /// A `q` value in thousandths: "0.8" is 800; anything malformed counts as 0 (not wanted).
    private static func quality(_ text: String) -> Int {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1", parts.count <= 2 else { return 0 }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy(\.isASCIIDigit),
            whole == "0" || fraction.allSatisfy({ $0 == "0" })
        else { return 0 }
        return Int(whole)! * 1000 + (Int(fraction.padding(to: 3)) ?? 0)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }

    fileprivate func padding(to length: Int) -> String {
        String(self) + String(repeating: "0", count: Swift.max(0, length - count))
    }
}
