import YardstickLayout

/// What a renderer draws for one fitted cell: each shown text laid out in the rectangle it
/// sits in, and each box. Coordinates are points from the cell's top-left corner.
///
/// Made by `TemplateLayout.drawing(width:texts:)`: the fit the height came from, then each
/// text laid out at the width it was measured at, so the breaks drawn are the breaks measured.
package struct CellDrawing: Sendable {
    /// A rectangle in points.
    package struct Rect: Sendable, Equatable {
        package var x, y, width, height: Double
        package init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }
    /// A text and the rectangle its label fills (insets excluded). The text is centered
    /// vertically in it, as `UILabel` draws.
    package struct Text: Sendable {
        package var rect: Rect
        package var layout: TextLayout
        /// The template's text slot it shows (-1: a grid's default cell or a column title).
        package var slot: Int
        /// What it shows, when the drawer has the row (`RowCells.drawing`); nil otherwise.
        package var string: String?
        /// Lines past the limit are cut off without an ellipsis.
        package var clips: Bool
        package init(rect: Rect, layout: TextLayout, slot: Int = -1, string: String? = nil, clips: Bool = false) {
            self.rect = rect; self.layout = layout; self.slot = slot; self.string = string; self.clips = clips
        }
    }
    package var height: Double
    package var texts: [Text] = []
    /// Boxes (image views, spacers) with a size of their own.
    package var boxes: [Rect] = []
    package init(height: Double, texts: [Text] = [], boxes: [Rect] = []) {
        self.height = height; self.texts = texts; self.boxes = boxes
    }
}

extension TemplateLayout {
    /// The cell fitted at `width` and its contents placed: every visible text element laid out
    /// in its frame less its insets, every box, every view of a constraint element.
    package func drawing(width: Double, texts: UnsafeBufferPointer<PreparedText?>) -> CellDrawing {
        let fitted = fit(width: width, texts: texts)
        var drawing = CellDrawing(height: fitted.height)
        for (i, node) in nodes.enumerated() {
            let frame = fitted.frames[i]
            guard !frame.isHidden else { continue }
            let inner = CellDrawing.Rect(x: frame.x + node.insets.leading, y: frame.y + node.insets.top,
                                         width: max(frame.width - node.insets.leading - node.insets.trailing, node.minWidth),
                                         height: max(frame.height - node.insets.top - node.insets.bottom, 0))
            switch node.kind {
            case .text(let slot):
                guard let text = texts[slot] else { continue }
                drawing.texts.append(CellDrawing.Text(rect: inner, layout: laidOut(text, slot, width: inner.width), slot: slot, clips: slots[slot].clips))
            case .box(let box):
                if box.width != nil || box.height != nil || box.aspectRatio != nil { drawing.boxes.append(inner) }
            case .stack:
                continue
            case .constraints(let constraint):
                for view in constraintFrames(constraint, width: inner.width, texts) {
                    let rect = CellDrawing.Rect(x: inner.x + view.frame.x, y: inner.y + view.frame.y, width: view.frame.width, height: view.frame.height)
                    if view.slot >= 0 {
                        guard let text = texts[view.slot] else { continue }
                        drawing.texts.append(CellDrawing.Text(rect: rect, layout: laidOut(text, view.slot, width: rect.width), slot: view.slot,
                                                              clips: slots[view.slot].clips))
                    } else if view.isBox {
                        drawing.boxes.append(rect)
                    }
                }
            }
        }
        return drawing
    }

    /// A text element's lines as its label shows them: ellipsized, or cut where it clips.
    private func laidOut(_ text: PreparedText, _ slot: Int, width: Double) -> TextLayout {
        let s = slots[slot]
        return s.clips ? text.clippedLayout(width: max(width, 0), lines: s.attributes.maxLines, attributes: s.attributes)
                       : text.layout(width: max(width, 0), attributes: s.attributes)
    }
}
