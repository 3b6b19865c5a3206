import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes as a user's strings file (`strings/CODE.json` in `--templates`): words within the
/// bounds, every kept value at most the value bound and every left-out one named, or a problem in
/// one short clause; and the checks against English never trap on what it gave.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    do {
        let contents = try ChromeStringsFile.parse(Data(bytes: start, count: count))
        precondition(
            contents.strings.values.allSatisfy { $0.count <= ChromeStringsFile.maximumValueCharacters },
            "a value over the bound was kept")
        precondition(
            contents.tooLong.values.allSatisfy { $0 > ChromeStringsFile.maximumValueCharacters },
            "a value within the bound was left out")
        precondition(Set(contents.strings.keys).isDisjoint(with: contents.tooLong.keys), "a key both kept and left out")
        let language = ChromeLanguage(code: "xx", direction: .ltr, strings: contents.strings)
        for key in ChromeLanguage.keys { _ = language[key] }
    } catch {
        precondition(error.clause.utf8.count < 4_000, "a message quoting too much of the input")
        precondition(!error.clause.contains("\n"), "a message of more than one line")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_strings_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzStrings)
}
