import CodeGateService
import CodeGateTestSupport
import Testing

@Suite struct PhoneNumberTests {
    @Test(arguments: [
        ("13800138000", "+8613800138000"),
        ("138 0013 8000", "+8613800138000"),
        ("138-0013-8000", "+8613800138000"),
        ("19912345678", "+8619912345678"),
        ("+447700900123", "+447700900123"),
        ("+44 7700-900123", "+447700900123"),
        ("00447700900123", "+447700900123"),
        ("+12345678", "+12345678"),
        ("+123456789012345", "+123456789012345"),
    ])
    func validNumbersHaveOneE164Form(text: String, e164: String) {
        #expect(PhoneNumber.check(text).number?.e164 == e164)
    }

    /// The "one handset, three cooldowns": every spelling must be one key.
    @Test func spellingsOfOneHandsetAreOneNumber() throws {
        let spellings = [
            "13800138000", "138 0013-8000", "+8613800138000", "+86 138 0013 8000", "008613800138000",
            "0086 138-0013-8000", "+86-138-0013-8000",
        ]
        let numbers = try spellings.map { try #require(PhoneNumber.check($0).number, "\($0)") }
        #expect(Set(numbers).count == 1)
        for number in numbers {
            #expect(number == numbers[0])
            #expect(number.hashValue == numbers[0].hashValue)
            #expect(number.e164 == "+8613800138000")
            #expect(number.description == "+8613800138000")
            #expect(number.digits == "13800138000")
            #expect(number.masked == "138****8000")
        }
    }

    @Test(arguments: ["1", "138", "1380013800", "+", "+4477", "+1234567", "0", "00", "+8", "+86", "+86138", "0086",
                      "00861380013800"])
    func startsOfValidNumbersAreIncomplete(text: String) {
        #expect(PhoneNumber.check(text) == .incomplete)
    }

    @Test func emptyOrOnlySeparatorsIsEmpty() {
        #expect(PhoneNumber.check("") == .empty)
        #expect(PhoneNumber.check(" - ") == .empty)
        #expect(PhoneNumber.checkFinished(" ") == .empty)
    }

    @Test(arguments: [
        ("12800138000", "请输入正确的手机号码"),
        ("23800138000", "大陆手机号以 1 开头；其他地区请以 + 和国家代码开头"),
        ("01380013800", "大陆手机号以 1 开头；其他地区请以 + 和国家代码开头"),
        ("138001380001", "大陆手机号为 11 位数字"),
        ("138a", "号码只能包含数字"),
        ("+44abc", "号码只能包含数字"),
        ("+1234567890123456", "国际号码最多 15 位数字（含国家代码）"),
        ("001234567890123456", "国际号码最多 15 位数字（含国家代码）"),
        // No country code starts with 0.
        ("+0", "国家代码不以 0 开头"),
        ("+013800138000", "国家代码不以 0 开头"),
        ("000447700900123", "国家代码不以 0 开头"),
        ("+0086 13800138000", "国家代码不以 0 开头；+ 已代替国际冠码 00，请去掉 00"),
        ("+00447700900123", "国家代码不以 0 开头；+ 已代替国际冠码 00，请去掉 00"),
        // +86 numbers follow the mainland mobile rules.
        ("+86 10 1234 5678", "请输入正确的手机号码"),
        ("+86 23800138000", "大陆手机号以 1 开头；其他地区请以 + 和国家代码开头"),
        ("+86 138001380001", "大陆手机号为 11 位数字"),
        ("0086 12800138000", "请输入正确的手机号码"),
        // Only the ASCII digits count (and the full-width ones read as them): not other scripts'
        // digits, not a digit with a combining mark.
        ("１３８\u{301}００１３８０００", "号码只能包含数字"),
        ("138\u{301}00138000", "号码只能包含数字"),
        ("+4477\u{0663}0900123", "号码只能包含数字"),
        ("138\n00138000", "号码只能包含数字"),
    ])
    func invalidNumbersSayWhy(text: String, message: String) {
        #expect(PhoneNumber.check(text) == .invalid(message))
        #expect(PhoneNumber.checkFinished(text) == .invalid(message))
    }

    @Test(arguments: [
        ("1", "大陆手机号为 11 位数字"),
        ("1380013800", "大陆手机号为 11 位数字"),
        ("+8613800", "大陆手机号为 11 位数字"),
        ("+1234567", "国际号码至少 8 位数字（含国家代码）"),
        ("0044 7700", "国际号码至少 8 位数字（含国家代码）"),
        ("+", "号码不完整：请输入国家代码和号码"),
        ("0", "号码不完整"),
        ("+8", "号码不完整"),
    ])
    func finishedNumbersThatAreTooShortSayWhy(text: String, message: String) {
        #expect(PhoneNumber.check(text) == .incomplete)
        #expect(PhoneNumber.checkFinished(text) == .invalid(message))
    }

    /// A Chinese input method in full-width mode types ０–９, ＋ and wide spaces: they are read
    /// as the ASCII they stand for, and the field shows them so.
    @Test func fullWidthNumbersAreTheSameNumber() {
        #expect(PhoneNumber.check("１３８　００１３－８０００") == PhoneNumber.check("13800138000"))
        #expect(PhoneNumber.check("＋４４ ７７００ ９００１２３").number?.e164 == "+447700900123")
        #expect(PhoneNumber.check("１３８") == .incomplete)
        #expect(PhoneNumber.filter(inserted: "＋８６ １３８") == "+86 138")
        #expect(PhoneNumber.filter(inserted: "电话") == "电话", "anything else is left to the check")
    }

    @Test func aStoredKeyReadsBackOnlyInItsCanonicalForm() {
        #expect(PhoneNumber(e164: "+8613800138000") == PhoneNumber.sample)
        #expect(PhoneNumber(e164: "+447700900123")?.e164 == "+447700900123")
        for other in ["13800138000", "008613800138000", "+86 13800138000", "+0086 13800138000", "+8613800", "", "+"] {
            #expect(PhoneNumber(e164: other) == nil, "\(other)")
        }
    }

    @Test func maskedHidesTheMiddle() {
        #expect(PhoneNumber.check("13800138000").number?.masked == "138****8000")
        #expect(PhoneNumber.check("+86 138 0013 8000").number?.masked == "138****8000")
        #expect(PhoneNumber.check("+447700900123").number?.masked == "+44****0123")
        // A short international number still hides at least four digits.
        #expect(PhoneNumber.check("+12345678").number?.masked == "+12****78")
        #expect(PhoneNumber.check("+1234567890").number?.masked == "+12****7890")
    }

    @Test func randomTextNeverYieldsANonCanonicalNumber() {
        var random = SeededRandom(seed: 7)
        let alphabet = Array("0123456789+- 8601１\u{301}a")
        for _ in 0..<5000 {
            let text = String(
                (0..<Int.random(in: 0...20, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            guard let number = PhoneNumber.checkFinished(text).number else { continue }
            #expect(PhoneNumber(e164: number.e164) == number, "\(text)")
            #expect(number.e164.first == "+")
            #expect(number.e164.dropFirst().allSatisfy { ("0"..."9").contains($0) && $0.unicodeScalars.count == 1 })
            #expect((9...16).contains(number.e164.count))
            #expect(PhoneNumber.check(text).number == number)
        }
    }
}
