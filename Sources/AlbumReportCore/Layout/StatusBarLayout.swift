/// The status bar as iOS shows it in screenshots: 9:41, full signal, Wi-Fi and a full battery,
/// laid out for the device's kind of screen. Drawn as vectors; no Apple artwork is used.
public struct StatusBarLayout: Sendable, Hashable, Codable {
    /// The bar, from the top of the screen.
    public var frame: Rect
    /// "9:41" (on iPhone SE and iPad "9:41 AM").
    public var time: TextBlock
    /// The iPad's date after the time.
    public var date: TextBlock?
    /// The iPad's battery percentage before the battery.
    public var batteryPercentage: TextBlock?
    /// Four cellular bars (iPhones).
    public var signal: Rect?
    /// The Wi-Fi fan.
    public var wifi: Rect
    /// The battery's body (its cap is drawn outside this frame, to the right).
    public var battery: Rect
    /// Text and symbol colour.
    public var color: RGBA

    /// The sizes of the symbols in points, at the Dynamic Island's size.
    static let signalSize = Size(width: 18, height: 11.5)
    static let wifiSize = Size(width: 16, height: 11.5)
    static let batterySize = Size(width: 25, height: 12)
    static let symbolSpacing = 5.5

    /// The bar for `device`, nil where iOS shows none (iPhone landscape); the time and the iPad's
    /// date in `language` (nil: English).
    public static func make(
        device: Device, theme: Theme, color: RGBA, measurer: some TextMeasuring, language: ChromeLanguage? = nil
    ) -> StatusBarLayout? {
        let height = device.statusBarHeight
        guard height > 0 else { return nil }
        let frame = Rect(x: 0, y: 0, width: device.size.width, height: height)
        let text = Typesetter(family: theme.fonts.navigationTitle.family, color: color, measurer: measurer)
        switch device.hardware {
        case .dynamicIsland, .notch:
            return besideCutout(of: device.hardware, frame: frame, text: text, language: language)
        case .homeButton:
            return homeButton(frame: frame, text: text, language: language)
        case .pad:
            return pad(frame: frame, text: text, language: language)
        }
    }

    // MARK: - Kinds of screen

    /// The time and the symbols centred in the "ears" beside the Dynamic Island or the notch.
    private static func besideCutout(
        of hardware: Device.Hardware, frame: Rect, text: Typesetter<some TextMeasuring>, language: ChromeLanguage?
    ) -> StatusBarLayout {
        let width = frame.width
        let cutout = hardware == .dynamicIsland ? 126.0 : 162.0
        let ear = (width - cutout) / 2
        let midY = hardware == .dynamicIsland ? 30.0 : frame.height / 2
        let time = centred(
            text(language?.statusBarTime(withPeriod: false) ?? "9:41", size: 17, weight: .semibold, x: 0, midY: midY),
            at: ear / 2)
        let symbolsX = width - ear / 2 - groupWidth(scale: 1, withSignal: true) / 2
        let (signal, wifi, battery) = symbols(x: symbolsX, midY: midY, scale: 1, signal: true)
        return StatusBarLayout(
            frame: frame, time: time, signal: signal, wifi: wifi, battery: battery, color: text.color)
    }

    /// A home-button iPhone's bar: the signal leading, the time centred, the battery trailing.
    private static func homeButton(
        frame: Rect, text: Typesetter<some TextMeasuring>, language: ChromeLanguage?
    ) -> StatusBarLayout {
        let width = frame.width
        let midY = frame.height / 2
        let time = centred(
            text(
                language?.statusBarTime(withPeriod: true) ?? "9:41 AM", size: 12, weight: .semibold, x: 0, midY: midY),
            at: width / 2)
        let scale = 0.8
        let (signal, wifi, _) = symbols(x: 6, midY: midY, scale: scale, signal: true)
        let batteryX = width - 6 - (batterySize.width + 2) * scale
        let (_, _, battery) = symbols(
            x: batteryX - (wifiSize.width + symbolSpacing) * scale, midY: midY, scale: scale, signal: false)
        return StatusBarLayout(
            frame: frame, time: time, signal: signal, wifi: wifi, battery: battery, color: text.color)
    }

    /// An iPad's bar: Apple's iPad screenshots show "9:41 AM" (the iPad keeps the AM), then "Tue
    /// Jan 9", the day of the iPhone's 2007 unveiling; the battery's percentage before it.
    private static func pad(
        frame: Rect, text: Typesetter<some TextMeasuring>, language: ChromeLanguage?
    ) -> StatusBarLayout {
        let width = frame.width
        let midY = frame.height / 2
        let time = text(
            language?.statusBarTime(withPeriod: true) ?? "9:41 AM", size: 12, weight: .semibold, x: 20, midY: midY)
        let date = text(
            language?.statusBarDate ?? "Tue Jan 9", size: 12, weight: .regular, x: time.frame.maxX + 4, midY: midY)
        let scale = 0.85
        let batteryX = width - 20 - (batterySize.width + 2) * scale
        let percentage = text("100%", size: 12, weight: .regular, x: 0, midY: midY)
        let percentageX = batteryX - 4 - percentage.frame.width
        let wifiX = percentageX - symbolSpacing * scale - wifiSize.width * scale
        let (_, wifi, _) = symbols(x: wifiX, midY: midY, scale: scale, signal: false)
        let (_, _, battery) = symbols(
            x: batteryX - (wifiSize.width + symbolSpacing) * scale, midY: midY, scale: scale, signal: false)
        return StatusBarLayout(
            frame: frame, time: time, date: date,
            batteryPercentage: centred(percentage, at: percentageX + percentage.frame.width / 2),
            signal: nil, wifi: wifi, battery: battery, color: text.color)
    }

    // MARK: - Pieces

    /// Sets the bar's text: one line, as wide as it measures, in the bar's family and colour.
    private struct Typesetter<Measurer: TextMeasuring> {
        var family: String
        var color: RGBA
        var measurer: Measurer

        func callAsFunction(_ string: String, size: Double, weight: FontWeight, x: Double, midY: Double) -> TextBlock {
            let font = FontStyle(family: family, weight: weight, size: size, lineHeight: size * 1.3)
            let measured = measurer.width(of: string, font: font) + 1
            return TextBlock.make(
                string, font: font, color: color, x: x, y: midY - font.lineHeight / 2, width: measured,
                measurer: measurer)
        }
    }

    /// `block` moved across so that its centre is at `midX`.
    private static func centred(_ block: TextBlock, at midX: Double) -> TextBlock {
        var moved = block
        let dx = midX - block.frame.midX
        moved.frame.x += dx
        moved.lines = block.lines.map { line in
            var line = line
            line.x += dx
            return line
        }
        return moved
    }

    /// The signal, Wi-Fi and battery symbols in a row, `scale` × their size, starting at `x`.
    private static func symbols(
        x: Double, midY: Double, scale: Double, signal withSignal: Bool
    ) -> (signal: Rect?, wifi: Rect, battery: Rect) {
        var cursor = x
        func place(_ size: Size) -> Rect {
            let rect = Rect(
                x: cursor, y: midY - size.height * scale / 2, width: size.width * scale, height: size.height * scale)
            cursor = rect.maxX + symbolSpacing * scale
            return rect
        }
        let signal = withSignal ? place(signalSize) : nil
        return (signal, place(wifiSize), place(batterySize))
    }

    /// The width of the symbols in a row (the battery's cap included).
    private static func groupWidth(scale: Double, withSignal: Bool) -> Double {
        ((withSignal ? signalSize.width + symbolSpacing : 0) + wifiSize.width + symbolSpacing + batterySize.width + 2)
            * scale
    }

    /// The text blocks of the bar.
    public var textBlocks: [TextBlock] { texts }
}

extension StatusBarLayout: LayoutPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&frame, .element(.statusBar))
        visitor.visit(&time, .element(.statusBarTime))
        visitor.visit(&date, .unrecorded)
        visitor.visit(&batteryPercentage, .unrecorded)
        visitor.visit(&signal, .element(.statusBarSignal))
        visitor.visit(&wifi, .element(.statusBarWifi))
        visitor.visit(&battery, .element(.statusBarBattery))
    }
}
