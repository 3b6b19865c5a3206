import AlbumReportCore
import Foundation
import Testing

@Suite("Per-platform goldens: the platform key")
struct PlatformKeyTests {
    @Test("the key is this system and architecture; off unless asked; a team's own key is slugged")
    func keys() {
        #expect(PlatformKey.current.range(of: #"^[a-z0-9.-]+-[a-z0-9_]+$"#, options: .regularExpression) != nil)
        #if os(Linux)
            #expect(PlatformKey.current.hasSuffix("-x86_64") || PlatformKey.current.hasSuffix("-aarch64"))
        #endif
        #expect(PlatformKey.requested([:]) == nil)
        #expect(PlatformKey.requested([PlatformKey.environmentVariable: " "]) == nil)
        #expect(PlatformKey.requested([PlatformKey.environmentVariable: "AUTO"]) == PlatformKey.current)
        #expect(PlatformKey.requested([PlatformKey.environmentVariable: "CI Fonts 2"]) == "ci-fonts-2")
    }

    @Test("compare's paths: {platform} is the key asked for, else this platform's")
    func expand() {
        let team = [PlatformKey.environmentVariable: "team-a"]
        #expect(PlatformKey.expand("goldens/{platform}", environment: team) == "goldens/team-a")
        #expect(PlatformKey.expand("goldens/{platform}", environment: [:]) == "goldens/" + PlatformKey.current)
        #expect(PlatformKey.expand("goldens", environment: team) == "goldens")
    }
}
