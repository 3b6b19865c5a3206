import AlbumReportCompareReport
import AlbumReportCore
import AlbumReportTemplates
import Foundation
import Mustache

/// Renders `index.html` from a manifest with the Mustache template: the user's
/// `index.mustache` from `--templates DIR` when there is one, the shipped one otherwise.
public struct GalleryPage: Sendable {
    let template: MustacheTemplate
    /// Where a report's language's words are looked for first (`--templates DIR`).
    let templatesDirectory: URL?

    /// The page's file name.
    public static let fileName = "index.html"

    /// Loads the template; a template that does not parse is an error naming the file.
    public init(templatesDirectory: URL?) throws(ReportError) {
        self.templatesDirectory = templatesDirectory
        guard let url = DefaultTemplates.template(named: "index.mustache", preferring: templatesDirectory) else {
            throw .template(path: "index.mustache", detail: "the built-in template is missing from this build")
        }
        switch TemplateFile.load(url) {
        case .success(let loaded): template = loaded
        case .failure(let problem): throw .template(path: url.path, detail: problem.description)
        }
    }

    /// The HTML for `manifest`, in the language its report was drawn in (the words of
    /// `strings/CODE.json`, read again; English when they cannot be).
    public func render(_ manifest: Manifest) -> Data {
        let language = manifest.language.flatMap { code in
            try? ChromeStringsLoader.load(
                code, direction: manifest.layoutDirection, templatesDirectory: templatesDirectory
            ).language
        }
        return render(manifest, language: language)
    }

    /// The HTML for `manifest`, its words from `language` (nil: English).
    public func render(_ manifest: Manifest, language: ChromeLanguage?) -> Data {
        let subtitle = ChartSubtitle.text(
            for: Feed(
                format: manifest.feed.format, title: manifest.feed.title, country: manifest.feed.country,
                updated: manifest.feed.updated, items: []),
            locale: Locale(identifier: manifest.locale))
        return Data(template.render(Gallery(manifest: manifest, subtitle: subtitle, language: language)).utf8)
    }
}

// The page's values by name, as Templates/README.md lists them. Without these, swift-mustache
// finds every value by reflection (Mirror), which was a tenth of a refresh run's time.

extension Gallery: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "subtitle": subtitle
        case "generator": generator
        case "sheets": sheets
        case "cards": cards
        case "warnings": warnings
        case "hasSubtitle": hasSubtitle
        case "hasCards": hasCards
        case "hasWarnings": hasWarnings
        case "lang": lang
        case "dir": dir
        case "chartHeading": chartHeading
        case "cardsHeading": cardsHeading
        case "warningsHeading": warningsHeading
        case "matrixLabel": matrixLabel
        case "matrixHref": matrixHref
        case "hasMatrix": hasMatrix
        default: nil
        }
    }
}

extension Gallery.Sheet: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "file": file
        case "alt": alt
        case "widthPixels": widthPixels
        case "heightPixels": heightPixels
        case "displayWidth": displayWidth
        case "rows": rows
        default: nil
        }
    }
}

extension Gallery.Card: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "anchor": anchor
        case "file": file
        case "alt": alt
        case "rank": rank
        case "title": title
        case "artist": artist
        case "widthPixels": widthPixels
        case "heightPixels": heightPixels
        case "displayWidth": displayWidth
        case "hasArtist": hasArtist
        case "buttons": buttons
        default: nil
        }
    }
}

extension Gallery.Region: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "label": label
        case "left": left
        case "top": top
        case "width": width
        case "height": height
        default: nil
        }
    }
}
