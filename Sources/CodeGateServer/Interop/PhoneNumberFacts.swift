import CPhoneNumbers
import CodeGateService

/// What libphonenumber knows of a number: the region it belongs to, whether it is assigned
/// there, and its kind of line.
struct PhoneNumberFacts: Equatable, Sendable {
    /// The ISO 3166-1 region ("CN"), "001" for a non-geographic entity, "ZZ" for none.
    let region: String
    /// Whether the digits are a number assigned in that region.
    let isAssigned: Bool
    let line: LineType

    /// The kinds of line libphonenumber tells apart.
    enum LineType: Sendable {
        case fixedLine, mobile, fixedLineOrMobile, tollFree, premiumRate, sharedCost, voip, personalNumber
        case pager, uan, voicemail, unknown
    }

    /// The facts about `number`; nil when libphonenumber cannot read it at all.
    init?(_ number: PhoneNumber) {
        var facts = CodeGatePhoneNumberFacts()
        guard codegate_phone_number_facts(number.e164, &facts) == 0 else { return nil }
        region = withUnsafeBytes(of: facts.region) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        isAssigned = facts.valid != 0
        line =
            switch facts.type {
            case CODEGATE_LINE_FIXED_LINE: .fixedLine
            case CODEGATE_LINE_MOBILE: .mobile
            case CODEGATE_LINE_FIXED_LINE_OR_MOBILE: .fixedLineOrMobile
            case CODEGATE_LINE_TOLL_FREE: .tollFree
            case CODEGATE_LINE_PREMIUM_RATE: .premiumRate
            case CODEGATE_LINE_SHARED_COST: .sharedCost
            case CODEGATE_LINE_VOIP: .voip
            case CODEGATE_LINE_PERSONAL_NUMBER: .personalNumber
            case CODEGATE_LINE_PAGER: .pager
            case CODEGATE_LINE_UAN: .uan
            case CODEGATE_LINE_VOICEMAIL: .voicemail
            default: .unknown
            }
    }

    /// Whether libphonenumber has numbering rules for `region` ("CN", "GB").
    static func isKnownRegion(_ region: String) -> Bool {
        codegate_phone_region_is_known(region) != 0
    }
}
