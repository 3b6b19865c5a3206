import AlbumReportCore
import Testing

@Suite("IP addresses in every spelling, and what they reach")
struct IPAddressTests {
    @Test(
        "every spelling of 127.0.0.1 a URL host may use is read as loopback",
        arguments: [
            "127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f000001", "0x7f.0.0.1", "0x7F.0x0.0x0.0x1", "0177.0.0.1",
            "0177.0.0.01", "017700000001", "[::ffff:127.0.0.1]", "::ffff:7f00:1", "[::1]", "::1", "0:0:0:0:0:0:0:1",
            "64:ff9b::127.0.0.1", "2002:7f00:1::",
        ])
    func loopbackSpellings(_ host: String) throws {
        let address = try #require(IPAddress(host: host), "\(host) parses")
        #expect(address.addressClass == .loopback, "\(host) → \(address)")
    }

    @Test(
        "each kind of inward address is classified",
        arguments: [
            ("10.1.2.3", AddressClass.privateNetwork), ("172.16.0.1", .privateNetwork),
            ("172.31.255.255", .privateNetwork),
            ("192.168.1.1", .privateNetwork), ("fd12:3456::1", .privateNetwork), ("169.254.169.254", .linkLocal),
            ("0xa9fea9fe", .linkLocal), ("2852039166", .linkLocal), ("[fe80::1%25eth0]", .linkLocal),
            ("fe80::1%eth0", .linkLocal),
            ("100.64.0.1", .shared), ("100.127.255.255", .shared), ("224.0.0.1", .multicast), ("ff02::1", .multicast),
            ("0.0.0.0", .unspecified), ("0", .unspecified), ("::", .unspecified), ("240.0.0.1", .reserved),
            ("255.255.255.255", .reserved), ("192.0.2.10", .reserved), ("198.18.0.1", .reserved),
            ("2001:db8::1", .reserved),
            ("::ffff:169.254.169.254", .linkLocal), ("::ffff:10.0.0.1", .privateNetwork),
        ])
    func inward(_ host: String, _ expected: AddressClass) throws {
        let address = try #require(IPAddress(host: host), "\(host) parses")
        #expect(address.addressClass == expected, "\(host) → \(address)")
    }

    @Test(
        "public addresses stay public, right next to the private ranges",
        arguments: [
            "23.45.67.89", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "169.253.1.1", "8.8.8.8",
            "2606:4700::1111", "[2a00:1450:4001:80b::200e]",
        ])
    func publicAddresses(_ host: String) throws {
        let address = try #require(IPAddress(host: host))
        #expect(address.addressClass == .publicAddress, "\(host) → \(address)")
    }

    @Test(
        "names and malformed spellings are not addresses",
        arguments: [
            "is1-ssl.mzstatic.com", "localhost", "", "1.2.3.4.5", "256.1.1.1", "1.2.3.256", "0x", "09.1.1.1", "1..1",
            "12345678901234567890", "::1::", "1:2:3:4:5:6:7:8:9", "gggg::1", "[::1", "1.2.3.4:80", "::ffff:1.2.3",
            "::ffff:1.2.3.4.5",
        ])
    func notAddresses(_ host: String) {
        #expect(IPAddress(host: host) == nil, "\(host)")
    }

    @Test("the address rule: a public feed reaches only public addresses; a loopback feed also loopback")
    func rule() throws {
        let loopback = try #require(IPAddress(host: "127.0.0.1"))
        let metadata = try #require(IPAddress(host: "169.254.169.254"))
        let cdn = try #require(IPAddress(host: "23.45.67.89"))
        #expect(!AddressRule.publicOnly.permits(loopback, firstHop: nil))
        #expect(!AddressRule.publicOnly.permits(metadata, firstHop: nil))
        #expect(AddressRule.publicOnly.permits(cdn, firstHop: nil))
        #expect(AddressRule.publicAnd([.loopback]).permits(loopback, firstHop: nil))
        #expect(!AddressRule.publicAnd([.loopback]).permits(metadata, firstHop: nil))
        #expect(AddressRule.publicAndFirstHopKind.permits(metadata, firstHop: nil), "the feed the user asked for")
        #expect(!AddressRule.publicAndFirstHopKind.permits(metadata, firstHop: cdn), "a public feed redirecting inward")
        #expect(AddressRule.publicAndFirstHopKind.permits(loopback, firstHop: loopback))
        #expect(AddressRule.any.permits(metadata, firstHop: cdn))
    }
}
