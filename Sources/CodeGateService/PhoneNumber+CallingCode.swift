extension PhoneNumber {
    /// The one- and two-digit country calling codes ITU-T E.164 assigns (the list of
    /// assigned codes, Annex to ITU Operational Bulletin No. 1199). Calling codes form a
    /// prefix code: every other assigned code has three digits, so these decide where any
    /// number's code ends.
    private static let shortCallingCodes: Set<String> = [
        "1", "7", "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48",
        "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84",
        "86", "90", "91", "92", "93", "94", "95", "98",
    ]

    /// The number's country calling code, digits only: "86" for +8613800138000, "44" for
    /// +447700900123, "1" for every North American number (+1 876… included: a prefix longer
    /// than the calling code is for whoever lists it), "880" for +8801…. A number only
    /// `init(e164:)` accepts has one; it is read from the digits, not looked up.
    public var callingCode: String {
        let digits = e164.dropFirst()
        for length in 1...2 where Self.shortCallingCodes.contains(String(digits.prefix(length))) {
            return String(digits.prefix(length))
        }
        return String(digits.prefix(3))
    }
}
