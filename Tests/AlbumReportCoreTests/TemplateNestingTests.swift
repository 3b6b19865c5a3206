import AlbumReportCore
import Testing

@Suite("Bounding a template's nesting before swift-mustache sees it")
struct TemplateNestingTests {
    static func nested(_ depth: Int, open: String = "{{", close: String = "}}") -> String {
        (0..<depth).map { "\(open)#s\($0)\(close)\n" }.joined() + "x\n"
            + (0..<depth).reversed().map { "\(open)/s\($0)\(close)\n" }.joined()
    }

    @Test("the shipped kind of template passes")
    func ordinary() {
        let page =
            "<h1>{{title}}</h1>\n{{#rows}}<p>{{{html}}} {{! a comment {{#not}} }}</p>{{^last}},{{/last}}{{/rows}}"
        #expect(TemplateNesting.check(page) == nil)
        #expect(TemplateNesting.check(Self.nested(TemplateNesting.maximumDepth)) == nil)
    }

    @Test("5,000 nested sections are refused with the limit and the line")
    func tooDeep() {
        let problem = TemplateNesting.check(Self.nested(5_000))
        #expect(problem?.limit == 100 && problem?.line == 101, "\(String(describing: problem))")
        #expect(problem?.description.contains("more than 100 levels") == true)
        #expect(TemplateNesting.check(Self.nested(101)) != nil)
    }

    @Test("inverted sections, blocks and parents count; closing tags bring the depth back")
    func kinds() {
        let deep = (0..<101).map { ["{{^a}}", "{{$b}}", "{{<c}}", "{{# d }}"][$0 % 4] }.joined()
        #expect(TemplateNesting.check(deep) != nil)
        let flat = String(repeating: "{{#a}}x{{/a}}", count: 10_000)
        #expect(TemplateNesting.check(flat) == nil)
    }

    @Test("set-delimiter tags are followed")
    func delimiters() {
        let text = "{{=<% %>=}}\n" + Self.nested(150, open: "<%", close: "%>")
        #expect(TemplateNesting.check(text) != nil)
        #expect(TemplateNesting.check("{{=<% %>=}}" + String(repeating: "{{#a}}", count: 150)) == nil)
    }
}
