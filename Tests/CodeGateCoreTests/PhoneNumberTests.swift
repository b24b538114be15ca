import CodeGateCore
import Testing

@Suite struct PhoneNumberTests {
    @Test(arguments: [
        ("13800138000", "13800138000"),
        ("138 0013 8000", "13800138000"),
        ("138-0013-8000", "13800138000"),
        ("19912345678", "19912345678"),
        ("+447700900123", "+447700900123"),
        ("+44 7700-900123", "+447700900123"),
        ("+12345678", "+12345678"),
        ("+123456789012345", "+123456789012345"),
    ])
    func validNumbers(text: String, digits: String) {
        #expect(PhoneNumber.check(text).number?.digits == digits)
    }

    @Test(arguments: ["1", "138", "1380013800", "+", "+4477", "+1234567"])
    func startsOfValidNumbersAreIncomplete(text: String) {
        #expect(PhoneNumber.check(text) == .incomplete)
    }

    @Test func emptyOrOnlySeparatorsIsEmpty() {
        #expect(PhoneNumber.check("") == .empty)
        #expect(PhoneNumber.check(" - ") == .empty)
    }

    @Test(arguments: [
        ("12800138000", "请输入正确的手机号码"),
        ("23800138000", "大陆手机号以 1 开头；其他地区请以 + 和国家代码开头"),
        ("138001380001", "大陆手机号为 11 位数字"),
        ("138a", "号码只能包含数字"),
        ("+44abc", "号码只能包含数字"),
        ("+1234567890123456", "国际号码最多 15 位数字"),
    ])
    func invalidNumbersSayWhy(text: String, message: String) {
        #expect(PhoneNumber.check(text) == .invalid(message))
    }

    @Test func maskedHidesTheMiddle() {
        #expect(PhoneNumber.check("13800138000").number?.masked == "138****8000")
        #expect(PhoneNumber.check("+447700900123").number?.masked == "+44****0123")
    }
}
