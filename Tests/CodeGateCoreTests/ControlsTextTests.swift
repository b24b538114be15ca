import CodeGateBase
@testable import CodeGateCore
import Testing

/// Which of the controls' embedded catalogs a locale picks, and that they are there.
@Suite struct ControlsTextTests {
    @Test func theCLocaleTranslatesNothingWhateverLanguageSays() {
        #expect(ControlsText.languages(locale: "C", languageList: "en") == [])
        #expect(ControlsText.languages(locale: "C.UTF-8", languageList: "zh_TW") == [])
        #expect(ControlsText.languages(locale: "POSIX", languageList: "") == [])
    }

    @Test func languageListComesFirstThenTheLocaleEachWithItsBareLanguage() {
        #expect(ControlsText.languages(locale: "en_US.UTF-8", languageList: "") == ["en_US", "en"])
        #expect(
            ControlsText.languages(locale: "zh_CN.UTF-8", languageList: "zh_TW:en") == [
                "zh_TW", "zh", "en", "zh_CN", "zh",
            ])
        #expect(ControlsText.languages(locale: "sr_RS@latin", languageList: "") == ["sr_RS", "sr"])
    }

    @Test func everyLinguasLanguageIsEmbeddedAndReadable() throws {
        for language in ["en", "zh_TW"] {
            let encoded = try #require(compiledCatalogs[language])
            let catalog = try #require(Base64.decode(encoded).flatMap(MessageCatalog.init(bytes:)))
            #expect(catalog.translation(of: "滑动解锁/获取验证码") != nil, "\(language) has the slider's hint")
        }
        let english = try #require(compiledCatalogs["en"].flatMap(Base64.decode).flatMap(MessageCatalog.init(bytes:)))
        #expect(english.translation(of: "获取验证码") == "Get Code")
    }
}
