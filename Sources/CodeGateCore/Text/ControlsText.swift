import Synchronization

/// The controls' own words in the user's language. Their catalogs travel inside CodeGateGtk
/// (compiled into its resources), so an app that takes the controls finds them with no install
/// step and no `bindtextdomain`; the GTK layer picks the catalog for the user's language and
/// hands it over here, where the models word their states. Without one, the words are the
/// source language's, Simplified Chinese. Every text is also a property an app may set.
public enum ControlsText {
    private static let current = Mutex<MessageCatalog?>(nil)

    /// Makes `catalog` the one the controls' words come from; nil goes back to the source
    /// language.
    public static func use(_ catalog: MessageCatalog?) {
        current.withLock { $0 = catalog }
    }

    /// `message`, a text in the source language, in the language of the catalog in use.
    package static func localized(_ message: String) -> String {
        current.withLock { $0?.translation(of: message) } ?? message
    }
}
