/// iOS 17's system chrome material, the background of a bar that content has scrolled under
/// (UIKit's default `UIBarAppearance` uses `UIBlurEffect.Style.systemChromeMaterial`): what lies
/// behind is blurred, then a translucent tint of the bar colour goes over it, with a hairline
/// at the bar's edge. Drawn by the renderer; here only its parameters.
public struct ChromeMaterial: Sendable, Hashable, Codable {
    /// The Gaussian's standard deviation, in points. UIKit's bar backdrops blur with a radius of
    /// about 20–30 pt; a Gaussian's visible reach is about three standard deviations either way,
    /// so 10 pt leaves text under the bar unreadable but its colours showing, as on a phone.
    public static let blurSigma = 10.0

    /// The blur's standard deviation in points.
    public var blurSigma: Double = ChromeMaterial.blurSigma
    /// The translucent colour composited over the blurred content.
    public var tint: RGBA
}

extension Theme.Colors {
    /// The chrome material's tint: the theme's `navigationBarMaterial`, or iOS's look: over a
    /// plain background the bar shows as `#F8F8F8` in light and `#161618` in dark, the flat
    /// colours UIKit's scrolled bars show over plain white and black.
    public var chromeMaterialTint: RGBA {
        navigationBarMaterial
            ?? (isDark
                ? RGBA(red: 0x1B, green: 0x1B, blue: 0x1E, alpha: 0xCC)
                : RGBA(red: 0xF6, green: 0xF6, blue: 0xF6, alpha: 0xCC))
    }

    /// The material of bars (and of the band behind a pinned button) that content scrolls under.
    public var chromeMaterial: ChromeMaterial { ChromeMaterial(tint: chromeMaterialTint) }
}
