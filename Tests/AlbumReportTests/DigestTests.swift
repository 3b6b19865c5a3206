import AlbumReport
import AlbumReportCore
import Foundation
import Testing

@Suite("SHA-256 of the report's files (libcrypto)")
struct DigestTests {
    @Test("the digests of FIPS 180-4's vectors, and the portable implementation's on every size around a block")
    func vectors() {
        #expect(Digest.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Digest.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var generator = SystemRandomNumberGenerator()
        for size in [1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 1 << 20] {
            let data = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(Digest.sha256Hex(data) == SHA256.hex(of: data), "size \(size)")
        }
    }

    @Test("a running digest fed in pieces of any size gives the digest of the whole")
    func running() {
        let data = Data((0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        for piece in [1, 7, 64, 4096, 200_003] {
            let digest = RunningDigest()
            var start = 0
            while start < data.count {
                digest.update(data[start..<min(start + piece, data.count)])
                start += piece
            }
            digest.update(Data())
            #expect(digest.finalize() == SHA256.hex(of: data), "pieces of \(piece)")
        }
    }
}
