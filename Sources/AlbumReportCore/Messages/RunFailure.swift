import Foundation

/// What `--json` prints on standard output when a run fails after its arguments were accepted
/// (`schemas/failure.schema.json`), so that a script reading standard output always gets JSON:
///
/// ```json
/// {"error": {"exitCode": 1, "message": "The feed file … does not exist. …", "stage": "fetch"}}
/// ```
///
/// The message is the sentence standard error shows (already quoted by ``Excerpt``); `stage` is
/// the pipeline stage that failed, left out where there is none (`compare`, an interrupted or
/// internal failure). Usage errors (exit 64, `compare`'s 2 before it runs) print no object: they
/// are found before the command's options, `--json` among them, are known.
public struct RunFailure: Sendable, Equatable, Encodable {
    /// The stage that failed, when the command has stages.
    public var stage: Stage?
    /// The sentence standard error shows.
    public var message: String
    /// The process's exit code.
    public var exitCode: Int32

    /// A failure of `stage` (nil: none) that exits with `exitCode`.
    public init(stage: Stage? = nil, message: String, exitCode: Int32) {
        self.stage = stage
        self.message = message
        self.exitCode = exitCode
    }

    private enum Keys: String, CodingKey { case error, stage, message, exitCode }

    /// `{"error": {…}}`: one key, so that a reader tells it from a summary at a glance.
    public func encode(to encoder: any Encoder) throws {
        var outer = encoder.container(keyedBy: Keys.self)
        var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .error)
        try inner.encodeIfPresent(stage, forKey: .stage)
        try inner.encode(message, forKey: .message)
        try inner.encode(exitCode, forKey: .exitCode)
    }

    /// The object as JSON with sorted keys, pretty-printed like the summaries.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding a string, a number and an enum's raw value cannot fail; the fallback is the
        // same shape all the same.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
            ?? #"{"error": {"exitCode": \#(exitCode), "message": "The error could not be encoded."}}"#
    }
}
