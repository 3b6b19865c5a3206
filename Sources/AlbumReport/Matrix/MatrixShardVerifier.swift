import AlbumReportCore
import Foundation

/// What `merge` checks of each combination a matrix shard lists, so that nothing in a shard's
/// matrix manifest is taken on trust: its values and folder are those its index gives on the
/// matrix's axes (``MatrixCombination/init(index:of:)``, the derivation `generate` enumerates
/// with), and its own report's `manifest.json` agrees with them, with its picture and with its
/// warning count.
struct MatrixShardVerifier {
    /// The matrix's axes, read from a shard's manifest and checked as a matrix file is.
    let axes: [MatrixSpec.Axis]
    /// What every combination shares (the settings no axis sets, the generator, the feed and
    /// the library versions), as the first combination checked recorded it, and its folder.
    private var shared: (folder: String, facts: SharedFacts)?
    /// What the settings resolved to (the top-level `theme` and `locale`), by the settings they
    /// resolve from, as the first combination with those settings recorded it, and its folder:
    /// the same settings must resolve alike in every combination.
    private var resolved: [String: (value: String, folder: String)] = [:]
    /// Where theme names are looked up (merge's `--templates`), as `generate` looked them up.
    private let templatesDirectory: URL?
    /// The name of each theme setting's theme, as loaded here; nil where it cannot be loaded here
    /// (a theme file on the runner that drew it), whose name then only has to be consistent.
    private var themeNames: [String: String?] = [:]

    /// What the combinations of one matrix run have in common, whichever shard drew them.
    struct SharedFacts: Equatable {
        var settings: [String: String]
        var generator: String
        var feed: Manifest.FeedInfo
        var libraries: [String: String]?
    }

    /// The axes of `manifest` (read from `place`), which must be a matrix `generate` can run:
    /// valid keys and values in axis order, and as many combinations as their product.
    init(_ manifest: MatrixManifest, place: String, templatesDirectory: URL? = nil) throws(ReportError) {
        self.templatesDirectory = templatesDirectory
        var lists: [String: [String]] = [:]
        for axis in manifest.axes { lists[axis.key] = axis.values }
        let spec: MatrixSpec
        do {
            spec = try MatrixSpec.build(lists, source: "\(place): its matrix manifest")
        } catch {
            throw .output("\(error.description) Render that shard again.")
        }
        let written = spec.axes.map { MatrixManifest.Axis(key: $0.key.rawValue, values: $0.values) }
        guard written == manifest.axes, spec.combinationCount == manifest.combinationCount else {
            throw .output(
                "\(place): its matrix manifest's axes are not those of a matrix (each key once, in albumreport's order, making \(spec.combinationCount) combinations; it says \(manifest.combinationCount)). Render that shard again."
            )
        }
        axes = spec.axes
    }

    /// The combination `entry` must be: the values and folder its index gives.
    func combination(for entry: MatrixManifest.Combination, place: String) throws(ReportError) -> MatrixCombination {
        guard let expected = MatrixCombination(index: entry.index, of: axes) else {
            throw .output(
                "\(place) lists combination \(entry.index), which the matrix does not have. Render that shard again.")
        }
        guard entry.values == expected.valuesByKey else {
            throw .output(
                "\(place): combination \(entry.index) claims \(describe(entry.values)), but combination \(entry.index) of the matrix is \(describe(expected.valuesByKey)). Render that shard again."
            )
        }
        guard entry.folder == expected.folder else {
            throw .output(
                "\(place): combination \(entry.index) (\(Excerpt.printable(expected.label))) is in the folder \(Excerpt.location(entry.folder)), but its values put it in \(Excerpt.location(expected.folder)). Render that shard again."
            )
        }
        return expected
    }

    /// Checks `report`, the manifest.json in `entry`'s folder, against `entry`: the settings the
    /// axes set, the picture the grid shows and the warning count.
    mutating func check(
        _ report: Manifest, of entry: MatrixManifest.Combination, place: String
    ) throws(ReportError) {
        let combination = try combination(for: entry, place: place)
        let named = "\(place): the manifest.json of combination \(entry.index) (\(Excerpt.location(entry.folder)))"
        for (axis, value) in zip(combination.axes, combination.values) {
            guard let recorded = axis.recorded(in: report) else { continue }
            let expected = axis.canonical(value) ?? value
            guard recorded == expected else {
                throw .output(
                    "\(named) records \(axis.setting.property) \"\(Excerpt.printable(recorded))\", but the matrix gives it \"\(Excerpt.printable(expected))\". Render that shard again."
                )
            }
        }
        // The device the screens were drawn for must be the one the settings record names.
        let drawn = MatrixAxis.devices.recorded(in: report)
        guard report.device.id == drawn,
            report.device.orientation.rawValue == MatrixAxis.orientations.recorded(in: report)
        else {
            throw .output(
                "\(named) was drawn for \(Excerpt.identifier(report.device.id)) (\(report.device.orientation.rawValue)), which is not the device its settings record. Render that shard again."
            )
        }
        try checkShared(report, folder: entry.folder, named: named)
        try checkResolved(report, folder: entry.folder, named: named)
        if let sheet = entry.sheet, sheet.file.contains("/") || !ReportWriter.isSafeRelativePath(sheet.file) {
            throw .output(
                "\(place): the matrix manifest shows \(Excerpt.location(sheet.file)) for combination \(entry.index) (\(Excerpt.location(entry.folder))), which is not a file name in its folder. Render that shard again."
            )
        }
        let sheet = MatrixManifestBuilder.thumbnail(of: report.files)
        guard entry.sheet == sheet else {
            throw .output(
                "\(place): the matrix manifest shows \(describe(entry.sheet)) for combination \(entry.index) (\(Excerpt.location(entry.folder))), but its manifest.json lists \(describe(sheet)) as its sheet. Render that shard again."
            )
        }
        let cards = MatrixManifestBuilder.cardThumbnails(of: report.files)
        guard (entry.cards ?? []) == cards else {
            throw .output(
                "\(place): the matrix manifest shows \(describe(entry.cards ?? [])) as the first cards of combination \(entry.index) (\(Excerpt.location(entry.folder))), but its manifest.json lists \(describe(cards)). Render that shard again."
            )
        }
        guard entry.warningCount == report.warnings.count else {
            throw .output(
                "\(place): the matrix manifest counts \(entry.warningCount) warning(s) for combination \(entry.index) (\(Excerpt.location(entry.folder))), but its manifest.json has \(report.warnings.count). Render that shard again."
            )
        }
    }

    /// Every combination must share what no axis sets: a shard rendered with another `--theme`
    /// (when themes are no axis), another `--limit`'s feed or another version is refused,
    /// naming the setting where one differs.
    private mutating func checkShared(_ report: Manifest, folder: String, named: String) throws(ReportError) {
        let axisProperties = Set(axes.map(\.key.setting.property))
        let facts = SharedFacts(
            settings: RenderSettings.values(recorded: report.settings).filter { !axisProperties.contains($0.key) },
            generator: report.generator, feed: report.feed, libraries: report.libraries)
        guard let shared else {
            self.shared = (folder, facts)
            return
        }
        guard facts != shared.facts else { return }
        let first = Excerpt.location(shared.folder)
        if let setting = facts.settings.keys.sorted().first(where: { facts.settings[$0] != shared.facts.settings[$0] })
        {
            throw .output(
                "\(named) was drawn with \(setting) \(Excerpt.identifier(facts.settings[setting] ?? "?")), \(first) with \(Excerpt.identifier(shared.facts.settings[setting] ?? "?")), and no axis sets it. Render every shard with the same options."
            )
        }
        throw .output(
            "\(named) was rendered from other inputs than \(first) (the albumreport version, the feed or the library versions differ). Render every shard with the same version and feed, on runners with the same libraries."
        )
    }

    /// The top-level facts the settings resolved to must be theirs: the direction the language
    /// and `layoutDirection` give, and the same theme name and date locale wherever the theme,
    /// locale and language settings are the same (a shard cannot relabel one combination).
    private mutating func checkResolved(_ report: Manifest, folder: String, named: String) throws(ReportError) {
        let values = RenderSettings.values(recorded: report.settings)
        func value(_ property: String) -> String { values[property] ?? "" }
        let language = report.settings?["language"]
        let explicit = LayoutDirectionChoice(rawValue: value("layoutDirection"))?.direction
        let direction = explicit ?? LayoutDirection.natural(for: language ?? "en")
        guard (report.layoutDirection ?? .ltr) == direction else {
            throw .output(
                "\(named) records the layout direction \((report.layoutDirection ?? .ltr).rawValue), but its language \(Excerpt.identifier(language ?? "en")) and layoutDirection \(value("layoutDirection")) give \(direction.rawValue). Render that shard again."
            )
        }
        let theme = value("theme")
        if themeNames[theme] == nil {
            themeNames[theme] = try? ThemeLoader.load(ThemeChoice.parse(theme), templatesDirectory: templatesDirectory)
                .name
        }
        if let name = themeNames[theme] ?? nil, name != report.theme {
            throw .output(
                "\(named) records the theme \(Excerpt.identifier(report.theme)), but its theme setting \(Excerpt.printable(theme)) is the theme named \(Excerpt.identifier(name)). Render that shard again (or pass merge the --templates folder the shards were drawn with)."
            )
        }
        let facts = [
            ("theme", "theme \(theme)", report.theme),
            ("locale", "locale \(value("locale")) and language \(language ?? "en")", report.locale),
        ]
        for (field, settings, recorded) in facts {
            let key = "\(field)|\(settings)"
            if let first = resolved[key], first.value != recorded {
                throw .output(
                    "\(named) records the \(field) \(Excerpt.identifier(recorded)), but \(Excerpt.location(first.folder)), drawn with the same \(Excerpt.printable(settings)), records \(Excerpt.identifier(first.value)). Render that shard again."
                )
            }
            resolved[key] = resolved[key] ?? (recorded, folder)
        }
    }

    /// `values` as `key=value, …`, the axes' keys in axis order first.
    private func describe(_ values: [String: String]) -> String {
        let order = axes.map(\.key.rawValue)
        let keys = order.filter { values[$0] != nil } + values.keys.filter { !order.contains($0) }.sorted()
        guard !keys.isEmpty else { return "no values" }
        return keys.map { "\(Excerpt.identifier($0))=\(Excerpt.printable(values[$0] ?? ""))" }.joined(separator: ", ")
    }

    /// Grid pictures of cards, or "no cards".
    private func describe(_ cards: [MatrixManifest.Thumbnail]) -> String {
        cards.isEmpty ? "no cards" : cards.map { describe($0) }.joined(separator: ", ")
    }

    /// A grid picture as `file (W × H px)`, or "no sheet".
    private func describe(_ thumbnail: MatrixManifest.Thumbnail?) -> String {
        guard let thumbnail else { return "no sheet" }
        return "\(Excerpt.location(thumbnail.file)) (\(thumbnail.widthPixels) × \(thumbnail.heightPixels) px)"
    }
}
