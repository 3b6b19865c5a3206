/// Where a report puts its files, relative to the output folder.
public enum ReportLayout {
    /// The folder of the detail cards.
    public static let cardsFolder = "cards"

    /// `cards/NNN-slug.png` for the item ranked `rank`.
    public static func cardPath(rank: Int, title: String) -> String {
        cardsFolder + "/" + Slug.cardFileName(rank: rank, title: title)
    }

    /// `sheet.png`, or `sheet-NNN.png` for page `page` (1-based) of a paged sheet.
    public static func sheetPath(page: Int?) -> String {
        guard let page else { return "sheet.png" }
        let number = String(page)
        return "sheet-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + ".png"
    }

    /// Whether `name` is a sheet's file name: `sheet.png` or a page's `sheet-NNN.png` (any number
    /// of digits; the case as given).
    public static func isSheet(_ name: String) -> Bool {
        if name == sheetPath(page: nil) { return true }
        guard name.hasPrefix("sheet-"), name.hasSuffix(".png") else { return false }
        let number = name.dropFirst("sheet-".count).dropLast(".png".count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether `path` is a detail card.
    public static func isCard(_ path: String) -> Bool {
        path.hasPrefix(cardsFolder + "/")
    }
}
