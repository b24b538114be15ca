import CodeGateBase
@testable import CodeGateCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Where the controls' catalogs are found, and that gettext picks the locale's words from them.
@Suite struct ControlsTextTests {
    @Test func theCatalogsAreTheBundleSwiftPMPutBesideTheTestBinary() throws {
        let folder = try #require(ControlsText.catalogFolder)
        #expect(folder.hasSuffix("/CodeGate_CControlsCatalogs.resources/locale"))
        for language in ["en", "zh_TW"] {
            #expect(access("\(folder)/\(language)/LC_MESSAGES/codegate-controls.mo", R_OK) == 0, "\(language)")
        }
    }

    @Test(arguments: [
        ("en_US.UTF-8", "Get Code"), ("en_GB.UTF-8", "Get Code"), ("zh_TW.UTF-8", "取得驗證碼"),
        ("zh_CN.UTF-8", "获取验证码"), ("fr_FR.UTF-8", "获取验证码"), ("C.UTF-8", "获取验证码"),
    ])
    func eachLocaleGetsItsWords(locale: String, words: String) throws {
        // `make test` runs with LANGUAGE empty; a list in it would come before the locale.
        try #require((getenv("LANGUAGE").map { String(cString: $0) } ?? "").isEmpty)
        #expect(try inThreadLocale(locale) { ControlsText.localized("获取验证码") } == words)
    }

    @Test func aMessageWithoutATranslationIsItsSource() throws {
        #expect(try inThreadLocale("en_US.UTF-8") { ControlsText.localized("没有这句") } == "没有这句")
    }

    /// `body` run with `locale` as the messages locale of this thread's locale only: the other tests, on other threads,
    /// keep the process's.
    private func inThreadLocale<T>(_ locale: String, _ body: () -> T) throws -> T {
        let chosen = try #require(newlocale(LC_MESSAGES_MASK, locale, nil), "\(locale) is installed (locales-all)")
        defer { freelocale(chosen) }
        let previous = uselocale(chosen)
        defer { uselocale(previous) }
        return body()
    }
}
