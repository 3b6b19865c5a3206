/// How the device is held.
public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
    case portrait, landscape
}

/// A screen to render for: its size in points, pixel scale, safe-area insets and orientation.
public struct Device: Sendable, Hashable, Codable {
    /// The identifier used on the command line (`iphone-15`).
    public var id: String
    /// The marketing name ("iPhone 15").
    public var name: String
    /// The portrait size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// Safe-area insets in the current orientation.
    public var safeArea: EdgeInsets
    /// The orientation `size` and `safeArea` are for.
    public var orientation: Orientation = .portrait

    /// Creates a device.
    public init(id: String, name: String, size: Size, scale: Double, safeArea: EdgeInsets) {
        self.id = id
        self.name = name
        self.size = size
        self.scale = scale
        self.safeArea = safeArea
    }

    /// The device turned to `orientation`, the way iOS moves the insets: landscape swaps the
    /// size; a notched iPhone's sensor housing moves to the sides (59 pt left and right) and its
    /// home indicator leaves 21 pt at the bottom; an iPad keeps its top and bottom insets.
    public func oriented(_ orientation: Orientation) -> Device {
        guard orientation != self.orientation else { return self }
        var turned = self
        turned.orientation = orientation
        turned.size = Size(width: size.height, height: size.width)
        let portrait = self.orientation == .portrait ? safeArea : Self.portraitInsets(of: self)
        switch orientation {
        case .portrait:
            turned.safeArea = portrait
        case .landscape:
            if isPad {
                turned.safeArea = portrait
            } else if portrait.top > 24 {
                turned.safeArea = EdgeInsets(top: 0, left: portrait.top, bottom: 21, right: portrait.top)
            } else {
                turned.safeArea = EdgeInsets()
            }
        }
        return turned
    }

    /// Whether this is an iPad (insets do not rotate with the device).
    public var isPad: Bool { id.hasPrefix("ipad") }

    private static func portraitInsets(of device: Device) -> EdgeInsets {
        presets.first { $0.id == device.id }?.safeArea ?? device.safeArea
    }

    /// A copy with a different pixel scale (`--scale`).
    public func withScale(_ scale: Double) -> Device {
        var copy = self
        copy.scale = scale
        return copy
    }
}

extension Device {
    /// iPhone SE (3rd generation): 375 × 667 pt @2x, no insets.
    public static let iPhoneSE = Device(
        id: "iphone-se", name: "iPhone SE (3rd generation)", size: Size(width: 375, height: 667), scale: 2,
        safeArea: EdgeInsets())
    /// iPhone 15: 393 × 852 pt @3x, insets 59/34. The default.
    public static let iPhone15 = Device(
        id: "iphone-15", name: "iPhone 15", size: Size(width: 393, height: 852), scale: 3,
        safeArea: EdgeInsets(top: 59, bottom: 34))
    /// iPhone 15 Pro Max: 430 × 932 pt @3x, insets 59/34.
    public static let iPhone15ProMax = Device(
        id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), scale: 3,
        safeArea: EdgeInsets(top: 59, bottom: 34))
    /// iPad (10th generation): 820 × 1180 pt @2x, insets 24/20.
    public static let iPad10 = Device(
        id: "ipad-10", name: "iPad (10th generation)", size: Size(width: 820, height: 1180), scale: 2,
        safeArea: EdgeInsets(top: 24, bottom: 20))
    /// iPad Pro 13-inch: 1032 × 1376 pt @2x, insets 24/20.
    public static let iPadPro13 = Device(
        id: "ipad-pro-13", name: "iPad Pro 13-inch", size: Size(width: 1032, height: 1376), scale: 2,
        safeArea: EdgeInsets(top: 24, bottom: 20))

    /// Every preset, smallest first.
    public static let presets: [Device] = [.iPhoneSE, .iPhone15, .iPhone15ProMax, .iPad10, .iPadPro13]

    /// The preset with this id (case-insensitive), if any.
    public static func preset(id: String) -> Device? {
        presets.first { $0.id == id.lowercased() }
    }
}
