import CodeGateService

/// Which numbers this gateway texts: deny by default. A number must be one libphonenumber
/// knows to be assigned, in a region the operator serves (`--regions`; the app's home, CN,
/// unless told otherwise), on a line that receives text messages and costs the sender no more
/// than a mobile one. SMS pumping lives on the rest: numbers in ranges nobody is assigned,
/// premium-rate and shared-cost lines that pay whoever holds them per message, and far-away
/// countries whose termination fees the attacker shares.
struct NumberScreen: Equatable, Sendable {
    /// The regions served, as ISO 3166-1 codes ("CN", "GB").
    let regions: Set<String>

    /// The regions a gateway serves unless `--regions` says others: the app's home.
    static let home: Set<String> = ["CN"]

    /// The lines a code is texted to: mobile ones, and those libphonenumber cannot tell from a
    /// fixed line by their digits (the whole North American plan).
    static let textedLines: Set<PhoneNumberFacts.LineType> = [.mobile, .fixedLineOrMobile]

    /// What the screen decides about one number.
    enum Verdict: Equatable, Sendable {
        /// Texted: a mobile line in `region`.
        case served(region: String)
        /// No number is assigned on those digits.
        case unassigned
        /// A number of `region`, which this gateway does not serve.
        case regionNotServed(region: String)
        /// A line of this kind, in `region`, is never texted.
        case lineRefused(region: String, PhoneNumberFacts.LineType)
    }

    func verdict(on number: PhoneNumber) -> Verdict {
        guard let facts = PhoneNumberFacts(number), facts.isAssigned else { return .unassigned }
        guard regions.contains(facts.region) else { return .regionNotServed(region: facts.region) }
        guard Self.textedLines.contains(facts.line) else { return .lineRefused(region: facts.region, facts.line) }
        return .served(region: facts.region)
    }

    /// The regions `text` lists ("CN,GB", any case, spaces allowed), or the first that is no
    /// region libphonenumber knows.
    static func regions(in text: String) -> Result<Set<String>, RegionError> {
        let names = text.split(separator: ",").map { String($0.filter { $0 != " " }).uppercased() }
        guard !names.isEmpty else { return .failure(RegionError(name: text)) }
        for name in names where !(name.count == 2 && PhoneNumberFacts.isKnownRegion(name)) {
            return .failure(RegionError(name: name))
        }
        return .success(Set(names))
    }

    /// A name in `--regions` that is no region.
    struct RegionError: Error, Equatable {
        let name: String
    }
}
