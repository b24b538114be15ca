@testable import CodeGateServer
import CodeGateService
import Testing

/// `NumberScreen` on libphonenumber's real metadata: deny by default, mobile lines of the
/// served regions alone.
@Suite struct NumberScreenTests {
    static func number(_ e164: String) throws -> PhoneNumber { try #require(PhoneNumber(e164: e164)) }

    @Test(arguments: [
        ("+8613800138000", NumberScreen.Verdict.served(region: "CN")),
        ("+8619912345678", .served(region: "CN")),
        ("+447400900123", .regionNotServed(region: "GB")),
        ("+16502530000", .regionNotServed(region: "US")),
        ("+99912345678", .unassigned),
        // Ofcom's range for drama: assigned to nobody.
        ("+447700900123", .unassigned),
    ])
    func theDefaultServesMainlandMobilesAlone(e164: String, verdict: NumberScreen.Verdict) throws {
        #expect(NumberScreen(regions: NumberScreen.home).verdict(on: try Self.number(e164)) == verdict)
    }

    @Test(arguments: [
        ("+447400900123", NumberScreen.Verdict.served(region: "GB")),
        ("+449098790879", .lineRefused(region: "GB", .premiumRate)),
        ("+33810123456", .lineRefused(region: "FR", .sharedCost)),
        ("+442079460000", .lineRefused(region: "GB", .fixedLine)),
        ("+447010123456", .lineRefused(region: "GB", .personalNumber)),
        ("+16502530000", .served(region: "US")),
        ("+18004444444", .lineRefused(region: "US", .tollFree)),
        ("+19005551234", .lineRefused(region: "US", .premiumRate)),
    ])
    func listedRegionsAreServedOnMobileLinesAlone(e164: String, verdict: NumberScreen.Verdict) throws {
        #expect(NumberScreen(regions: ["CN", "GB", "US", "FR"]).verdict(on: try Self.number(e164)) == verdict)
    }

    @Test func regionsAreReadAsISOCodes() {
        #expect(NumberScreen.regions(in: "cn, HK,gb") == .success(["CN", "HK", "GB"]))
        #expect(NumberScreen.regions(in: "CN,XX") == .failure(NumberScreen.RegionError(name: "XX")))
        #expect(NumberScreen.regions(in: "CN,86") == .failure(NumberScreen.RegionError(name: "86")))
        #expect(NumberScreen.regions(in: "CHN") == .failure(NumberScreen.RegionError(name: "CHN")))
        #expect(NumberScreen.regions(in: ",") == .failure(NumberScreen.RegionError(name: ",")))
        #expect(NumberScreen.regions(in: "") == .failure(NumberScreen.RegionError(name: "")))
    }
}
