import CGD
import Foundation

/// One-time libgd set-up: the FreeType cache (made thread-safe once, before any parallel text
/// calls) and gd's messages routed away from stderr to ``GraphicsMessages``.
public enum GraphicsRuntime {
    private static let prepared: Bool = {
        // Only libgd's own text call needs FreeType's cache; without it that call fails by itself.
        _ = gdFontCacheSetup()
        gdSetErrorMethod { _, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            GraphicsMessages.record(
                String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return true
    }()

    /// Runs the set-up once; cheap after the first call.
    public static func prepare() {
        _ = prepared
    }
}

/// Messages libgd emits (a truncated JPEG, a bad PNG chunk), delivered to whoever asked for them
/// in the task that caused them: libgd calls one process-wide function on the thread that is
/// decoding, and that function hands the message to the handler of the current task, so two
/// runs in one process each get their own messages.
public enum GraphicsMessages {
    @TaskLocal static var handler: (@Sendable (String) -> Void)?

    /// Runs `operation` with gd's messages from it (and the tasks it starts) sent to `handler`.
    public static func routing<T>(
        to handler: @escaping @Sendable (String) -> Void, _ operation: () async throws -> T
    ) async rethrows -> T {
        GraphicsRuntime.prepare()
        return try await $handler.withValue(handler, operation: operation)
    }

    static func record(_ message: String) {
        handler?(message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

extension GraphicsRuntime {
    /// The versions of the C libraries that shape the pixels, for the manifest: a comparison on
    /// another machine says first when they differ (the usual cause of a failure on a new runner).
    public static var libraryVersions: [String: String] {
        var freetype = (major: Int32(0), minor: Int32(0), patch: Int32(0))
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0, let library {
            FT_Library_Version(library, &freetype.major, &freetype.minor, &freetype.patch)
            FT_Done_FreeType(library)
        }
        let fontconfig = FcGetVersion()
        return [
            "libgd": gdVersionString().map { String(cString: $0) } ?? "",
            "freetype": "\(freetype.major).\(freetype.minor).\(freetype.patch)",
            "harfbuzz": hb_version_string().map { String(cString: $0) } ?? "",
            "fribidi": FRIBIDI_VERSION,
            "fontconfig": "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)",
            "zlib": zlibVersion().map { String(cString: $0) } ?? "",
            "libdeflate": LIBDEFLATE_VERSION_STRING,
        ]
    }
}
