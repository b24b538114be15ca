#if canImport(Glibc)
import CodeGateBase
import Glibc
#endif
import Synchronization

/// The controls' own words in the user's language. Their catalogs are compiled into this
/// library (`po/controls`, embedded by EmbedPlugin), so an app that takes the controls finds
/// them with no install step and no `bindtextdomain`, wherever its binary lives. The language
/// is chosen as gettext chooses it: none under the C locale, else `LANGUAGE`'s list, then the
/// locale of messages. Without a catalog for it, the words are the source language's,
/// Simplified Chinese. Every text is also a property an app may set.
package enum ControlsText {
    /// The catalog for the language last asked for, with what it was chosen from.
    private static let chosen = Mutex<(key: String, catalog: MessageCatalog?)?>(nil)

    /// `message`, a text in the source language, in the user's language when the controls
    /// have a catalog for it.
    package static func localized(_ message: String) -> String {
        catalog()?.translation(of: message) ?? message
    }

    /// The catalog for the current locale, read again only when the locale or `LANGUAGE`
    /// changes (an app may call `setlocale` after the first control exists).
    private static func catalog() -> MessageCatalog? {
        let locale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        let languageList = getenv("LANGUAGE").map { String(cString: $0) } ?? ""
        let key = locale + "\u{0}" + languageList
        return chosen.withLock { chosen in
            if let chosen, chosen.key == key { return chosen.catalog }
            let catalog = languages(locale: locale, languageList: languageList).lazy.compactMap(load).first
            chosen = (key, catalog)
            return catalog
        }
    }

    /// The catalog names to try, best first: "en_US.UTF-8" gives "en_US", then "en".
    static func languages(locale: String, languageList: String) -> [String] {
        // gettext ignores LANGUAGE, and translates nothing, under the C locale.
        guard !["C", "POSIX"].contains(locale), !locale.hasPrefix("C.") else { return [] }
        let wanted = languageList.split(separator: ":").map(String.init) + [locale]
        return wanted.flatMap { name -> [String] in
            let bare = String(name.prefix { $0 != "." && $0 != "@" })
            let language = String(bare.prefix { $0 != "_" })
            return bare == language ? [bare] : [bare, language]
        }
    }

    private static func load(_ language: String) -> MessageCatalog? {
        guard let encoded = compiledCatalogs[language], let bytes = Base64.decode(encoded) else { return nil }
        return MessageCatalog(bytes: bytes)
    }
}
