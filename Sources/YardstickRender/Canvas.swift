/// An opaque RGB raster that shapes are composed onto (source over, 8 bits a channel), the
/// target of `ScenePainter`. Coordinates are pixels, y down.
///
/// Memory: 3 bytes a pixel. Filling or blending is O(pixels touched).
package struct Canvas: Sendable {
    /// A straight (not premultiplied) RGB colour.
    package struct Color: Sendable, Equatable {
        package var red, green, blue: UInt8
        package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) { self.red = red; self.green = green; self.blue = blue }
        /// `#rrggbb` (the `#` is optional); nil when it is not six hex digits.
        package init?(hex: String) {
            let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
            guard digits.utf8.count == 6, digits.utf8.allSatisfy({ $0 < 0x80 }), let v = UInt32(digits, radix: 16) else { return nil }
            self.init(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
        }
    }

    package let width: Int
    package let height: Int
    /// Row after row, 3 bytes a pixel.
    package private(set) var pixels: [UInt8]
    /// The pixels drawing may change (x0..<x1, y0..<y1): the whole canvas unless a cell is
    /// being drawn, whose contents stay inside it.
    package var clip: (x0: Int, y0: Int, x1: Int, y1: Int)

    package init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        clip = (0, 0, width, height)
        if background.red == background.green && background.green == background.blue {
            pixels = [UInt8](repeating: background.red, count: width * height * 3)
        } else {
            pixels = [UInt8](repeating: 0, count: width * height * 3)
            pixels.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 3) { p[i] = background.red; p[i + 1] = background.green; p[i + 2] = background.blue }
            }
        }
    }

    /// Fills a rectangle given in pixels (fractional edges are covered in part, so a 1-pixel
    /// line at x.5 is two half-tone columns, as Core Graphics draws it).
    package mutating func fill(x: Double, y: Double, width w: Double, height h: Double, color: Color) {
        guard w > 0, h > 0, x.isFinite, y.isFinite, w.isFinite, h.isFinite else { return }
        guard x > -1e9, y > -1e9, x + w < 1e9, y + h < 1e9 else { return }
        let x0 = max(clip.x0, Int(x.rounded(.down))), x1 = min(clip.x1, Int((x + w).rounded(.up)))
        let y0 = max(clip.y0, Int(y.rounded(.down))), y1 = min(clip.y1, Int((y + h).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        // Coverage is 1 inside and partial on the edge pixels only: whole pixels are stored.
        let columns = (x0..<x1).map { px in min(Double(px + 1), x + w) - max(Double(px), x) }
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { p in
            for py in y0..<y1 {
                let cy = min(Double(py + 1), y + h) - max(Double(py), y)
                for (k, cx) in columns.enumerated() {
                    let d = (py * width + x0 + k) * 3
                    if cx >= 1 && cy >= 1 {
                        p[d] = color.red; p[d + 1] = color.green; p[d + 2] = color.blue
                        continue
                    }
                    let a = Int((cx * cy * 255).rounded())
                    if a > 0 { Self.blend(p, d, color, alpha: a) }
                }
            }
        }
    }

    /// Composes a coverage mask (one byte a pixel, `pitch` bytes a row) in `color` with its
    /// top-left pixel at (x, y).
    package mutating func blend(mask: UnsafeBufferPointer<UInt8>, maskWidth: Int, maskHeight: Int, pitch: Int, x: Int, y: Int, color: Color) {
        let x0 = max(clip.x0, x), x1 = min(clip.x1, x + maskWidth), y0 = max(clip.y0, y), y1 = min(clip.y1, y + maskHeight)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for py in y0..<y1 {
                let row = (py - y) * pitch - x
                for px in x0..<x1 {
                    let a = Int(mask[row + px])
                    if a > 0 { Self.blend(p, (py * width + px) * 3, color, alpha: a) }
                }
            }
        }
    }

    /// Composes premultiplied BGRA pixels (a color glyph, 4 bytes a pixel) with their top-left
    /// pixel at (x, y).
    package mutating func blend(bgra: [UInt8], imageWidth: Int, imageHeight: Int, x: Int, y: Int) {
        let x0 = max(clip.x0, x), x1 = min(clip.x1, x + imageWidth), y0 = max(clip.y0, y), y1 = min(clip.y1, y + imageHeight)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let s = ((py - y) * imageWidth + (px - x)) * 4
                    let a = Int(bgra[s + 3])
                    guard a > 0 else { continue }
                    let d = (py * width + px) * 3
                    let keep = 255 - a
                    p[d] = UInt8(min(255, Int(bgra[s + 2]) + (Int(p[d]) * keep + 127) / 255))
                    p[d + 1] = UInt8(min(255, Int(bgra[s + 1]) + (Int(p[d + 1]) * keep + 127) / 255))
                    p[d + 2] = UInt8(min(255, Int(bgra[s]) + (Int(p[d + 2]) * keep + 127) / 255))
                }
            }
        }
    }

    /// Limits drawing to a rectangle of pixels (within the canvas) while `body` draws.
    package mutating func clipped(x0: Int, y0: Int, x1: Int, y1: Int, _ body: (inout Canvas) -> Void) {
        let saved = clip
        clip = (max(saved.x0, x0), max(saved.y0, y0), min(saved.x1, x1), min(saved.y1, y1))
        body(&self)
        clip = saved
    }

    @inline(__always)
    private static func blend(_ p: UnsafeMutableBufferPointer<UInt8>, _ d: Int, _ c: Color, alpha a: Int) {
        let keep = 255 - a
        p[d] = UInt8((Int(c.red) * a + Int(p[d]) * keep + 127) / 255)
        p[d + 1] = UInt8((Int(c.green) * a + Int(p[d + 1]) * keep + 127) / 255)
        p[d + 2] = UInt8((Int(c.blue) * a + Int(p[d + 2]) * keep + 127) / 255)
    }
}
