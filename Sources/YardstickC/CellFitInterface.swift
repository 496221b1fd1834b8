// A cell template fitted to one row through the C interface (`ys_fit_cell`, `ys_cell_fit_*`):
// its height and every element's frame, for a renderer drawing the cell as it was measured.
import CYardstickErrors
#if canImport(Glibc)
import Glibc
#endif
import Yardstick

import YardstickTable
import YardstickFormats
import YardstickTemplates

@_cdecl("ys_fit_cell")
package func ys_fit_cell(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ jsonLength: Int,
                         _ names: UnsafePointer<UnsafePointer<CChar>?>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
                         _ width: Double, _ fit: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let fit else { return fail(.invalidArgument, "ys_fit_cell: fit is NULL") }
    fit.pointee = nil
    guard let textEngine = Box<TextEngine>.value(engine) else { return fail(.invalidArgument, "ys_fit_cell: engine is NULL") }
    guard let json, jsonLength >= 0 else { return fail(.invalidArgument, "ys_fit_cell: template_json is NULL") }
    // (The one rule for lengths, as the command line and configs check them.)
    if TemplateLayout.lengthProblem(width, allowingZero: false) != nil {
        return fail(.invalidArgument, "ys_fit_cell: width \(SizingError(path: "", .invalidLength(width, allowsZero: false)).message)")
    }
    guard count >= 0, count == 0 || (names != nil && values != nil) else { return fail(.invalidArgument, "ys_fit_cell: column names or values are NULL") }
    var columns: [String] = [], fields: [String] = []
    for k in 0..<count {
        guard let name = names![k], let value = values![k] else { return fail(.invalidArgument, "ys_fit_cell: column \(k)'s name or value is NULL") }
        // (Invalid UTF-8 is read as U+FFFD, as everywhere.)
        columns.append(String(decoding: UnsafeRawBufferPointer(start: name, count: strlen(name)), as: UTF8.self))
        fields.append(String(decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self))
    }
    do {
        let template = try TemplateDecoding.template(json: Array(UnsafeRawBufferPointer(start: json, count: jsonLength)))
        let sizer = try CellSizer(template, engine: textEngine, column: TableData(columns: columns, rows: []).columnReader)
        fit.pointee = Box.handle(sizer.fit(TableData.Row(fields), width: width))
        return Status.ok.rawValue
    } catch let error as ConfigError {
        return fail(.configError, "ys_fit_cell: \(error)")
    } catch {
        return fail(.configError, "ys_fit_cell: \(error)")
    }
}

@_cdecl("ys_cell_fit_height")
package func ys_cell_fit_height(_ fit: OpaquePointer?) -> Double { Box<CellFit>.value(fit)?.height ?? 0 }

@_cdecl("ys_cell_fit_frame_count")
package func ys_cell_fit_frame_count(_ fit: OpaquePointer?) -> Int { Box<CellFit>.value(fit)?.frames.count ?? 0 }

@_cdecl("ys_cell_fit_frame")
package func ys_cell_fit_frame(_ fit: OpaquePointer?, _ index: Int, _ frame: UnsafeMutablePointer<ys_frame>?) -> Int32 {
    guard let cell = Box<CellFit>.value(fit) else { return fail(.invalidArgument, "ys_cell_fit_frame: fit is NULL") }
    guard let frame else { return fail(.invalidArgument, "ys_cell_fit_frame: frame is NULL") }
    guard index >= 0, index < cell.frames.count else {
        return fail(.invalidArgument, "ys_cell_fit_frame: frame \(UInt(bitPattern: index)) is outside 0..<\(cell.frames.count)")
    }
    let f = cell.frames[index]
    frame.pointee = ys_frame(x: f.x, y: f.y, width: f.width, height: f.height, is_hidden: f.isHidden ? 1 : 0)
    return Status.ok.rawValue
}

@_cdecl("ys_cell_fit_free")
package func ys_cell_fit_free(_ fit: OpaquePointer?) { Box<CellFit>.free(fit) }
