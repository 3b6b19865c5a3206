import CGD
import Foundation

/// fontconfig, set up so that no font choice depends on the shell it runs in.
///
/// fontconfig adds the languages of `$FC_LANG`/`$LC_ALL`/`$LANG` to every pattern before its
/// rules run, and some rules prefer fonts by language (under `LANG=zh_CN.UTF-8` a pattern asking
/// for Japanese got Noto Sans CJK SC), so the same report would take other fonts in another
/// shell. This configuration puts one rule in front of the system's: a pattern's languages
/// become exactly the report's (``languageObject``) plus English, as if `FC_LANG` were "en". It
/// lives in its own `FcConfig`, made when first needed; nothing else in the process changes.
final class Fontconfig: @unchecked Sendable {
    /// The process's configuration; nil when fontconfig cannot load the system's.
    static let shared: Fontconfig? = Fontconfig()

    /// The pattern property that carries the language a lookup is for.
    static let languageObject = "albumreportlang"

    /// The `FcConfig *` (fontconfig's calls on a configuration are thread-safe).
    let config: OpaquePointer

    private init?() {
        guard let config = FcConfigCreate() else { return nil }
        guard let system = FcConfigFilename(nil) else {
            FcConfigDestroy(config)
            return nil
        }
        let path = String(cString: system)
        FcStrFree(system)
        let escaped = path.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let xml = """
            <?xml version="1.0"?>
            <fontconfig>
              <match target="pattern">
                <edit name="lang" mode="assign_replace"><name>\(Self.languageObject)</name><string>en</string></edit>
              </match>
              <include ignore_missing="no">\(escaped)</include>
            </fontconfig>
            """
        let loaded = xml.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, 1)
            }
        }
        guard loaded != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return nil
        }
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// A pattern for `family` at `weight`, upright, for text in `language` (also put in the
    /// pattern's own `lang` when `explicitLanguage`), with the configuration's rules and defaults
    /// applied; nil when fontconfig cannot build it (out of memory). The caller destroys it.
    func pattern(family: String, weight: Int32, language: String, explicitLanguage: Bool) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        // Family names in English whatever the shell's language (FcDefaultSubstitute would take it from $LANG).
        let built =
            Self.add(family, for: "family", to: pattern)
            && (!explicitLanguage || Self.add(language, for: "lang", to: pattern))
            && FcPatternAddInteger(pattern, "weight", weight) != 0 && FcPatternAddInteger(pattern, "slant", 0) != 0
            && Self.add(language, for: Self.languageObject, to: pattern)
            && FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 && Self.add("en", for: "namelang", to: pattern)
        guard built else {
            FcPatternDestroy(pattern)
            return nil
        }
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// Adds a string value to a pattern; false when fontconfig could not.
    static func add(_ string: String, for object: String, to pattern: OpaquePointer) -> Bool {
        string.withCString { value in
            value.withMemoryRebound(to: FcChar8.self, capacity: string.utf8.count + 1) {
                FcPatternAddString(pattern, object, $0) != 0
            }
        }
    }
}
