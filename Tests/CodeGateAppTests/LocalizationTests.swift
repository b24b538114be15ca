import CodeGateBase
import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateService
import CodeGateHTTP
import CodeGateCore
import Foundation
import XCTest

/// The app's messages follow the locale through the catalogs `make test` compiles from po/
/// into .build/locale: Traditional Chinese under zh_TW, English under en_US, and the Simplified
/// Chinese source under C. XCTest runs these serially, so switching the process's locale here
/// cannot reach another test; each test puts it back.
final class LocalizationTests: XCTestCase {
    typealias H = GtkHarness

    /// `.build/locale` of this package.
    private static let catalogs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/locale").path

    private var savedEnvironment: [String: String?] = [:]
    private var savedLocale = ""

    override func setUp() {
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.catalogs + "/zh_TW/LC_MESSAGES/codegate.mo"),
                      "no catalogs: run `make locale` (make test does)")
        TextDomain.codegate.bind(to: Self.catalogs)
        for name in ["LC_ALL", "LANGUAGE"] {
            savedEnvironment[name] = ProcessInfo.processInfo.environment[name]
        }
        savedLocale = String(cString: setlocale(LC_ALL, nil))
    }

    override func tearDown() {
        for (name, value) in savedEnvironment {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        setlocale(LC_ALL, savedLocale)
    }

    /// Switches the process to `locale` as a user's environment would set it.
    private static func use(_ locale: String) {
        setenv("LC_ALL", locale, 1)
        unsetenv("LANGUAGE")  // it would outrank LC_ALL for messages
        XCTAssertNotNil(setlocale(LC_ALL, ""), "\(locale) is not on this machine (Debian: locales-all)")
    }

    func testTraditionalChinese() {
        Self.use("zh_TW.UTF-8")
        XCTAssertEqual(VerificationResult.verified.message, "驗證成功")
        XCTAssertEqual(VerificationResult.wrongCode(attemptsLeft: 4).message, "驗證碼錯誤，還可嘗試 4 次")
        XCTAssertEqual(CodeServiceError.network.message, "網路連線失敗，請檢查網路後重新滑動驗證")
        XCTAssertEqual(localized("键盘快捷键"), "鍵盤快捷鍵")
    }

    func testEnglishWithPlurals() {
        Self.use("en_US.UTF-8")
        XCTAssertEqual(VerificationResult.verified.message, "Verified")
        XCTAssertEqual(VerificationResult.wrongCode(attemptsLeft: 1).message, "Wrong code, 1 try left")
        XCTAssertEqual(VerificationResult.wrongCode(attemptsLeft: 4).message, "Wrong code, 4 tries left")
        XCTAssertEqual(CodeServiceError.cooldown(secondsLeft: 30).message, "A code was sent; try again in 30 seconds")
        XCTAssertEqual(PhoneNumber.check("2380013800"), .invalid(
            "Mainland China mobile numbers start with 1; for other countries start with + and the country code"))
    }

    func testSimplifiedChineseUnderC() {
        Self.use("C")
        XCTAssertEqual(VerificationResult.verified.message, "验证成功")
        XCTAssertEqual(VerificationResult.wrongCode(attemptsLeft: 4).message, "验证码错误，还可尝试 4 次")
        XCTAssertEqual(localized("关于 CodeGate"), "关于 CodeGate")
    }

    /// A code server answers in the UI's language: `Accept-Language` is the catalog's own tag.
    func testTheServerIsAskedInTheUILanguage() {
        for (locale, tag) in [("zh_TW.UTF-8", "zh-TW"), ("en_US.UTF-8", "en"), ("C.UTF-8", "zh-CN")] {
            Self.use(locale)
            XCTAssertEqual(MainActor.assumeIsolated { HTTPCodeService.uiLanguage }, tag, locale)
        }
    }

    func testWindowSpeaksEnglishUnderEnglishLocale() {
        MainActor.assumeIsolated {
            Self.use("en_US.UTF-8")
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            XCTAssertEqual(String(cString: gtk_button_get_label(window.verifyButton.cast())), "Verify")
            XCTAssertEqual(String(cString: gtk_entry_get_placeholder_text(window.codeEntry.cast())), "6-digit code")
            XCTAssertEqual(H.text(window.button.caption), "Get Code")
            XCTAssertEqual(H.text(window.slider.label), "Slide to unlock")
        }
    }

    func testWindowSpeaksTraditionalChineseUnderTaiwaneseLocale() {
        MainActor.assumeIsolated {
            Self.use("zh_TW.UTF-8")
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            XCTAssertEqual(H.text(window.button.caption), "取得驗證碼")
            XCTAssertEqual(H.text(window.slider.label), "滑動解鎖/取得驗證碼")
        }
    }

    func testNothingIsCutOffInEnglishOrTraditionalChineseAtTwiceTheTextSize() {
        MainActor.assumeIsolated {
            for locale in ["en_US.UTF-8", "zh_TW.UTF-8"] {
                Self.use(locale)
                H.checkNothingIsCutOffAtTwiceTheTextSize()
            }
        }
    }

    func testEachStatusLineKeepsOneLineInEnglishOrTraditionalChinese() {
        MainActor.assumeIsolated {
            for locale in ["en_US.UTF-8", "zh_TW.UTF-8"] {
                Self.use(locale)
                H.checkEveryStatusLineKeepsOneLine(textScale: 1)
                H.checkEveryStatusLineKeepsOneLine(textScale: 2)
            }
        }
    }
}
