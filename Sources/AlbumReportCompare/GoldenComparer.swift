import AlbumReportCore
import Foundation

/// Compares PNG files, or folders of them matched by relative path: cheap checks first (the
/// header's size, then identical bytes), then pixelmatch's pixel pass in bands of rows, both
/// images decoded as the bands go (``StreamedComparison``), several pairs at once: memory
/// follows the pairs in flight and their bands, not the folder or the images. For every pair that is not a match it puts the images the report shows
/// in the report folder (the expected and actual images, the diff and a side-by-side), so that
/// the folder alone, downloaded from CI, shows everything. With `update` it converges: changed
/// and new images are written over the goldens, and goldens whose actual file is gone removed.
public struct GoldenComparer: Sendable {
    /// The comparison settings.
    public var options: CompareOptions
    /// The report folder: images go in its `images/` (nil: no images written).
    public var reportDirectory: URL?
    /// Bring the expected side in line with the actual one.
    public var update: Bool
    /// Pairs compared at once.
    public var concurrency: Int

    /// Creates a comparer.
    public init(
        options: CompareOptions = CompareOptions(), reportDirectory: URL? = nil, update: Bool = false,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.options = options
        self.reportDirectory = reportDirectory
        self.update = update
        self.concurrency = max(concurrency, 1)
    }

    /// The folder for images inside the report folder.
    public static let imagesFolder = "images"

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
        let plan: Plan
        if actualIsFolder.boolValue {
            plan = try folderPlan(expected: expected, actual: actual, expectedExists: expectedExists)
        } else {
            if !options.maskElements.isEmpty { throw .maskElementsNeedReports }
            let resolved = options.resolved(for: expected.lastPathComponent)
            plan = Plan(jobs: [
                Job(
                    name: expected.lastPathComponent, expected: expectedExists ? expected : nil, actual: actual,
                    target: expected, options: resolved, masks: resolved.masks(for: expected.lastPathComponent))
            ])
        }
        let pairs = try await compareAll(plan.jobs)
        if update, actualIsFolder.boolValue { try convergeManifest(expected: expected, actual: actual) }
        var summary = ComparisonSummary(
            expected: expected.path, actual: actual.path, options: options, pairs: pairs, drift: plan.drift,
            reportDirectory: reportDirectory?.path)
        summary.maskSource = plan.maskSource
        return summary
    }

    /// What a comparison will do: its pairs, the reports' drift, the manifest that placed the masks.
    struct Plan {
        var jobs: [Job]
        var drift: [String] = []
        var maskSource: String?
    }

    /// The pairs of two folders matched by relative path (either side may lack a file).
    private func folderPlan(expected: URL, actual: URL, expectedExists: Bool) throws(CompareError) -> Plan {
        let excluded = try excludedReportFolder(inputs: expectedExists ? [expected, actual] : [actual])
        let expectedWalk = expectedExists ? Self.walk(expected, excluding: excluded) : Walk()
        let actualWalk = Self.walk(actual, excluding: excluded)
        let (expectedFiles, actualFiles) = (expectedWalk.files, actualWalk.files)
        let actualReport = ReportFacts(folder: actual)
        let expectedReport = ReportFacts(folder: expected)
        // Element masks come from the goldens' manifest (the reviewed side), never from the
        // actual side's alone.
        let goldens = try Self.checkMaskElements(
            options.maskElements, goldens: expectedReport, expectedExists: expectedExists)
        let linked = expectedWalk.unread.union(actualWalk.unread)
        let names = Set(expectedFiles).union(actualFiles).union(linked).sorted()
        try Self.checkGlobs(options, match: names)
        let jobs = names.map { name in
            let resolved = options.resolved(for: name)
            let elements = goldens.map {
                ElementMasks.masks(for: name, names: options.maskElements, goldens: $0, actual: actualReport)
            }
            return Job(
                name: name, expected: expectedFiles.contains(name) ? expected.appendingPathComponent(name) : nil,
                actual: actualFiles.contains(name) ? actual.appendingPathComponent(name) : nil,
                target: expected.appendingPathComponent(name), options: resolved,
                masks: resolved.masks(for: name) + (elements?.masks ?? []), maskNote: elements?.untrusted,
                goldens: expected,
                unread: expectedWalk.unread.contains(name)
                    ? expected.appendingPathComponent(name)
                    : actualWalk.unread.contains(name) ? actual.appendingPathComponent(name) : nil)
        }
        return Plan(
            jobs: jobs, drift: ReportFacts.drift(expected: expectedReport, actual: actualReport),
            maskSource: goldens == nil ? nil : expected.appendingPathComponent(ManifestFile.name).path)
    }

    /// `--update` on folders: the goldens' `manifest.json` becomes the actual one (it names the
    /// fonts and libraries the goldens were now drawn with, and where their elements are), so that
    /// a drift warning does not outlive re-recording; a goldens manifest the actual side has no
    /// counterpart of is removed, as a golden whose actual file is gone is.
    private func convergeManifest(expected: URL, actual: URL) throws(CompareError) {
        let target = expected.appendingPathComponent(ManifestFile.name)
        switch ContainedPath.read(ManifestFile.name, under: actual) {
        case .success(let data):
            if (try? Data(contentsOf: target)) == data { return }
            try write(data, to: target, goldens: expected)
        case .failure:
            guard ContainedPath.kind(of: target) == .file else { return }
            do {
                try FileManager.default.removeItem(at: target)
            } catch {
                throw .writeFailed(path: target.path, detail: FileProblem.describe(error))
            }
        }
    }

    /// One pair to compare.
    struct Job: Sendable {
        var name: String
        var expected: URL?
        var actual: URL?
        /// Where `--update` writes the golden.
        var target: URL
        /// The options for this file: the comparison's with the config's entries for its path.
        var options: CompareOptions
        /// Every mask of this file: global, scoped, the config's and the elements'.
        var masks: [PixelRect]
        /// Why some of the actual manifest's element frames were not used as masks (said when
        /// the pair does not match).
        var maskNote: String? = nil
        /// The goldens folder `target` is inside (nil when two files are compared).
        var goldens: URL?
        /// A symbolic link, FIFO, socket or device found where this pair's file is: the pair is an
        /// error, and it is neither followed nor opened.
        var unread: URL?
    }

    /// The report folder when it is inside an input folder (its files are left out of the walk);
    /// nil when it is elsewhere. A report folder that is an input folder, or whose images
    /// folder holds one, is refused: the comparison would read what it writes.
    private func excludedReportFolder(inputs: [URL]) throws(CompareError) -> String? {
        guard let reportDirectory else { return nil }
        let report = reportDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let images = report + "/" + Self.imagesFolder
        var excluded: String?
        for input in inputs {
            let base = input.standardizedFileURL.resolvingSymlinksInPath().path
            if base == report || base == images || base.hasPrefix(images + "/") || images.hasPrefix(base + "/") {
                guard report.hasPrefix(base + "/") else {
                    throw .reportOverlapsInput(report: reportDirectory.path, input: input.path)
                }
            }
            if report.hasPrefix(base + "/") { excluded = report }
        }
        return excluded
    }

    /// Every job, `concurrency` at a time, the largest files first (so that the pair left running
    /// alone at the end is a small one, not a 30-megapixel sheet started last); results in the
    /// jobs' order.
    private func compareAll(_ jobs: [Job]) async throws(CompareError) -> [PairResult] {
        let sizes = jobs.map { job in
            [job.expected, job.actual].compactMap { url in
                url.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int }
            }.max() ?? 0
        }
        let order = jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        do {
            let results = try await BoundedTaskGroup.map(order, limit: concurrency) { index in
                try await comparePair(jobs[index])
            }
            var ordered = results
            for (position, index) in order.enumerated() { ordered[index] = results[position] }
            return ordered
        } catch let error as CompareError {
            throw error
        } catch {
            throw .writeFailed(path: reportDirectory?.path ?? "", detail: String(describing: error))
        }
    }

    // MARK: - One pair

    private func comparePair(_ job: Job) async throws(CompareError) -> PairResult {
        let (expected, expectedData, actual, actualData): (URL, Data, URL, Data)
        switch try read(job) {
        case .read(let one, let two):
            (expected, expectedData, actual, actualData) = (one.url, one.data, two.url, two.data)
        case .done(let result): return result
        }
        let name = job.name
        switch PNGComparison.prepare(
            expected: expectedData, actual: actualData, expectedName: expected.path, actualName: actual.path)
        {
        case .failed(let problem):
            return Self.failed(name, expected, actual, problem.description)
        case .decided(let difference, let message):
            let result = PairResult(
                name: name, status: difference.matches(job.options) ? .match : .mismatch,
                expectedPath: expected.path, actualPath: actual.path, difference: difference, message: message)
            return try finish(result, job: job, data: (expectedData, actualData), pictures: nil)
        case .pixels:
            break
        }
        // An animated PNG's other frames would go uncompared, and a pass would be false: two
        // that are not the same bytes are an error.
        for (url, data) in [(expected, expectedData), (actual, actualData)] {
            if let frames = PNGChunkWalk.animationFrames(in: data) {
                return Self.failed(
                    name, expected, actual,
                    "\(url.path) is an animated PNG (\(frames) frames); compare compares still images, and would compare only its first frame. Export each frame as a PNG of its own and compare those."
                )
            }
        }
        var options = job.options
        options.masks = job.masks
        let outcome: StreamedComparison.Outcome
        switch StreamedComparison.compare(
            expected: expectedData, actual: actualData, expectedName: expected.path, actualName: actual.path,
            options: options, pictures: reportDirectory != nil)
        {
        case .success(let value): outcome = value
        case .failure(let problem):
            return Self.failed(name, expected, actual, problem.description)
        }
        let difference = outcome.difference
        let result = PairResult(
            name: name, status: difference.matches(options) ? .match : .mismatch, expectedPath: expected.path,
            actualPath: actual.path, difference: difference, message: difference.summary)
        let pictures = outcome.diff.flatMap { diff in outcome.sideBySide.map { (diff, $0) } }
        return try finish(result, job: job, data: (expectedData, actualData), pictures: pictures)
    }

    /// Both files of a pair read, or the pair's result when that is all there is to say: a file
    /// that is a link or no regular file, one that cannot be read, a missing or a new golden.
    private enum Read {
        case read(expected: (url: URL, data: Data), actual: (url: URL, data: Data))
        case done(PairResult)
    }

    private func read(_ job: Job) throws(CompareError) -> Read {
        let name = job.name
        if let unread = job.unread {
            let message =
                ContainedPath.kind(of: unread) == .link
                ? "\(unread.path) is a symbolic link; compare does not follow links inside the folders it compares. Replace it with the file itself."
                : "\(unread.path) is not a regular file (a FIFO, socket or device); compare reads only files. Replace it with the PNG file, or remove it."
            return .done(Self.failed(name, job.expected, job.actual, message))
        }
        guard let actual = job.actual else { return .done(try missing(job)) }
        let actualData: Data
        switch Self.read(actual) {
        case .success(let data): actualData = data
        case .failure(let problem):
            return .done(Self.failed(name, job.expected, actual, problem.description))
        }
        guard let expected = job.expected else { return .done(try new(job, actualData: actualData)) }
        switch Self.read(expected) {
        case .success(let data): return .read(expected: (expected, data), actual: (actual, actualData))
        case .failure(let problem):
            return .done(Self.failed(name, expected, actual, problem.description))
        }
    }

    /// The result of a pair that could not be compared, and why.
    private static func failed(_ name: String, _ expected: URL?, _ actual: URL?, _ message: String) -> PairResult {
        PairResult(name: name, status: .error, expectedPath: expected?.path, actualPath: actual?.path, message: message)
    }

    /// A compared pair's result as it is reported: on a mismatch, with its images in the report
    /// folder and (with `update`) the actual image written over the golden.
    private func finish(
        _ result: PairResult, job: Job, data: (expected: Data, actual: Data), pictures: (diff: Data, sideBySide: Data)?
    ) throws(CompareError) -> PairResult {
        guard result.status == .mismatch else { return result }
        var result = result
        if let note = job.maskNote { result.message += " " + note }
        result.images = try reportImages(
            job.name, expected: data.expected, actual: data.actual, pictures: pictures)
        if update {
            // Nothing is recorded that cannot be read back (a pair told apart by its header's
            // size alone was not decoded).
            if let problem = PNGReader.readBackProblem(data.actual, name: job.actual?.path ?? job.name) {
                result.status = .error
                result.message = "\(problem.description) It was not recorded as the golden."
                return result
            }
            try write(data.actual, to: job.target, goldens: job.goldens)
            result.updated = true
            result.message += "; the golden was updated"
        }
        return result
    }

    private func missing(_ job: Job) throws(CompareError) -> PairResult {
        var result = PairResult(
            name: job.name, status: .missing, expectedPath: job.expected?.path,
            message: "\(Excerpt.location(job.name)) is expected but the actual side has no such file.")
        if let expected = job.expected, let data = try? Data(contentsOf: expected) {
            result.images = try reportImages(job.name, expected: data, actual: nil, pictures: nil)
        }
        if update, let expected = job.expected {
            if let goldens = job.goldens, let link = ContainedPath.firstLink(under: goldens, relative: job.name) {
                throw .linkedGolden(link: link.path)
            }
            do {
                try FileManager.default.removeItem(at: expected)
            } catch {
                throw .writeFailed(path: expected.path, detail: String(describing: error))
            }
            result.updated = true
            result.message += " Its golden was removed (--update)."
        } else {
            result.message += " Pass --update to remove its golden."
        }
        return result
    }

    private func new(_ job: Job, actualData: Data) throws(CompareError) -> PairResult {
        var result = PairResult(
            name: job.name, status: .new, actualPath: job.actual?.path,
            message: "\(Excerpt.location(job.name)) is new: there is no expected image for it.")
        result.images = try reportImages(job.name, expected: nil, actual: actualData, pictures: nil)
        if update, let problem = PNGReader.readBackProblem(actualData, name: job.actual?.path ?? job.name) {
            result.status = .error
            result.message = "\(problem.description) It was not recorded as the golden."
        } else if update {
            try write(actualData, to: job.target, goldens: job.goldens)
            result.updated = true
            result.message += " It was recorded as the golden (--update)."
        } else {
            result.message += " Pass --update to record it."
        }
        return result
    }

    // MARK: - The report's images

    /// Writes the pair's images into the report folder and returns their relative paths.
    private func reportImages(
        _ name: String, expected: Data?, actual: Data?, pictures: (diff: Data, sideBySide: Data)?
    ) throws(CompareError) -> PairImages? {
        guard let reportDirectory else { return nil }
        let stem = Self.imagesFolder + "/" + Self.reportStem(name)
        var images = PairImages()
        func put(_ data: Data, _ suffix: String) throws(CompareError) -> String {
            let relative = stem + suffix
            try write(data, to: reportDirectory.appendingPathComponent(relative), goldens: reportDirectory)
            return relative
        }
        if let expected { images.expected = try put(expected, ".expected.png") }
        if let actual { images.actual = try put(actual, ".actual.png") }
        if let pictures {
            images.diff = try put(pictures.diff, ".diff.png")
            images.sideBySide = try put(pictures.sideBySide, ".compare.png")
        }
        return images
    }

    /// Writes `data` to `url`, creating its folders inside the report or goldens folder
    /// `goldens`, never through a symbolic link below it.
    private func write(_ data: Data, to url: URL, goldens: URL?) throws(CompareError) {
        if let goldens {
            let root = goldens.standardizedFileURL.path
            let path = url.standardizedFileURL.path
            if path.hasPrefix(root + "/"),
                let link = ContainedPath.firstLink(under: goldens, relative: String(path.dropFirst(root.count + 1)))
            {
                // The file itself may be a link: it is replaced, not written through.
                if link.standardizedFileURL.path != path { throw .linkedGolden(link: link.path) }
            }
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.writeAtomically(to: url)
        } catch {
            throw .writeFailed(path: url.path, detail: FileProblem.describe(error))
        }
    }
}
