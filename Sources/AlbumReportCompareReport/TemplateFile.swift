import AlbumReportCore
import Foundation
import Mustache

/// A Mustache template read from a file (`index.mustache`, `compare.mustache`): its nesting is
/// bounded before swift-mustache sees it, and whatever stops it is a clause a user can act on
/// instead of the library's `ParserError(context: …)`.
public enum TemplateFile {
    /// The parsed template at `url`, or a clause saying why it cannot be used.
    public static func load(_ url: URL) -> Result<MustacheTemplate, TemplateProblem> {
        if let problem = FileProblem.reading(url.path) { return .failure(TemplateProblem(description: problem)) }
        let text: String
        do {
            let data = try Data(contentsOf: url)
            guard let decoded = String(validating: data, as: UTF8.self) else {
                return .failure(TemplateProblem(description: "it is not UTF-8 text"))
            }
            text = decoded
        } catch {
            return .failure(TemplateProblem(description: FileProblem.describe(error)))
        }
        if let tooDeep = TemplateNesting.check(text) {
            return .failure(TemplateProblem(description: tooDeep.description))
        }
        do {
            return .success(try MustacheTemplate(string: text))
        } catch let error as MustacheTemplate.ParserError {
            return .failure(TemplateProblem(description: describe(error)))
        } catch {
            return .failure(TemplateProblem(description: "it is not a Mustache template swift-mustache can read"))
        }
    }

    /// "line 3, column 7 (“{{/rows}}”): a closing tag does not match the section it closes".
    static func describe(_ error: MustacheTemplate.ParserError) -> String {
        let what: String
        switch error.error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: what = "a closing tag {{/…}} does not name the section it closes"
        case .unfinishedName: what = "a tag is not finished (a {{ without its }}, or an empty name)"
        case .expectedSectionEnd: what = "a section {{#…}} or {{^…}} is never closed with {{/…}}"
        case .invalidSetDelimiter: what = "a set-delimiter tag is malformed (write it as {{=<% %>=}})"
        case .transformAppliedToInheritanceSection: what = "a transform is applied to an inheritance section"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection:
            what = "an inheritance section {{<…}} holds something other than blocks {{$…}}"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable:
            what = "a configuration tag {{%…}} is not one swift-mustache knows"
        case nil: what = "the template is not valid Mustache"
        }
        let context = error.context
        let line = context.line.trimmingCharacters(in: .whitespaces)
        let shown = line.isEmpty ? "" : " (“\(Excerpt.printable(line, limit: 60))”)"
        return "at line \(context.lineNumber), column \(context.columnNumber)\(shown), \(what)"
    }
}

/// Why a template cannot be used, as a clause ("its sections are nested more than 100 levels
/// deep (at line 5001), deeper than albumreport renders").
public struct TemplateProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The clause.
    public var description: String
}
