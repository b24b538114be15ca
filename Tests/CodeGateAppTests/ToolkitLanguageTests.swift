@testable import CodeGateApp
import Testing

/// When the toolkit is asked for CodeGate's language, and under which messages locale.
struct ToolkitLanguageTests {
    @Test func aCatalogForTheUserLeavesTheToolkitAlone() {
        #expect(ToolkitLanguage.messagesLocales(hasCatalog: true, current: "en_US.UTF-8").isEmpty)
        #expect(ToolkitLanguage.messagesLocales(hasCatalog: true, current: "zh_TW.UTF-8").isEmpty)
    }

    /// Under C, and under C.UTF-8 from glibc 2.41 on, gettext ignores LANGUAGE: the source
    /// language's own locale first, C.UTF-8 where it is missing.
    @Test func theCLocalesBecomeTheSourceLanguages() {
        for current in ["C", "POSIX", "C.UTF-8", "C.utf8"] {
            #expect(ToolkitLanguage.messagesLocales(hasCatalog: false, current: current) == ["zh_CN.UTF-8", "C.UTF-8"])
        }
    }

    @Test func anotherLocaleIsKept() {
        #expect(ToolkitLanguage.messagesLocales(hasCatalog: false, current: "de_DE.UTF-8") == ["de_DE.UTF-8"])
    }
}
