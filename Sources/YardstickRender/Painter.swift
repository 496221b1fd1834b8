import YardstickFonts
import YardstickLayout
import YardstickTable
import YardstickTemplates

/// Draws laid-out texts and tables onto a `Canvas`: the glyphs exactly as measured (the lines,
/// breaks, hyphens and ellipses of each `TextLayout`), at `scale` pixels a point.
///
/// Costs O(pixels touched); each glyph is rasterised once per size and phase.
package struct Painter {
    /// Colours of a picture (`#rrggbb`).
    package struct Style: Sendable {
        package var background = Canvas.Color(0xFF, 0xFF, 0xFF)
        package var text = Canvas.Color(0x00, 0x00, 0x00)
        package var lines = Canvas.Color(0xC6, 0xC6, 0xC8)
        package var headerBackground = Canvas.Color(0xF2, 0xF2, 0xF7)
        package var alternateRow = Canvas.Color(0xF7, 0xF7, 0xF7)
        package var box = Canvas.Color(0xD1, 0xD1, 0xD6)
        package init() {}
    }

    /// The most pixels a side and in all (a 16,384-pixel side, 2^27 pixels: 384 MB of RGB).
    package static var maximumSide: Int { 16_384 }
    package static var maximumPixels: Int { 1 << 27 }

    package var scale: Double
    package var style: Style
    private let glyphs: GlyphRasterizer

    package init(scale: Double, style: Style = Style()) throws(FontError) {
        self.scale = scale
        self.style = style
        glyphs = try GlyphRasterizer()
    }

    /// A blank canvas for `width × height` points, or why it can't be made.
    package func canvas(width: Double, height: Double) throws(PictureError) -> Canvas {
        let pw = (width * scale).rounded(.up), ph = (height * scale).rounded(.up)
        guard pw >= 1, ph >= 1 else { throw PictureError(description: "a picture needs a size above 0 (got \(width) × \(height) points)") }
        guard pw <= Double(Self.maximumSide), ph <= Double(Self.maximumSide), pw * ph <= Double(Self.maximumPixels) else {
            func pixels(_ v: Double) -> String { v < 1e15 ? "\(Int(v))" : "more than \(Self.maximumSide)" }
            throw PictureError(description: "a picture of \(pixels(pw)) × \(pixels(ph)) pixels is too large (at most \(Self.maximumSide) a side and \(Self.maximumPixels) in all)")
        }
        return Canvas(width: Int(pw), height: Int(ph), background: style.background)
    }

    // MARK: - Texts

    /// Draws `layout` in the rectangle (points): centered vertically, as `UILabel` does; each
    /// line at the leading edge of its paragraph's direction.
    /// A label shorter than its text (a fixed row height, a squeezed constraint view) shows the
    /// lines that fit, the last truncated, as `UILabel` does.
    package func draw(_ layout: TextLayout, in rect: CellDrawing.Rect, on canvas: inout Canvas) {
        var layout = layout
        if layout.height > rect.height + 1.0 / 64, layout.lineCount > 1 {
            let fitting = max(1, layout.lines.prefix { $0.top + $0.height <= rect.height + 1e-6 }.count)
            var attributes = layout.attributes
            attributes.maxLines = fitting
            layout = layout.prepared.layout(width: layout.availableWidth, attributes: attributes)
        }
        // Centered, also when taller than the rectangle: a line too tall for it shows its middle,
        // baseline and ellipsis included, as UILabel draws it.
        let top = rect.y + (rect.height - layout.height) / 2
        for (i, line) in layout.lines.enumerated() {
            let rtl = layout.prepared.isRightToLeft(paragraph: line.paragraph)
            let left = rtl ? rect.x + rect.width - line.width : rect.x
            let baseline = ((top + line.baseline) * scale).rounded()
            for run in layout.glyphRuns(line: i) {
                let pixelSize = run.fontSize * scale
                var pen = left + run.x
                for g in run.glyphIDs.indices {
                    let x = (pen + run.xOffsets[g]) * scale
                    let y = baseline - (run.yOffsets[g] * scale).rounded()
                    pen += run.advances[g]
                    let whole = x.rounded(.down)
                    let phase = min(Int(((x - whole) * Double(GlyphRasterizer.phases)).rounded()), GlyphRasterizer.phases)
                    let px = Int(whole) + (phase == GlyphRasterizer.phases ? 1 : 0)
                    guard let image = glyphs.image(face: run.face, glyph: run.glyphIDs[g], pixelSize: pixelSize,
                                                   phase: phase % GlyphRasterizer.phases) else { continue }
                    if image.isColor {
                        canvas.blend(bgra: image.pixels, imageWidth: image.width, imageHeight: image.height, x: px + image.left, y: Int(y) - image.top)
                    } else {
                        image.pixels.withUnsafeBufferPointer {
                            canvas.blend(mask: $0, maskWidth: image.width, maskHeight: image.height, pitch: image.width,
                                         x: px + image.left, y: Int(y) - image.top, color: style.text)
                        }
                    }
                }
            }
        }
    }

    /// A cell's contents with its corner at (x, y) points: its boxes, then its texts.
    /// Its contents stay inside the cell (`width × height` points): a mark stacked above a line or
    /// a text a fixed row cuts is clipped, never drawn over its neighbours.
    package func draw(_ cell: CellDrawing, x: Double, y: Double, width: Double, height: Double, on canvas: inout Canvas) {
        canvas.clipped(x0: Int((x * scale).rounded()), y0: Int((y * scale).rounded()),
                       x1: Int(((x + width) * scale).rounded()), y1: Int(((y + height) * scale).rounded())) { canvas in
            for b in cell.boxes {
                fill(CellDrawing.Rect(x: x + b.x, y: y + b.y, width: b.width, height: b.height), style.box, on: &canvas)
            }
            for t in cell.texts {
                draw(t.layout, in: CellDrawing.Rect(x: x + t.rect.x, y: y + t.rect.y, width: t.rect.width, height: t.rect.height), on: &canvas)
            }
        }
    }

    func fill(_ r: CellDrawing.Rect, _ color: Canvas.Color, on canvas: inout Canvas) {
        canvas.fill(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale, color: color)
    }

    // MARK: - Tables

    /// A table's stretch drawn whole: header bars, alternate row shading (grids), the lines
    /// between columns and rows, every cell's contents.
    package func draw(_ table: TableDrawing) throws(PictureError) -> Canvas {
        var canvas = try canvas(width: table.width, height: table.height)
        let hairline = 1 / scale
        for (i, item) in table.items.enumerated() {
            let band = CellDrawing.Rect(x: 0, y: item.top, width: table.width, height: item.height)
            switch item.part {
            case .header, .footer:
                fill(band, style.headerBackground, on: &canvas)
            case .row(_, let index):
                if table.isGrid && index % 2 == 1 { fill(band, style.alternateRow, on: &canvas) }
            }
            for cell in item.cells { draw(cell.content, x: cell.x, y: item.top, width: cell.width, height: item.height, on: &canvas) }
            if table.isGrid {
                for cell in item.cells.dropFirst() {
                    fill(CellDrawing.Rect(x: cell.x, y: item.top, width: hairline, height: item.height), style.lines, on: &canvas)
                }
            }
            // The gap to the next item (the spacing between rows) in the line colour, or a
            // hairline where there is none.
            let bottom = item.top + item.height
            let next = i + 1 < table.items.count ? table.items[i + 1].top : bottom
            let gap = max(next - bottom, 0)
            fill(CellDrawing.Rect(x: 0, y: gap > 0 ? bottom : bottom - hairline, width: table.width, height: gap > 0 ? gap : hairline), style.lines, on: &canvas)
        }
        return canvas
    }
}

/// Why a picture can't be drawn or written.
package struct PictureError: Error, CustomStringConvertible {
    package var description: String
    package init(description: String) { self.description = description }
}
