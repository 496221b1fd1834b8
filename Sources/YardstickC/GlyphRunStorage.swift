import CYardstickErrors
import Yardstick

/// Glyph runs as C reads them (`ys_glyph_run`): the arrays and paths in memory this object
/// allocates and frees, so the pointers stay valid while the C handle lives and nothing changes
/// after it is made (readable from any thread).
final class GlyphRunStorage: CArrayStorage {
    /// Per line, its runs.
    private(set) var lines: [[ys_glyph_run]] = []

    /// - Parameter offsets: maps the layout's UTF-8 offsets to the caller's bytes.
    init(_ runs: [[TextLayout.GlyphRun]], offsets: (Int) -> Int) {
        super.init()
        var paths: [String: UnsafePointer<CChar>] = [:]
        for line in runs {
            lines.append(line.map { run in
                let path = paths[run.face.path] ?? {
                    let bytes = Array(run.face.path.utf8CString)
                    let p = copy(bytes)
                    paths[run.face.path] = p
                    return p
                }()
                return ys_glyph_run(font_path: path, face_index: UInt32(clamping: run.face.indexInFile), font_size: run.fontSize,
                                    bidi_level: UInt32(run.bidiLevel), x: run.x, glyph_count: run.glyphIDs.count,
                                    glyph_ids: copy(run.glyphIDs), advances: copy(run.advances), x_offsets: copy(run.xOffsets),
                                    y_offsets: copy(run.yOffsets), clusters: copy(run.clusters.map(offsets)))
            })
        }
    }

}
