import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Testing

@Suite("the chrome material: a box-approximated Gaussian blur under a tint")
struct MaterialTests {
    @Test("three box passes have the variance of the Gaussian they stand for", arguments: [2.0, 10.0, 30.0, 37.5])
    func boxVariance(sigma: Double) {
        let radii = BoxBlur.radii(sigma: sigma)
        #expect(radii.count == 3)
        // Odd box widths come in steps of two, so the variance lands within one such step.
        let variance = BoxBlur.variance(radii: radii)
        #expect(abs(variance - sigma * sigma) <= max(sigma, 1))
    }

    @Test("an impulse spreads into a bell: mass kept, symmetric, peaked, as wide as the Gaussian")
    func impulse() {
        let size = 201
        var plane = [Float](repeating: 0, count: size)
        plane[100] = 1000
        BoxBlur.blur(&plane, width: size, height: 1, sigma: 12)
        let mass = plane.reduce(0, +)
        #expect(abs(mass - 1000) < 0.01)
        #expect(abs(plane[90] - plane[110]) < 1e-3)
        #expect(plane[100] > plane[90] && plane[90] > plane[76] && plane[76] > plane[60])
        let variance = plane.enumerated().reduce(0.0) { total, entry in
            total + Double(entry.element) * Double((entry.offset - 100) * (entry.offset - 100))
        }
        #expect(abs(variance / 1000 - 144) < 12)
        // Nothing reaches past the boxes' combined radius.
        #expect(plane[100 - BoxBlur.radii(sigma: 12).reduce(0, +) - 1] == 0)
    }

    @Test("a uniform plane stays exactly uniform (edges are extended, not darkened)")
    func uniform() {
        var plane = [Float](repeating: 200, count: 40 * 30)
        BoxBlur.blur(&plane, width: 40, height: 30, sigma: 9)
        #expect(plane.allSatisfy { abs($0 - 200) < 0.01 })
    }

    @Test("behind a bar, content is blurred and tinted; outside it nothing changes")
    func materialOverContent() throws {
        let white = RGBA(red: 255, green: 255, blue: 255)
        let red = RGBA(red: 255, green: 0, blue: 0)
        let image = try GDImage(width: 120, height: 120, background: white)
        // A sharp red bar crossing the material's bottom edge at y = 60.
        image.fill(PixelRect(x: 40, y: 40, width: 40, height: 40), color: red)
        let tint = RGBA(red: 0xF6, green: 0xF6, blue: 0xF6, alpha: 0xCC)
        image.applyMaterial(PixelRect(x: 0, y: 0, width: 120, height: 60), sigma: 6, tint: tint)
        // Far from any content the material is the tint over white.
        #expect(image.pixel(x: 2, y: 2) == tint.over(white))
        // The red square's hard edge is soft under the material, and paler (tinted).
        let inside = image.pixel(x: 60, y: 55)
        let edge = image.pixel(x: 40, y: 55)
        let outside = image.pixel(x: 30, y: 55)
        #expect(inside.green < edge.green && edge.green < outside.green && outside.green < 0xF8)
        #expect(inside.red > 240 && inside.green > 40)
        // Under the material's bottom edge the picture is untouched.
        #expect(image.pixel(x: 60, y: 60) == red && image.pixel(x: 30, y: 60) == white)
    }

    @Test("a strip of a taller picture draws the part of the material that falls in it")
    func strip() throws {
        let white = RGBA(red: 255, green: 255, blue: 255)
        let tint = RGBA(red: 0, green: 0, blue: 0, alpha: 0x80)
        let strip = try GDImage(width: 10, height: 10, background: white)
        strip.originY = 100
        strip.applyMaterial(PixelRect(x: 0, y: 95, width: 10, height: 10), sigma: 2, tint: tint)
        #expect(strip.pixel(x: 5, y: 4) == tint.over(white))
        #expect(strip.pixel(x: 5, y: 5) == white)
    }
}
