@testable import CodeGateApp
import Testing

/// When the toolkit is asked for CodeGate's language, and under which messages locale.
struct ToolkitLanguageTests {
    @Test func aCatalogForTheUserLeavesTheToolkitAlone() {
        #expect(ToolkitLanguage.messagesLocale(hasCatalog: true, current: "en_US.UTF-8") == nil)
        #expect(ToolkitLanguage.messagesLocale(hasCatalog: true, current: "zh_TW.UTF-8") == nil)
    }

    /// Under C, gettext would ignore LANGUAGE: C.UTF-8 honours it.
    @Test func theCLocaleBecomesCUTF8() {
        #expect(ToolkitLanguage.messagesLocale(hasCatalog: false, current: "C") == "C.UTF-8")
        #expect(ToolkitLanguage.messagesLocale(hasCatalog: false, current: "POSIX") == "C.UTF-8")
    }

    @Test func anotherLocaleIsKept() {
        #expect(ToolkitLanguage.messagesLocale(hasCatalog: false, current: "C.UTF-8") == "C.UTF-8")
        #expect(ToolkitLanguage.messagesLocale(hasCatalog: false, current: "de_DE.UTF-8") == "de_DE.UTF-8")
    }
}
