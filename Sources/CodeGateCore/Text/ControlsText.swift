import CControlsCatalogs
import CodeGateBase
#if canImport(Glibc)
import Glibc
#endif

/// The controls' own words in the user's language, from their gettext domain,
/// `codegate-controls`. gettext chooses the language: none under the C locale, else
/// `LANGUAGE`'s list, then the locale of messages, read again at each lookup, so an app may call
/// `setlocale` after the first control exists. Without a catalog for it, the words are the
/// source language's, Simplified Chinese. Every text is also a property an app may set.
package enum ControlsText {
    /// Where the catalogs are looked for, relative to the folder of the binary that carries the
    /// controls: the resource bundle SwiftPM copies beside it (`swift build`, the package's own or
    /// an app's that depends on it; the name is the package's and the target's), then the
    /// `share/locale` of the prefix it is installed in, as `PREFIX/bin`, `PREFIX/lib` or
    /// `PREFIX/lib/<multiarch>`.
    static let candidates = ["CodeGate_CControlsCatalogs.resources/locale", "../share/locale", "../../share/locale"]

    /// The folder the domain is bound to; nil leaves gettext its system folder.
    package static let catalogFolder: String? = {
        guard let folder = controls_catalogs_binary_folder() else { return nil }
        defer { free(folder) }
        return LocaleDirectory.first(of: candidates, in: String(cString: folder))
    }()

    /// The domain, bound on first use.
    private static let domain: TextDomain = {
        let domain = TextDomain(name: "codegate-controls")
        domain.bind(to: catalogFolder)
        return domain
    }()

    /// `message`, a text in the source language, in the user's language when the controls
    /// have a catalog for it.
    package static func localized(_ message: String) -> String {
        domain.translation(of: message)
    }
}
