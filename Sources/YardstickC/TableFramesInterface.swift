// A lazily sized table's rows as a renderer draws them (include/yardstick.h,
// `ys_table_cell_frames`): each element's frame, text, font and lines.
import CYardstickErrors
import Yardstick
import YardstickFormats
import YardstickOffsets
import YardstickTable
import YardstickTemplates

/// One row's elements as C reads them (`ys_element`), with the texts and lines they point to in
/// memory this object owns: valid until the table's next answer replaces it.
final class ElementStorage: CArrayStorage {
    private(set) var elements: [ys_element] = []

    init(_ item: TableDrawing.Item) {
        super.init()
        for (c, cell) in item.cells.enumerated() {
            for text in cell.content.texts {
                let layout = text.layout
                let bytes = Array((text.string ?? "").utf8)
                let lines = layout.lines.enumerated().map { i, l in
                    ys_line(utf8_start: l.utf8Range.lowerBound, utf8_end: l.utf8Range.upperBound, top: l.top, height: l.height,
                            baseline: l.baseline, ascent: l.ascent, descent: l.descent, width: l.width, is_truncated: l.isTruncated ? 1 : 0,
                            near_edge: layout.isNearEdge(line: i) ? 1 : 0)
                }
                let a = layout.attributes
                elements.append(ys_element(
                    kind: Int32(YS_ELEMENT_TEXT), cell: c, x: cell.x + text.rect.x, y: text.rect.y, width: text.rect.width, height: text.rect.height,
                    text: copy(bytes).withMemoryRebound(to: CChar.self, capacity: max(bytes.count, 1)) { $0 }, length: bytes.count,
                    font_size: a.size, weight: Int32(a.fontStyle.weight.rawValue), italic: a.fontStyle.isItalic ? 1 : 0,
                    letter_spacing: layout.trackedLetterSpacing, max_lines: Int32(clamping: a.maxLines),
                    single_line: a.lineBreakMode == .singleLine ? 1 : 0, clips: text.clips ? 1 : 0, text_height: layout.height,
                    line_count: lines.count, lines: copy(lines)))
            }
            for box in cell.content.boxes {
                elements.append(ys_element(kind: Int32(YS_ELEMENT_BOX), cell: c, x: cell.x + box.x, y: box.y, width: box.width, height: box.height,
                                           text: nil, length: 0, font_size: 0, weight: 0, italic: 0, letter_spacing: 0, max_lines: 0,
                                           single_line: 0, clips: 0, text_height: 0, line_count: 0, lines: nil))
            }
        }
    }

    /// The elements in memory of their own (an array's storage is not a stable address).
    private(set) lazy var pointer: UnsafePointer<ys_element> = copy(elements)

}

@_cdecl("ys_table_cell_frames")
package func ys_table_cell_frames(_ handle: OpaquePointer?, _ row: Int, _ elements: UnsafeMutablePointer<UnsafePointer<ys_element>?>?,
                                  _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_cell_frames: table is NULL") }
    elements?.pointee = nil
    count?.pointee = 0
    do {
        let item: TableDrawing.Item?
        if row == headerRow || row == footerRow {
            if row == footerRow { try box.table.completeIndex() }
            item = try box.table.drawing(header: row == headerRow)
        } else {
            // (A row past a file's first piece: the whole index first, so the row is the file's.)
            try box.table.completeIndex(before: RowPosition(section: 0, row: max(row, 0)))
            let rows = box.table.table.rowCounts.first ?? 0
            guard row >= 0, row < rows else { return fail(.invalidArgument, "ys_table_cell_frames: row \(UInt(bitPattern: row)) is out of range (\(rows) rows)") }
            item = try box.table.drawing(row: row)
        }
        let storage = item.map(ElementStorage.init)
        box.frames = storage
        guard let storage, !storage.elements.isEmpty else { return Status.ok.rawValue }
        elements?.pointee = storage.pointer
        count?.pointee = storage.elements.count
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_cell_frames", error)
    }
}
