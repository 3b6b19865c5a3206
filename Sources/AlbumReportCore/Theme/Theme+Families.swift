import Foundation

extension Theme.Fonts {
    /// The size from which a style takes the display family (iOS's SF Pro Display starts at 20 pt).
    public static let displaySize = 20.0

    /// The family a theme-wide override gives a style of `size` points: ``displayFamily`` (or
    /// ``family``) from ``displaySize`` up, ``family`` below; nil when the theme sets neither.
    public func familyOverride(forSize size: Double) -> String? {
        size >= Self.displaySize ? (displayFamily ?? family) : family
    }

    /// What the theme's font lists name beyond ``FontSource/maximumCandidates``, one warning per
    /// list (the styles' families, the theme-wide families, the emoji family and
    /// `fallbackFamilies`, whose entries may themselves be lists, counted together); those fonts
    /// are never tried.
    func cutLists() -> [String] {
        var lists: [(String, String)] = Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label, let style = child.value as? FontStyle else { return nil }
            return ("fonts.\(label).family", style.family)
        }
        lists += [("fonts.family", family), ("fonts.displayFamily", displayFamily), ("fonts.emojiFamily", emojiFamily)]
            .compactMap { key, value in value.map { (key, $0) } }
        var notes = lists.compactMap { key, value in
            FontSource.cutNote(FontSource.allCandidates(of: value).count, key: key)
        }
        let fallbacks = fallbackFamilies.reduce(0) { $0 + FontSource.allCandidates(of: $1).count }
        notes += [FontSource.cutNote(fallbacks, key: "fonts.fallbackFamilies")].compactMap { $0 }
        return notes
    }

    /// These fonts with relative font file paths made absolute against `directory` and the
    /// theme-wide ``family``/``displayFamily`` written into every style (the large title and
    /// the header line included, which then stop following the navigation title's family).
    public func applyingFamilies(relativeTo directory: URL?) -> Theme.Fonts {
        func resolve(_ value: String) -> String { FontSource.resolvedList(value, relativeTo: directory) }
        var fonts = self
        fonts.family = family.map(resolve)
        fonts.displayFamily = displayFamily.map(resolve)
        fonts.emojiFamily = emojiFamily.map(resolve)
        fonts.fallbackFamilies = Array(
            fallbackFamilies.lazy.flatMap { value in
                FontSource.candidates(of: value).lazy.map { $0.resolved(relativeTo: directory).value }
            }.prefix(FontSource.maximumCandidates))
        if fonts.family != nil || fonts.displayFamily != nil {
            fonts.largeTitle = largeTitleStyle
            fonts.sectionHeader = sectionHeaderStyle
        }
        let overrides = fonts
        func apply(_ style: FontStyle) -> FontStyle {
            var style = style
            style.family = overrides.familyOverride(forSize: style.size) ?? resolve(style.family)
            return style
        }
        for role in Self.styleRoles { fonts[keyPath: role] = apply(self[keyPath: role]) }
        fonts.largeTitle = fonts.largeTitle.map(apply)
        fonts.sectionHeader = fonts.sectionHeader.map(apply)
        return fonts
    }
}
