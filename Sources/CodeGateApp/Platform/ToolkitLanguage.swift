import CGtk
import CLibintl
import CodeGateBase
import Glibc

/// Keeps the window in one language. CodeGate is written in Simplified Chinese, so under the C
/// locale, or a language it has no catalog for, its window is Chinese; GTK and libadwaita are
/// written in English and would put "Website", "Report an Issue" and "Legal" among it in About.
/// Then the toolkit is asked for Simplified Chinese too, from its own installed catalogs.
///
/// The command line keeps the user's language: its messages are English in such a locale, as
/// before, in a terminal that may show no Chinese.
struct ToolkitLanguage {
    /// The language the window speaks when CodeGate has no catalog for the user's.
    static let sourceLanguage = "zh_CN"

    /// Whether the toolkit was asked for the source language.
    let followsApp: Bool

    /// Asks GTK and libadwaita for CodeGate's language when CodeGate speaks its source language.
    /// Called once at start-up, after `setlocale` and the binding of CodeGate's catalogs, while
    /// the process has one thread: it sets the environment.
    static func match() -> ToolkitLanguage {
        // gettext's translation of "" is the header of the catalog it chose: empty when it
        // found none for the user's languages, and the window shows the source.
        let hasCatalog = dgettext(TextDomain.codegate.name, "").map { $0.pointee != 0 } ?? false
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        let candidates = messagesLocales(hasCatalog: hasCatalog, current: messages)
        guard let locale = candidates.first(where: { $0 == messages || setlocale(LC_MESSAGES, $0) != nil }) else {
            return ToolkitLanguage(followsApp: false)
        }
        // GTK's start-up would set the user's locale again.
        if locale != messages {
            gtk_disable_setlocale()
        }
        setenv("LANGUAGE", sourceLanguage, 1)
        return ToolkitLanguage(followsApp: true)
    }

    /// The messages locales under which the toolkit can speak the source language, best first,
    /// or none when CodeGate has a catalog (its window then speaks the user's language, and so
    /// does GTK's). gettext ignores LANGUAGE under the C locale, and glibc 2.41 (Debian 13)
    /// under C.UTF-8 as well: the source language's own locale serves on every release where
    /// it is installed; C.UTF-8, where LANGUAGE still counts (glibc 2.36, Debian 12), is the
    /// last resort. Any other locale is kept, with LANGUAGE asking for the source language.
    static func messagesLocales(hasCatalog: Bool, current: String) -> [String] {
        guard !hasCatalog else { return [] }
        guard ["C", "POSIX"].contains(current) || current.hasPrefix("C.") else { return [current] }
        return [sourceLanguage + ".UTF-8", "C.UTF-8"]
    }

    /// Runs `body` with the messages of the user's locale as they were: untranslated, as every
    /// message has no catalog then. For what the command line prints before the window opens.
    func onCommandLine<Result>(_ body: () -> Result) -> Result {
        guard followsApp, let global = duplocale(Self.globalLocale) else { return body() }
        guard let untranslated = newlocale(LC_MESSAGES_MASK, "C", global) else {
            freelocale(global)
            return body()
        }
        let previous = uselocale(untranslated)
        defer {
            uselocale(previous)
            freelocale(untranslated)
        }
        return body()
    }

    /// glibc's LC_GLOBAL_LOCALE, a macro Swift cannot import.
    private static var globalLocale: locale_t? { locale_t(bitPattern: -1) }
}
