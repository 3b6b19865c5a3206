/// A laid-out piece of a screen (a status bar, a row, a card) that lists the parts it is made
/// of once, in ``visitParts(_:)``. Its manifest elements, its text blocks and its right-to-left
/// mirror image are all collected from that one list, so a part added to a layout is recorded,
/// covered and mirrored without being named again in each of those places.
protocol LayoutPart: Mirrorable, Sendable {
    /// Where the part is, in points (its element's frame when it is recorded as one).
    var frame: Rect { get }

    /// Hands each part this one is made of to `visitor`, in the manifest's order, each saying how
    /// the manifest records it. A leaf (a frame, a text block, a chevron) has none.
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor)

    /// Every text block in the part, in drawing order.
    var texts: [TextBlock] { get }
}

/// How the manifest records a part.
enum PartRecord: Equatable {
    /// As an element of `kind` (with its item's rank), followed by the elements of its parts.
    case element(LayoutElement.Kind, rank: Int? = nil)
    /// Only through the elements of its parts (a bar lists its own frame among them).
    case parts
    /// Not at all: a part only ever moved along with its owner (a row's background, the hairline
    /// under a bar), or one drawn in place of another (the bar of scrolled pages).
    case unrecorded
}

/// Something done to each part of a layout (collecting, mirroring).
protocol LayoutPartVisitor {
    /// Visits one part, recorded as `record` says.
    mutating func visit<Part: LayoutPart>(_ part: inout Part, _ record: PartRecord)
}

extension LayoutPartVisitor {
    /// Visits a part that a layout may leave out, when it is there.
    mutating func visit<Part: LayoutPart>(_ part: inout Part?, _ record: PartRecord) {
        guard var present = part else { return }
        visit(&present, record)
        part = present
    }

    /// Visits each of `parts` in order.
    mutating func visit<Part: LayoutPart>(_ parts: inout [Part], _ record: PartRecord) {
        for index in parts.indices { visit(&parts[index], record) }
    }
}

/// A part that is one frame and a look, nothing inside (artwork, a badge, a row's background):
/// mirroring it mirrors its frame.
protocol FramedPart: LayoutPart {
    /// Where the part is, in points.
    var frame: Rect { get set }
}

extension FramedPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&frame, .unrecorded)
    }
}

extension LayoutPart {
    var texts: [TextBlock] {
        var collector = TextCollector()
        var copy = self
        copy.visitParts(&collector)
        return collector.texts
    }

    /// The part reflected about a canvas `width` points wide: each of its parts reflected.
    func mirrored(in width: Double) -> Self {
        var copy = self
        var mirror = Mirroring(width: width)
        copy.visitParts(&mirror)
        return copy
    }

    /// The part's frames, named, in the manifest's order.
    var manifestElements: [LayoutElement] {
        var collector = ElementCollector()
        var copy = self
        copy.visitParts(&collector)
        return collector.elements
    }
}

// MARK: - Visitors

/// Collects the elements of the parts it visits, and of their parts.
private struct ElementCollector: LayoutPartVisitor {
    var elements: [LayoutElement] = []

    mutating func visit<Part: LayoutPart>(_ part: inout Part, _ record: PartRecord) {
        switch record {
        case .element(let kind, let rank):
            elements.append(LayoutElement(kind, rank: rank, frame: part.frame))
            part.visitParts(&self)
        case .parts:
            part.visitParts(&self)
        case .unrecorded:
            break
        }
    }
}

/// Collects the text blocks of the parts it visits.
private struct TextCollector: LayoutPartVisitor {
    var texts: [TextBlock] = []

    mutating func visit<Part: LayoutPart>(_ part: inout Part, _ record: PartRecord) {
        texts += part.texts
    }
}

/// Reflects each part it visits about a canvas `width` points wide.
private struct Mirroring: LayoutPartVisitor {
    var width: Double

    mutating func visit<Part: LayoutPart>(_ part: inout Part, _ record: PartRecord) {
        part = part.mirrored(in: width)
    }
}
