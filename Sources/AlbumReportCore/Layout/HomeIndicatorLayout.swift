/// The home indicator iOS draws over every app at the bottom of a Face ID iPhone's or an iPad's
/// screen (`--home-indicator device`): a capsule centred across the screen, above its bottom edge,
/// opaque black over light content and white over dark (on a device it is a luminance-adaptive
/// texture that reads as one or the other; a simulator draws greys, which no real screenshot shows).
///
/// Its figures are measured in screenshots, since Apple publishes none (docs/screens.md lists the
/// sources): on iPhone 5 pt tall and 8 pt above the bottom, 134 pt wide on a 375 pt screen, 140 on
/// 393 and 402, 148 on 414 (a step by size class, not a proportion: 402 is not wider than 393;
/// the 428–440 pt Plus and Pro Max screens, unmeasured, take the widest measured, 148); on iPad
/// 5.5 pt tall and 7.5 pt above the bottom, 273 pt wide on an 834 pt screen and 315 pt on 1,024 pt
/// and wider (820 pt takes 273). A device has one exactly when it has a bottom safe-area inset:
/// the inset is the indicator's room.
public struct HomeIndicatorLayout: Sendable, Hashable, Codable {
    public var frame: Rect
    public var color: RGBA
    /// The room between the indicator and the canvas's bottom edge.
    public var bottomGap: Double

    /// The capsule's corner radius: half its height.
    public var cornerRadius: Double { frame.height / 2 }

    /// The indicator for `device` at the bottom of a canvas of `canvas` size drawn over `under`
    /// (the colour at the bottom of the screen); nil when the device has none (a home button) or
    /// `--home-indicator none`.
    public static func make(
        device: Device, canvas: Size, under: RGBA, options: ScreenOptions
    ) -> HomeIndicatorLayout? {
        guard options.homeIndicator == .device, device.safeArea.bottom > 0 else { return nil }
        // An iPhone keeps its portrait width in landscape (no landscape screenshot showed one to
        // measure); an iPad's follows the width it is held at (315 pt measured on an 1,180 pt landscape).
        let width = device.isPad ? device.size.width : min(device.size.width, device.size.height)
        let size =
            device.isPad
            ? Size(width: width < 1000 ? 273 : 315, height: 5.5)
            : Size(width: width < 390 ? 134 : width < 414 ? 140 : 148, height: 5)
        let indicator = HomeIndicatorLayout(
            frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
            color: under.isDarkColor ? RGBA(red: 0xFF, green: 0xFF, blue: 0xFF) : RGBA(red: 0, green: 0, blue: 0),
            bottomGap: device.isPad ? 7.5 : 8)
        return indicator.placed(on: canvas)
    }

    /// The same indicator at the bottom of a canvas of `canvas` size (a page of a sheet).
    public func placed(on canvas: Size) -> HomeIndicatorLayout {
        var placed = self
        placed.frame.x = (canvas.width - frame.width) / 2
        placed.frame.y = canvas.height - bottomGap - frame.height
        return placed
    }
}

extension HomeIndicatorLayout: FramedPart {}
