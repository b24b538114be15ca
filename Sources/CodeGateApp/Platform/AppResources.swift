import CodeGateCore
import CodeGateFlow
import CodeGateGtk

extension ResourceBundle {
    /// The app's bundle (`Resources/CodeGateApp.gresource.xml`): its stylesheet, the shortcuts
    /// window and the icon, under GtkApplication's resource base path for the app id, where
    /// AdwApplication loads `style.css` and GTK looks for the icons by itself.
    static let app = ResourceBundle(basePath: "/io/github/codegate/CodeGate", encoded: compiledResourceBundle)
}
