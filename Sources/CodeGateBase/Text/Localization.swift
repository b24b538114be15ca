import CLibintl

/// The gettext domain of CodeGate's own messages. Simplified Chinese is the source language:
/// every message is written in it, so under the C locale, or any locale without a catalog,
/// gettext hands the source back and the UI is Simplified Chinese.
package enum TextDomain {
    /// The domain, and so the catalogs' file name: `codegate.mo`.
    package static let name = "codegate"

    /// Makes gettext read the domain from `directory` (`<directory>/<language>/LC_MESSAGES/
    /// codegate.mo`), or from the system's locale folder when nil, and hand out UTF-8 whatever
    /// the locale's charset, since Swift strings and GTK both want UTF-8.
    package static func bind(to directory: String?) {
        if let directory {
            bindtextdomain(name, directory)
        }
        bind_textdomain_codeset(name, "UTF-8")
    }
}

/// `text`, a message in the source language, translated into the language of the current
/// locale's messages, or `text` itself when there is no translation.
package func localized(_ text: String) -> String {
    // gettext returns its argument when it has no translation: read it before the temporary
    // C string it points into goes away.
    text.withCString { String(cString: dgettext(TextDomain.name, $0)) }
}

/// The form of a message that fits `count`, translated like `localized(_:)`: the language's
/// plural rules pick the form (Chinese has one, English two).
package func localized(_ singular: String, _ plural: String, count: Int) -> String {
    singular.withCString { singular in
        plural.withCString { plural in
            String(cString: dngettext(TextDomain.name, singular, plural, UInt(max(0, count))))
        }
    }
}
