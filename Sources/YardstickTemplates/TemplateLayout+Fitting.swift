import YardstickConstraints
import YardstickLayout

/// Per-node working values of one fit, kept by the caller so fitting allocates nothing per row.
package struct FitScratch {
    package struct Entry {
        var width = 0.0
        var height = 0.0
        var natural = Double.nan
        var x = 0.0
        var y = 0.0
    }
    package var entries: [Entry]
    /// The children of a horizontal stack in the order they shrink (kept to allocate nothing per row).
    var order: [Int] = []
    /// Each constraint element's cell, by node, copied from the template at its first use:
    /// fitting a row then changes this copy's rows and undoes them, and copies nothing.
    var cells: [ConstraintCell?]
    package init(nodeCount: Int) {
        entries = Array(repeating: Entry(), count: nodeCount)
        cells = Array(repeating: nil, count: nodeCount)
    }
}

extension TemplateLayout {
    /// The cell's height at `width` (`systemLayoutSizeFitting`: width required, height
    /// fitting), rounded up to the environment's display scale. `texts[slot]` is each text
    /// element's prepared text, nil when the element is hidden (empty or missing).
    package func height(width: Double, texts: UnsafeBufferPointer<PreparedText?>, scratch: inout FitScratch) -> Double {
        for i in scratch.entries.indices { scratch.entries[i].natural = .nan }
        let h = fit(0, width: width, texts, &scratch)
        return ceilsToWholePoints ? (h - 1e-9).rounded(.up) : environment.roundedUp(h)
    }

    /// The height and every element's frame in the cell (pre-order, as the template lists them).
    package func fit(width: Double, texts: UnsafeBufferPointer<PreparedText?>) -> CellFit {
        var scratch = FitScratch(nodeCount: nodes.count)
        let h = height(width: width, texts: texts, scratch: &scratch)
        scratch.entries[0].x = 0
        scratch.entries[0].y = 0
        scratch.entries[0].height = h
        place(0, texts, &scratch)
        let frames = nodes.indices.map { i -> CellFit.Frame in
            let e = scratch.entries[i]
            return CellFit.Frame(x: e.x, y: e.y, width: e.width, height: e.height, isHidden: isHidden(i, texts))
        }
        return CellFit(height: h, frames: frames)
    }

    /// The cell's width on one line (its content's natural width): what a column sized to its
    /// content needs.
    package func naturalWidth(texts: UnsafeBufferPointer<PreparedText?>, scratch: inout FitScratch) -> Double {
        for i in scratch.entries.indices { scratch.entries[i].natural = .nan }
        return natural(0, texts, &scratch)
    }

    // MARK: - Sizes

    @inline(__always)
    func isHidden(_ i: Int, _ texts: UnsafeBufferPointer<PreparedText?>) -> Bool {
        if case .text(let slot) = nodes[i].kind { return texts[slot] == nil }
        return false
    }

    /// Height of node `i` given `width` (margins included); records the width and height.
    func fit(_ i: Int, width: Double, _ texts: UnsafeBufferPointer<PreparedText?>, _ s: inout FitScratch) -> Double {
        let node = nodes[i]
        let inner = max(width - node.insets.leading - node.insets.trailing, node.minWidth)
        var h = contentHeight(i, width: inner, texts, &s) + node.insets.top + node.insets.bottom
        h = min(max(h, node.minHeight), node.maxHeight)
        s.entries[i].width = width
        s.entries[i].height = h
        return h
    }

    func contentHeight(_ i: Int, width: Double, _ texts: UnsafeBufferPointer<PreparedText?>, _ s: inout FitScratch) -> Double {
        switch nodes[i].kind {
        case .text(let slot):
            guard let text = texts[slot] else { return 0 }
            return text.heightAndLineCount(width: max(width, 0), attributes: slots[slot].attributes).height
        case .box(let box):
            if let h = box.height { return h }
            if let r = box.aspectRatio { return (box.width ?? width) / r }
            return 0
        case .stack(let horizontal, let spacing, _, let distribution, let range):
            return horizontal ? rowHeight(range, spacing: spacing, distribution: distribution, width: width, texts, &s)
                              : columnHeight(i, range, spacing: spacing, distribution: distribution, width: width, texts, &s)
        case .constraints(let node):
            return constraintHeight(i, node, width: width, texts, &s)
        }
    }

    /// A vertical stack: children one under another, each as wide as the alignment lets it be.
    private func columnHeight(_ i: Int, _ range: Range<Int>, spacing: Double, distribution: StackDistribution, width: Double,
                              _ texts: UnsafeBufferPointer<PreparedText?>, _ s: inout FitScratch) -> Double {
        guard case .stack(_, _, let alignment, _, _) = nodes[i].kind else { return 0 }
        var total = 0.0, tallest = 0.0, count = 0
        for k in range {
            let c = children[k]
            if isHidden(c, texts) { continue }
            let w: Double
            if alignment == .fill {
                w = fixedWidth(c, texts) ?? width
            } else {
                w = min(natural(c, texts, &s), width)
            }
            let h = fit(c, width: w, texts, &s)
            total += h
            tallest = max(tallest, h)
            count += 1
        }
        guard count > 0 else { return 0 }
        let gaps = spacing * Double(count - 1)
        return distribution == .fillEqually ? tallest * Double(count) + gaps : total + gaps
    }

    /// A horizontal stack: children side by side sharing the width, as tall as the tallest.
    private func rowHeight(_ range: Range<Int>, spacing: Double, distribution: StackDistribution, width: Double,
                           _ texts: UnsafeBufferPointer<PreparedText?>, _ s: inout FitScratch) -> Double {
        shareWidth(range, spacing: spacing, distribution: distribution, width: width, texts, &s)
        var tallest = 0.0
        for k in range {
            let c = children[k]
            if isHidden(c, texts) { continue }
            tallest = max(tallest, fit(c, width: s.entries[c].width, texts, &s))
        }
        return tallest
    }

    /// Gives each visible child of a horizontal stack its width (in `s.entries[c].width`), as
    /// Auto Layout resolves the stack's constraints: children of a required width take it
    /// first; the others share the rest, the lowest hugging priority growing into extra room and
    /// the lowest compression resistance shrinking first when room is short. Between equal
    /// priorities a wrapping label gives way before a single-line one (it can grow downwards);
    /// children still tied shrink together in proportion, and the later one grows.
    private func shareWidth(_ range: Range<Int>, spacing: Double, distribution: StackDistribution, width: Double,
                            _ texts: UnsafeBufferPointer<PreparedText?>, _ s: inout FitScratch) {
        var count = 0
        for k in range where !isHidden(children[k], texts) { count += 1 }
        guard count > 0 else { return }
        let available = width - spacing * Double(count - 1)
        if distribution == .fillEqually {
            for k in range where !isHidden(children[k], texts) { s.entries[children[k]].width = max(available / Double(count), 0) }
            return
        }
        var rest = available
        var flexible = 0, onlyFlexible = -1
        for k in range {
            let c = children[k]
            if isHidden(c, texts) { continue }
            if let w = fixedWidth(c, texts) {
                s.entries[c].width = w
                rest -= w
            } else {
                flexible += 1
                onlyFlexible = c
            }
        }
        if flexible == 0 { return }
        if flexible == 1 { // the common cell: one flexible child takes what the fixed ones leave
            s.entries[onlyFlexible].width = max(rest, 0)
            return
        }
        var naturalSum = 0.0
        for k in range {
            let c = children[k]
            if isHidden(c, texts) || fixedWidth(c, texts) != nil { continue }
            let n = natural(c, texts, &s)
            s.entries[c].width = n
            naturalSum += n
        }
        var extra = rest - naturalSum
        if extra >= 0 {
            // The child that hugs least grows.
            var grower = -1
            for k in range.reversed() {
                let c = children[k]
                if isHidden(c, texts) || fixedWidth(c, texts) != nil { continue }
                if grower < 0 || givesWayBefore(c, grower, priority: { nodes[$0].hugging }, texts) { grower = c }
            }
            s.entries[grower].width += extra
            return
        }
        // Shrink in order of compression resistance until the children fit.
        var order = s.order
        s.order = []
        defer { s.order = order }
        order.removeAll(keepingCapacity: true)
        for k in range.reversed() where !isHidden(children[k], texts) && fixedWidth(children[k], texts) == nil { order.append(children[k]) }
        order.sort { givesWayBefore($0, $1, priority: { nodes[$0].compression }, texts) }
        // Children that tie (same priority, both wrapping or both not) shrink together, each
        // by the same share of what it can give, rather than one of them to nothing. A child
        // never gives its margins or its minimum width (required constraints in UIKit).
        var k = 0
        while k < order.count && extra < 0 {
            var end = k + 1
            while end < order.count && nodes[order[end]].compression == nodes[order[k]].compression && wraps(order[end]) == wraps(order[k]) { end += 1 }
            var total = 0.0
            for c in order[k..<end] { total += max(s.entries[c].width - floor(c), 0) }
            if total <= -extra {
                for c in order[k..<end] { s.entries[c].width = min(s.entries[c].width, floor(c)) }
                extra += total
            } else if total > 0 {
                let keep = (total + extra) / total
                for c in order[k..<end] {
                    let f = floor(c)
                    if s.entries[c].width > f { s.entries[c].width = f + (s.entries[c].width - f) * keep }
                }
                extra = 0
            }
            k = end
        }
    }

    /// The narrowest a child can be made: its margins and its minimum width.
    private func floor(_ i: Int) -> Double {
        let node = nodes[i]
        return node.insets.leading + node.insets.trailing + node.minWidth
    }

    /// Whether child `a` gives way (grows or shrinks) before child `b`: lower priority first,
    /// then a wrapping label before anything else. Ties keep the given order (later children first).
    private func givesWayBefore(_ a: Int, _ b: Int, priority: (Int) -> Double, _ texts: UnsafeBufferPointer<PreparedText?>) -> Bool {
        let pa = priority(a), pb = priority(b)
        if pa != pb { return pa < pb }
        return wraps(a) && !wraps(b)
    }

    private func wraps(_ i: Int) -> Bool {
        if case .text(let slot) = nodes[i].kind { return slots[slot].wraps }
        return false
    }

    /// The width a child must have (margins included), when required constraints fix it: a box
    /// of a set width, or a stack of such children.
    func fixedWidth(_ i: Int, _ texts: UnsafeBufferPointer<PreparedText?>) -> Double? {
        let node = nodes[i]
        let content: Double
        switch node.kind {
        case .text, .constraints:
            return nil
        case .box(let box):
            guard let w = box.width else { return nil }
            content = w
        case .stack(let horizontal, let spacing, _, let distribution, let range):
            var widths = StackWidths()
            for k in range where !isHidden(children[k], texts) {
                guard let w = fixedWidth(children[k], texts) else { return nil }
                widths.add(w)
            }
            content = widths.content(horizontal: horizontal, spacing: spacing, distribution: distribution)
        }
        return max(content, node.minWidth) + node.insets.leading + node.insets.trailing
    }

    /// The node's natural (intrinsic) width, margins included: a label's one-line width, a
    /// box's width, a stack's children side by side or the widest of them.
    func natural(_ i: Int, _ texts: UnsafeBufferPointer<PreparedText?>, _ s: inout FitScratch) -> Double {
        let cached = s.entries[i].natural
        if !cached.isNaN { return cached }
        let node = nodes[i]
        var content = 0.0
        switch node.kind {
        case .text(let slot):
            if let text = texts[slot] { content = text.naturalWidth(attributes: slots[slot].attributes) }
        case .box(let box):
            content = box.width ?? 0
        case .stack(let horizontal, let spacing, _, let distribution, let range):
            var widths = StackWidths()
            for k in range where !isHidden(children[k], texts) { widths.add(natural(children[k], texts, &s)) }
            content = widths.content(horizontal: horizontal, spacing: spacing, distribution: distribution)
        case .constraints(let cell):
            content = constraintNaturalWidth(i, cell, texts, &s)
        }
        let result = max(content, node.minWidth) + node.insets.leading + node.insets.trailing
        s.entries[i].natural = result
        return result
    }

    // MARK: - Positions

    /// Places the children of node `i` (whose frame is set) from the sizes of the last fit.
    private func place(_ i: Int, _ texts: UnsafeBufferPointer<PreparedText?>, _ s: inout FitScratch) {
        guard case .stack(let horizontal, let spacing, let alignment, let distribution, let range) = nodes[i].kind else { return }
        let node = nodes[i]
        let left = s.entries[i].x + node.insets.leading
        let top = s.entries[i].y + node.insets.top
        let innerWidth = max(s.entries[i].width - node.insets.leading - node.insets.trailing, node.minWidth)
        let innerHeight = s.entries[i].height - node.insets.top - node.insets.bottom
        var tallest = 0.0
        for k in range where !isHidden(children[k], texts) { tallest = max(tallest, s.entries[children[k]].height) }
        var cursor = 0.0
        for k in range {
            let c = children[k]
            if isHidden(c, texts) {
                s.entries[c].x = left + cursor; s.entries[c].y = top; s.entries[c].width = 0; s.entries[c].height = 0
                continue
            }
            if horizontal {
                s.entries[c].x = left + cursor
                let h = s.entries[c].height
                switch alignment {
                case .fill: s.entries[c].y = top; s.entries[c].height = innerHeight
                case .leading: s.entries[c].y = top
                case .center: s.entries[c].y = top + (innerHeight - h) / 2
                case .trailing: s.entries[c].y = top + innerHeight - h
                }
                cursor += s.entries[c].width + spacing
            } else {
                if distribution == .fillEqually { s.entries[c].height = tallest }
                s.entries[c].y = top + cursor
                let w = s.entries[c].width
                switch alignment {
                case .fill, .leading: s.entries[c].x = left
                case .center: s.entries[c].x = left + (innerWidth - w) / 2
                case .trailing: s.entries[c].x = left + innerWidth - w
                }
                cursor += s.entries[c].height + spacing
            }
            place(c, texts, &s)
        }
    }
}

/// The widths of a stack's visible children, combined into the stack's content width: side by
/// side (or all as wide as the widest, filled equally) with spacing, or the widest of them.
private struct StackWidths {
    var sum = 0.0, widest = 0.0, count = 0

    mutating func add(_ width: Double) {
        sum += width
        widest = max(widest, width)
        count += 1
    }

    func content(horizontal: Bool, spacing: Double, distribution: StackDistribution) -> Double {
        guard horizontal else { return widest }
        return (distribution == .fillEqually ? widest * Double(count) : sum) + spacing * Double(max(count - 1, 0))
    }
}

/// A fitted cell: its height and each element's frame (for renderers).
public struct CellFit: Hashable, Sendable {
    /// An element's frame in the cell, in points, margins included.
    public struct Frame: Hashable, Sendable {
        public var x, y, width, height: Double
        /// Hidden elements (empty text) take no space.
        public var isHidden: Bool
    }
    /// Rounded up to the display scale when one is set.
    public var height: Double
    /// One frame per element, in the template's pre-order (the root first).
    public var frames: [Frame]
}
