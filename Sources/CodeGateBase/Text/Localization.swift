import CLibintl

/// A gettext domain: a set of catalogs, `<folder>/<language>/LC_MESSAGES/<name>.mo`.
/// Simplified Chinese is the source language of CodeGate's domains: every message is written in
/// it, so under the C locale, or any locale without a catalog, gettext hands the source back.
package struct TextDomain: Sendable {
    /// CodeGate's own messages, the app's and the gateway's: `codegate.mo`.
    package static let codegate = TextDomain(name: "codegate")

    /// The domain, and so the catalogs' file name.
    package let name: String

    /// The domain called `name`.
    package init(name: String) {
        self.name = name
    }

    /// Makes gettext read the domain from `directory`, or from the system's locale folder when
    /// nil, and hand out UTF-8 whatever the locale's charset, since Swift strings and GTK both
    /// want UTF-8.
    package func bind(to directory: String?) {
        if let directory {
            bindtextdomain(name, directory)
        }
        bind_textdomain_codeset(name, "UTF-8")
    }

    /// `text`, a message in the source language, in the language of the current locale's
    /// messages, or `text` itself when the domain has no translation.
    package func translation(of text: String) -> String {
        // gettext returns its argument when it has no translation: read it before the
        // temporary C string it points into goes away.
        text.withCString { String(cString: dgettext(name, $0)) }
    }

    /// The form of a message that fits `count`, translated like `translation(of:)`: the
    /// language's plural rules pick the form (Chinese has one, English two).
    package func translation(of singular: String, _ plural: String, count: Int) -> String {
        singular.withCString { singular in
            plural.withCString { plural in
                String(cString: dngettext(name, singular, plural, UInt(max(0, count))))
            }
        }
    }
}

/// `text`, one of CodeGate's own messages, translated by `TextDomain.codegate`.
package func localized(_ text: String) -> String {
    TextDomain.codegate.translation(of: text)
}

/// The form of one of CodeGate's own messages that fits `count`, translated by
/// `TextDomain.codegate`.
package func localized(_ singular: String, _ plural: String, count: Int) -> String {
    TextDomain.codegate.translation(of: singular, plural, count: count)
}
