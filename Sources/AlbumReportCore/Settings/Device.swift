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

    /// The kind of screen, which decides the status bar's layout.
    public enum Hardware: String, Sendable, Hashable, Codable {
        /// iPhone SE: a 20 pt status bar with the time centred.
        case homeButton
        /// Face ID iPhones with a notch: the time and the icons in the two "ears".
        case notch
        /// Dynamic Island iPhones: a 54 pt status bar, the time and the icons beside the island.
        case dynamicIsland
        /// iPad: a 24 pt status bar with the time and date leading, the icons trailing.
        case pad
    }

    /// The kind of screen, from the idiom and the portrait top inset.
    public var hardware: Hardware {
        if isPad { return .pad }
        let top = orientation == .portrait ? safeArea.top : Self.portraitInsets(of: self).top
        if top >= 54 { return .dynamicIsland }
        return top > 24 ? .notch : .homeButton
    }

    /// Whether the vertical size class is compact (an iPhone held in landscape): no status bar,
    /// 32 pt navigation bars and no large titles.
    public var isCompactHeight: Bool { !isPad && orientation == .landscape }

    /// The system's horizontal layout margin in points, as iOS gives a view controller's root view
    /// (`systemMinimumLayoutMargins`): 16 pt on iPhones narrower than 414 pt, 20 pt on the wide
    /// iPhones (Plus and Pro Max, 414 pt and wider) and on iPad, in either orientation. It is
    /// measured from the safe area, so in iPhone landscape it starts beside the sensor housing.
    public var layoutMargin: Double {
        isPad || min(size.width, size.height) >= 414 ? 20 : 16
    }

    /// The status bar's height in points (0 where iOS hides it: iPhone landscape).
    public var statusBarHeight: Double {
        if isCompactHeight { return 0 }
        switch hardware {
        case .pad: return 24
        case .homeButton: return 20
        case .notch: return safeArea.top
        case .dynamicIsland: return 54
        }
    }

    /// The screen's pixel size.
    public var pixelSize: (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    /// The App Store Connect screenshot slot this device's pixel size is accepted in ("6.9-inch
    /// iPhone"), nil when App Store Connect accepts no screenshot of this size (a changed `--scale`).
    /// From Apple's screenshot specifications; both orientations are accepted.
    public var appStoreSlot: String? {
        let (width, height) = pixelSize
        let portrait = (min(width, height), max(width, height))
        switch portrait {
        case (1320, 2868), (1290, 2796), (1260, 2736): return "6.9-inch iPhone"
        case (1284, 2778), (1242, 2688): return "6.5-inch iPhone"
        case (1206, 2622), (1179, 2556): return "6.3-inch iPhone"
        case (1170, 2532), (1125, 2436), (1080, 2340): return "6.1-inch iPhone"
        case (1242, 2208): return "5.5-inch iPhone"
        case (750, 1334): return "4.7-inch iPhone"
        case (2064, 2752), (2048, 2732): return "13-inch iPad"
        case (1488, 2266), (1668, 2420), (1668, 2388), (1640, 2360): return "11-inch iPad"
        default: return nil
        }
    }

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
    /// iPhone SE (3rd generation): 375 × 667 pt @2x, its 20 pt status bar on top.
    public static let iPhoneSE = Device(
        id: "iphone-se", name: "iPhone SE (3rd generation)", size: Size(width: 375, height: 667), scale: 2,
        safeArea: EdgeInsets(top: 20))
    /// iPhone 15: 393 × 852 pt @3x, insets 59/34. The default.
    public static let iPhone15 = Device(
        id: "iphone-15", name: "iPhone 15", size: Size(width: 393, height: 852), scale: 3,
        safeArea: EdgeInsets(top: 59, bottom: 34))
    /// iPhone 15 Pro Max: 430 × 932 pt @3x, insets 59/34.
    public static let iPhone15ProMax = Device(
        id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), scale: 3,
        safeArea: EdgeInsets(top: 59, bottom: 34))
    /// iPhone 16 Pro Max: 440 × 956 pt @3x (1320 × 2868 px, App Store Connect's 6.9-inch size), insets 62/34.
    public static let iPhone16ProMax = Device(
        id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", size: Size(width: 440, height: 956), scale: 3,
        safeArea: EdgeInsets(top: 62, bottom: 34))
    /// iPhone 14 Plus: 428 × 926 pt @3x (1284 × 2778 px, App Store Connect's 6.5-inch size), a notch, insets 47/34.
    public static let iPhone14Plus = Device(
        id: "iphone-14-plus", name: "iPhone 14 Plus", size: Size(width: 428, height: 926), scale: 3,
        safeArea: EdgeInsets(top: 47, bottom: 34))
    /// iPad (10th generation): 820 × 1180 pt @2x, insets 24/20.
    public static let iPad10 = Device(
        id: "ipad-10", name: "iPad (10th generation)", size: Size(width: 820, height: 1180), scale: 2,
        safeArea: EdgeInsets(top: 24, bottom: 20))
    /// iPad Pro 13-inch: 1032 × 1376 pt @2x (2064 × 2752 px, App Store Connect's 13-inch size), insets 24/20.
    public static let iPadPro13 = Device(
        id: "ipad-pro-13", name: "iPad Pro 13-inch", size: Size(width: 1032, height: 1376), scale: 2,
        safeArea: EdgeInsets(top: 24, bottom: 20))

    /// Every preset, smallest first.
    public static let presets: [Device] = [
        .iPhoneSE, .iPhone15, .iPhone14Plus, .iPhone15ProMax, .iPhone16ProMax, .iPad10, .iPadPro13,
    ]

    /// Other names for presets: App Store Connect's screenshot sizes.
    public static let aliases: [String: String] = [
        "appstore-6.9": "iphone-16-pro-max", "appstore-6.5": "iphone-14-plus", "appstore-13": "ipad-pro-13",
    ]

    /// The preset with this id or alias (case-insensitive), if any.
    public static func preset(id: String) -> Device? {
        let id = id.lowercased()
        let resolved = aliases[id] ?? id
        return presets.first { $0.id == resolved }
    }
}
