@testable import CodeGateServer
import Testing

/// Client addresses read strictly, and grouped as one subscriber's.
@Suite struct IPAddressTests {
    @Test func anAddressIsWhatTheKernelReadsAsOne() {
        for text in ["1.2.3.4", "255.255.255.255", "::1", "2001:db8::1", "::ffff:10.0.0.1", "2001:DB8:0:0:0:0:0:1"] {
            #expect(IPAddress(text) != nil, "\(text)")
        }
        let none = [
            "a:b", "1.2.3", "1.2.3.4.5", "01.2.3.256", "::1%lo", "localhost", "1.2.3.4:80", "", ":::",
            "1:2:3:4:5:6:7:8:9",
        ]
        for text in none {
            #expect(IPAddress(text) == nil, "\(text)")
        }
    }

    @Test func aClientIsAnIPv4AddressOrAnIPv6Slash64() {
        #expect(IPAddress("10.0.0.7")?.clientName == "10.0.0.7")
        #expect(IPAddress("::ffff:10.0.0.7")?.clientName == "10.0.0.7", "IPv4-mapped is IPv4")
        #expect(IPAddress("2001:db8:1:2:aaaa::1")?.clientName == "2001:db8:1:2::/64")
        #expect(IPAddress("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")?.clientName == "2001:db8:1:2::/64", "one block")
        #expect(IPAddress("2001:db8:1:3::1")?.clientName == "2001:db8:1:3::/64", "the next block is another")
        #expect(IPAddress("::")?.clientName == nil && IPAddress("0.0.0.0")?.clientName == nil)
    }
}
