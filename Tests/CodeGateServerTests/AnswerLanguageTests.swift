import CodeGateBase
@testable import CodeGateServer
import CodeGateFlow
import Testing

@MainActor
@Suite struct AnswerLanguageTests {
    @Test func picksThePreferredLanguageItHasWordsFor() {
        let cases: [(String?, AnswerLanguage)] = [
            (nil, .simplifiedChinese), ("", .simplifiedChinese), ("fr", .simplifiedChinese), ("*", .simplifiedChinese),
            ("en", .english), ("EN-gb", .english), ("zh", .simplifiedChinese), ("zh-CN", .simplifiedChinese),
            ("zh-Hans-SG", .simplifiedChinese), ("zh-TW", .traditionalChinese), ("zh-HK", .traditionalChinese),
            ("zh-Hant", .traditionalChinese), ("zh-MO", .traditionalChinese),
            ("fr-FR, en;q=0.8, zh-CN;q=0.5", .english), ("en;q=0.5, zh-TW", .traditionalChinese),
            ("zh-TW, en", .traditionalChinese), ("en, zh-TW", .english), ("en;q=0, zh-TW;q=0.1", .traditionalChinese),
            ("en ; q=0.9 , zh-TW;q=0.95", .traditionalChinese), ("en;q=1.0", .english),
            ("en;q=1.5", .simplifiedChinese),
            ("en;q=abc", .simplifiedChinese), ("en;q=0.1234", .simplifiedChinese), (",,,en", .english),
        ]
        for (header, language) in cases {
            #expect(AnswerLanguage.preferred(by: header) == language, "\(header ?? "nil")")
        }
    }

    @Test func readsAtMostThirtyTwoPreferences() {
        let header = Array(repeating: "fr", count: AnswerLanguage.maxPreferences).joined(separator: ",") + ",en"
        #expect(AnswerLanguage.preferred(by: header) == .simplifiedChinese)
    }

    /// The app's own catalogs, which `make test` compiles into .build/locale first.
    @Test func wordsMessagesFromTheCatalogs() throws {
        let catalogs: String = try #require(LocaleDirectory.find(), "no .build/locale: run make locale")
        TextDomain.codegate.bind(to: catalogs)
        #expect(AnswerLanguage.english.tag == "en")
        #expect(AnswerLanguage.english.speaking { Refusal.notFound.message } == "There is no such endpoint")
        #expect(AnswerLanguage.traditionalChinese.tag == "zh-TW")
        #expect(AnswerLanguage.traditionalChinese.speaking { Refusal.notFound.message } == "沒有這個介面")
        #expect(AnswerLanguage.simplifiedChinese.speaking { Refusal.notFound.message } == "没有这个接口")
        #expect(
            AnswerLanguage.english.speaking { Refusal.rateLimited(seconds: 1).message }
                == "Too many requests; try again in 1 second")
        // Outside `speaking` the process's own (C) locale holds again.
        #expect(Refusal.notFound.message == "没有这个接口")
    }
}
