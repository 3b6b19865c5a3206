import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Compares PNG files or folders of them: cheap checks first (size from the header, then
/// identical bytes), then the pixel pass on raw buffers. Writes a diff and a side-by-side image
/// per mismatch, and with `update` copies the actual image over the expected one.
public struct GoldenComparer: Sendable {
    /// The comparison settings.
    public var options: CompareOptions
    /// Where `NAME.diff.png` and `NAME.compare.png` go (nil: nowhere).
    public var diffDirectory: URL?
    /// Copy the actual image over the expected one for each mismatched or new pair.
    public var update: Bool

    /// Creates a comparer.
    public init(options: CompareOptions = CompareOptions(), diffDirectory: URL? = nil, update: Bool = false) {
        self.options = options
        self.diffDirectory = diffDirectory
        self.update = update
    }

    /// Compares two PNG files, or two folders matched by relative path.
    public func compare(expected: URL, actual: URL) async throws(CompareError) -> ComparisonSummary {
        let manager = FileManager.default
        var actualIsFolder: ObjCBool = false
        guard manager.fileExists(atPath: actual.path, isDirectory: &actualIsFolder) else {
            throw .notFound(actual.path)
        }
        var expectedIsFolder: ObjCBool = false
        let expectedExists = manager.fileExists(atPath: expected.path, isDirectory: &expectedIsFolder)
        if !expectedExists && !update { throw .notFound(expected.path) }
        if expectedExists && expectedIsFolder.boolValue != actualIsFolder.boolValue {
            throw .kindMismatch(expected: expected.path, actual: actual.path)
        }

        var pairs: [PairResult] = []
        if actualIsFolder.boolValue {
            let expectedFiles = expectedExists ? Self.pngFiles(in: expected) : []
            let actualFiles = Self.pngFiles(in: actual)
            for name in Set(expectedFiles).union(actualFiles).sorted() {
                pairs.append(
                    try await comparePair(
                        name: name,
                        expected: expectedFiles.contains(name) ? expected.appendingPathComponent(name) : nil,
                        actual: actualFiles.contains(name) ? actual.appendingPathComponent(name) : nil,
                        expectedTarget: expected.appendingPathComponent(name)))
            }
        } else {
            pairs.append(
                try await comparePair(
                    name: expected.lastPathComponent, expected: expectedExists ? expected : nil, actual: actual,
                    expectedTarget: expected))
        }
        return ComparisonSummary(expected: expected.path, actual: actual.path, options: options, pairs: pairs)
    }

    /// Relative paths of the PNG files below `folder`, sorted.
    static func pngFiles(in folder: URL) -> [String] {
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.lowercased().hasSuffix(".png"),
                !relative.hasSuffix(".diff.png"), !relative.hasSuffix(".compare.png")
            else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    // MARK: - One pair

    private func comparePair(
        name: String, expected: URL?, actual: URL?, expectedTarget: URL
    ) async throws(CompareError)
        -> PairResult
    {
        guard let actual else {
            return PairResult(
                name: name, status: .missing, expectedPath: expected?.path,
                message: "\(name) is expected but the actual side has no such file.")
        }
        let actualData: Data
        switch Self.readPNG(actual) {
        case .success(let data): actualData = data
        case .failure(let problem):
            return PairResult(
                name: name, status: .error, expectedPath: expected?.path, actualPath: actual.path,
                message: problem.reason)
        }
        guard let expected else {
            let updated = update ? try copy(actualData, to: expectedTarget) : false
            return PairResult(
                name: name, status: .new, actualPath: actual.path, updated: updated,
                message: "\(name) is new: there is no expected image for it."
                    + (updated ? " It was recorded as the reference." : " Pass --update to record it."))
        }
        let expectedData: Data
        switch Self.readPNG(expected) {
        case .success(let data): expectedData = data
        case .failure(let problem):
            return PairResult(
                name: name, status: .error, expectedPath: expected.path, actualPath: actual.path,
                message: problem.reason)
        }

        // Cheap checks first: identical bytes need no decoding.
        if expectedData == actualData {
            let header = ImageHeader.read(expectedData)
            let pixels = (header?.width ?? 0) * (header?.height ?? 0)
            return PairResult(
                name: name, status: .match, expectedPath: expected.path, actualPath: actual.path,
                difference: PixelDifference(
                    comparedPixels: pixels, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0),
                message: "identical bytes")
        }
        let decodedExpected: GDImage
        let decodedActual: GDImage
        switch PNGReader.decode(expectedData, name: expected.path) {
        case .success(let image): decodedExpected = image
        case .failure(let problem):
            return PairResult(
                name: name, status: .error, expectedPath: expected.path, actualPath: actual.path,
                message: problem.description)
        }
        switch PNGReader.decode(actualData, name: actual.path) {
        case .success(let image): decodedActual = image
        case .failure(let problem):
            return PairResult(
                name: name, status: .error, expectedPath: expected.path, actualPath: actual.path,
                message: problem.description)
        }
        let expectedPixels = decodedExpected.pixelBuffer()
        let actualPixels = decodedActual.pixelBuffer()
        let large = expectedPixels.width * expectedPixels.height > 500_000
        let bands = large ? max(ProcessInfo.processInfo.activeProcessorCount * 2, 2) : 1
        let (difference, diff) = await PixelComparator.compare(
            expectedPixels, actualPixels, options: options, diffImage: diffDirectory != nil, bands: bands)
        let matches = difference.matches(options)
        var result = PairResult(
            name: name, status: matches ? .match : .mismatch, expectedPath: expected.path, actualPath: actual.path,
            difference: difference, message: difference.summary)
        guard !matches else { return result }

        if let diffDirectory, let diff {
            let stem = name.lowercased().hasSuffix(".png") ? String(name.dropLast(4)) : name
            let diffURL = diffDirectory.appendingPathComponent(stem + ".diff.png")
            let compareURL = diffDirectory.appendingPathComponent(stem + ".compare.png")
            do {
                let diffImage = try GDImage(diff)
                try write(diffImage.pngData(compressionLevel: 3), to: diffURL)
                let sideBySide = try Self.sideBySide([decodedExpected, decodedActual, diffImage])
                try write(sideBySide.pngData(compressionLevel: 3), to: compareURL)
            } catch let error as CompareError {
                throw error
            } catch {
                throw .writeFailed(path: diffURL.path, detail: String(describing: error))
            }
            result.diffImagePath = diffURL.path
            result.compareImagePath = compareURL.path
        }
        if update {
            result.updated = try copy(actualData, to: expectedTarget)
            result.message += "; the reference was updated"
        }
        return result
    }

    /// expected | actual | diff, on a grey ground with gaps.
    static func sideBySide(_ images: [GDImage]) throws(GraphicsError) -> GDImage {
        let gap = 16
        let width = images.reduce(gap) { $0 + $1.width + gap }
        let height = (images.map(\.height).max() ?? 1) + 2 * gap
        let canvas = try GDImage(width: width, height: height, background: RGBA(red: 128, green: 128, blue: 128))
        var x = gap
        for image in images {
            canvas.copy(image, x: x, y: gap)
            x += image.width + gap
        }
        return canvas
    }

    struct Problem: Error {
        var reason: String
    }

    /// The file's bytes when it is a PNG, or a sentence naming it.
    static func readPNG(_ url: URL) -> Result<Data, Problem> {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(Problem(reason: "\(url.path) could not be read (\(error.localizedDescription))."))
        }
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            if case .failure(let problem) = PNGReader.decode(data, name: url.path) {
                return .failure(Problem(reason: problem.description))
            }
            return .success(data)
        }
        return .success(data)
    }

    private func write(_ data: Data, to url: URL) throws(CompareError) {
        do {
            try data.writeCreatingFolders(to: url)
        } catch {
            throw .writeFailed(path: url.path, detail: error.localizedDescription)
        }
    }

    private func copy(_ data: Data, to url: URL) throws(CompareError) -> Bool {
        try write(data, to: url)
        return true
    }
}
