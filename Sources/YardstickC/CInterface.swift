// The C interface (include/yardstick.h): thin `@_cdecl` entry points over the public Swift API.
// Objects cross as opaque pointers to retained boxes (`Unmanaged`), freed by their own `_free`
// call; failures set the per-thread last error (CYardstickErrors) and return a `ys_status`.
import CYardstickErrors
import Yardstick

import YardstickFormats

/// The `ys_status` values of include/yardstick.h.
enum Status: Int32 {
    case ok = 0, invalidArgument = 1, fontError = 2, ioError = 3, formatError = 4, configError = 5
}

/// Records a failure for `ys_last_error()` and returns its status.
func fail(_ status: Status, _ message: String) -> Int32 {
    yardstick_c_set_last_error(message)
    return status.rawValue
}

/// The object behind a C handle.
final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }

    static func handle(_ value: Value) -> OpaquePointer { OpaquePointer(Unmanaged.passRetained(Box(value)).toOpaque()) }

    static func value(_ handle: OpaquePointer?) -> Value? {
        guard let handle else { return nil }
        return Unmanaged<Box<Value>>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue().value
    }

    static func free(_ handle: OpaquePointer?) {
        guard let handle else { return }
        Unmanaged<Box<Value>>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}

// MARK: - Engine

@_cdecl("ys_engine_create")
package func ys_engine_create(_ paths: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ includeBundled: Int32,
                             _ engine: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let engine else { return fail(.invalidArgument, "ys_engine_create: engine is NULL") }
    engine.pointee = nil
    var files: [String] = []
    for k in 0..<max(0, count) {
        guard let paths, let path = paths[k] else { return fail(.invalidArgument, "ys_engine_create: font path \(k) is NULL") }
        guard let file = String(validatingCString: path) else { return fail(.invalidArgument, "ys_engine_create: font path \(k) is not valid UTF-8") }
        files.append(file)
    }
    do {
        let fonts = try FontCollection.make(fontPaths: files, includeBundled: includeBundled != 0)
        engine.pointee = Box.handle(try TextEngine(fonts: fonts))
        return Status.ok.rawValue
    } catch {
        return fail(.fontError, "\(error)")
    }
}

@_cdecl("ys_engine_free")
package func ys_engine_free(_ engine: OpaquePointer?) { Box<TextEngine>.free(engine) }

// MARK: - Text layout

@_cdecl("ys_layout_text")
package func ys_layout_text(_ engine: OpaquePointer?, _ utf8: UnsafePointer<CChar>?, _ length: Int, _ options: UnsafePointer<ys_text_options>?,
                           _ layout: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let layout else { return fail(.invalidArgument, "ys_layout_text: layout is NULL") }
    layout.pointee = nil
    guard let textEngine = Box<TextEngine>.value(engine) else { return fail(.invalidArgument, "ys_layout_text: engine is NULL") }
    guard let options else { return fail(.invalidArgument, "ys_layout_text: options is NULL") }
    guard length >= 0, utf8 != nil || length == 0 else { return fail(.invalidArgument, "ys_layout_text: text is NULL") }
    let o = options.pointee
    guard o.width.isFinite, o.width > 0 else { return fail(.invalidArgument, "ys_layout_text: width must be a finite number above 0 (got \(o.width))") }
    guard o.font_size.isFinite, o.font_size >= 0 else { return fail(.invalidArgument, "ys_layout_text: font_size must be 0 or a finite number above 0") }
    guard o.max_lines >= 0 else { return fail(.invalidArgument, "ys_layout_text: max_lines must be 0 or more") }
    guard o.near_edge.isFinite, o.near_edge >= 0 else { return fail(.invalidArgument, "ys_layout_text: near_edge must be 0 or a finite number above 0") }
    let bytes = utf8.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    // Offsets go back to the caller's bytes: invalid UTF-8 is laid out as U+FFFD (3 bytes).
    let offsets = UTF8Repair.repair(bytes).bytes == nil ? nil : UTF8Repair.offsetMap(bytes)
    guard o.weight == 0 || FontWeight(rawValue: Int(o.weight)) != nil else {
        return fail(.invalidArgument, "ys_layout_text: weight must be 0 (from bold) or from 1 to 1000 (got \(o.weight))")
    }
    let weight = o.weight != 0 ? FontWeight(rawValue: Int(o.weight))! : o.bold != 0 ? .bold : .regular
    var attributes = TextAttributes(size: o.font_size == 0 ? 17 : o.font_size, fontStyle: FontStyle(weight: weight, italic: o.italic != 0))
    attributes.maxLines = Int(o.max_lines)
    if let problem = attributes.validationError { return fail(.invalidArgument, "ys_layout_text: \(problem)") }
    layout.pointee = Box.handle(LaidOut(layout: textEngine.layout(text, width: o.width, attributes: attributes),
                                        width: o.width, nearEdge: o.near_edge == 0 ? 0.5 : o.near_edge, offsets: offsets))
    return Status.ok.rawValue
}

/// A layout with what it was asked for.
struct LaidOut {
    var layout: TextLayout
    var width: Double
    var nearEdge: Double
    /// Offsets in the laid-out text to the caller's bytes, when they differ (invalid UTF-8).
    var offsets: [Int]?

    func original(_ offset: Int) -> Int {
        guard let offsets else { return offset }
        return offsets[min(max(offset, 0), offsets.count - 1)]
    }
}

@_cdecl("ys_text_layout_line_count")
package func ys_text_layout_line_count(_ layout: OpaquePointer?) -> Int { Box<LaidOut>.value(layout)?.layout.lineCount ?? 0 }

@_cdecl("ys_text_layout_width")
package func ys_text_layout_width(_ layout: OpaquePointer?) -> Double { Box<LaidOut>.value(layout)?.layout.width ?? 0 }

@_cdecl("ys_text_layout_height")
package func ys_text_layout_height(_ layout: OpaquePointer?) -> Double { Box<LaidOut>.value(layout)?.layout.height ?? 0 }

@_cdecl("ys_text_layout_line")
package func ys_text_layout_line(_ layout: OpaquePointer?, _ index: Int, _ line: UnsafeMutablePointer<ys_line>?) -> Int32 {
    guard let laidOut = Box<LaidOut>.value(layout) else { return fail(.invalidArgument, "ys_text_layout_line: layout is NULL") }
    let textLayout = laidOut.layout
    guard let line else { return fail(.invalidArgument, "ys_text_layout_line: line is NULL") }
    guard index >= 0, index < textLayout.lineCount else {
        return fail(.invalidArgument, "ys_text_layout_line: line \(UInt(bitPattern: index)) is outside 0..<\(textLayout.lineCount)")
    }
    let l = textLayout.lines[index]
    line.pointee = ys_line(utf8_start: laidOut.original(l.utf8Range.lowerBound), utf8_end: laidOut.original(l.utf8Range.upperBound), top: l.top, height: l.height,
                           baseline: l.baseline, ascent: l.ascent, descent: l.descent, width: l.width, is_truncated: l.isTruncated ? 1 : 0,
                           near_edge: laidOut.width - l.width <= laidOut.nearEdge ? 1 : 0)
    return Status.ok.rawValue
}

@_cdecl("ys_text_layout_free")
package func ys_text_layout_free(_ layout: OpaquePointer?) { Box<LaidOut>.free(layout) }

// MARK: - Glyph runs

@_cdecl("ys_text_layout_glyphs")
package func ys_text_layout_glyphs(_ layout: OpaquePointer?, _ runs: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let runs else { return fail(.invalidArgument, "ys_text_layout_glyphs: runs is NULL") }
    runs.pointee = nil
    guard let laidOut = Box<LaidOut>.value(layout) else { return fail(.invalidArgument, "ys_text_layout_glyphs: layout is NULL") }
    let layout = laidOut.layout
    runs.pointee = Box.handle(GlyphRunStorage((0..<layout.lineCount).map { layout.glyphRuns(line: $0) }, offsets: laidOut.original))
    return Status.ok.rawValue
}

@_cdecl("ys_glyph_runs_line_count")
package func ys_glyph_runs_line_count(_ runs: OpaquePointer?) -> Int { Box<GlyphRunStorage>.value(runs)?.lines.count ?? 0 }

@_cdecl("ys_glyph_runs_count")
package func ys_glyph_runs_count(_ runs: OpaquePointer?, _ line: Int) -> Int {
    guard let storage = Box<GlyphRunStorage>.value(runs), line >= 0, line < storage.lines.count else { return 0 }
    return storage.lines[line].count
}

@_cdecl("ys_glyph_runs_get")
package func ys_glyph_runs_get(_ runs: OpaquePointer?, _ line: Int, _ index: Int, _ run: UnsafeMutablePointer<ys_glyph_run>?) -> Int32 {
    guard let storage = Box<GlyphRunStorage>.value(runs) else { return fail(.invalidArgument, "ys_glyph_runs_get: runs is NULL") }
    guard let run else { return fail(.invalidArgument, "ys_glyph_runs_get: run is NULL") }
    guard line >= 0, line < storage.lines.count, index >= 0, index < storage.lines[line].count else {
        return fail(.invalidArgument, "ys_glyph_runs_get: run \(UInt(bitPattern: index)) of line \(UInt(bitPattern: line)) does not exist")
    }
    run.pointee = storage.lines[line][index]
    return Status.ok.rawValue
}

@_cdecl("ys_glyph_runs_free")
package func ys_glyph_runs_free(_ runs: OpaquePointer?) { Box<GlyphRunStorage>.free(runs) }

// MARK: - Heights files

@_cdecl("ys_heights_file_open")
package func ys_heights_file_open(_ path: UnsafePointer<CChar>?, _ file: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let file else { return fail(.invalidArgument, "ys_heights_file_open: file is NULL") }
    file.pointee = nil
    guard let path else { return fail(.invalidArgument, "ys_heights_file_open: path is NULL") }
    guard let name = String(validatingCString: path) else { return fail(.invalidArgument, "ys_heights_file_open: the path is not valid UTF-8") }
    do {
        file.pointee = Box.handle(try HeightsFile(path: name))
        return Status.ok.rawValue
    } catch {
        if case .cannotRead = error { return fail(.ioError, "\(error)") }
        return fail(.formatError, "\(error)")
    }
}

@_cdecl("ys_heights_file_row_count")
package func ys_heights_file_row_count(_ file: OpaquePointer?) -> Int { Box<HeightsFile>.value(file)?.rowCount ?? 0 }

@_cdecl("ys_heights_file_column_count")
package func ys_heights_file_column_count(_ file: OpaquePointer?) -> Int { Box<HeightsFile>.value(file)?.columnCount ?? 0 }

@_cdecl("ys_heights_file_row")
package func ys_heights_file_row(_ file: OpaquePointer?, _ index: Int, _ top: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let heights = Box<HeightsFile>.value(file) else { return fail(.invalidArgument, "ys_heights_file_row: file is NULL") }
    guard index >= 0, index < heights.rowCount else { return fail(.invalidArgument, "ys_heights_file_row: row \(UInt(bitPattern: index)) is outside 0..<\(heights.rowCount)") }
    let row = heights.row(index)
    top?.pointee = row.top.points
    height?.pointee = row.height.points
    return Status.ok.rawValue
}

@_cdecl("ys_heights_file_column_width")
package func ys_heights_file_column_width(_ file: OpaquePointer?, _ index: Int, _ width: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let heights = Box<HeightsFile>.value(file) else { return fail(.invalidArgument, "ys_heights_file_column_width: file is NULL") }
    guard index >= 0, index < heights.columnCount else {
        return fail(.invalidArgument, "ys_heights_file_column_width: column \(UInt(bitPattern: index)) is outside 0..<\(heights.columnCount)")
    }
    width?.pointee = heights.columnWidth(index)
    return Status.ok.rawValue
}

@_cdecl("ys_heights_file_section_count")
package func ys_heights_file_section_count(_ file: OpaquePointer?) -> Int { Box<HeightsFile>.value(file)?.sectionCount ?? 0 }

@_cdecl("ys_heights_file_section")
package func ys_heights_file_section(_ file: OpaquePointer?, _ index: Int, _ section: UnsafeMutablePointer<ys_section>?) -> Int32 {
    guard let heights = Box<HeightsFile>.value(file) else { return fail(.invalidArgument, "ys_heights_file_section: file is NULL") }
    guard let section else { return fail(.invalidArgument, "ys_heights_file_section: section is NULL") }
    guard index >= 0, index < heights.sectionCount else {
        return fail(.invalidArgument, "ys_heights_file_section: section \(UInt(bitPattern: index)) is outside 0..<\(heights.sectionCount)")
    }
    let s = heights.section(index)
    section.pointee = ys_section(first_row: s.firstRow, row_count: s.rowCount, header_top: s.header.top.points, header_height: s.header.height.points,
                                 footer_top: s.footer.top.points, footer_height: s.footer.height.points)
    return Status.ok.rawValue
}

@_cdecl("ys_size_table")
package func ys_size_table(_ engine: OpaquePointer?, _ csvPath: UnsafePointer<CChar>?, _ configPath: UnsafePointer<CChar>?,
                          _ table: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let table else { return fail(.invalidArgument, "ys_size_table: table is NULL") }
    table.pointee = nil
    guard let textEngine = Box<TextEngine>.value(engine) else { return fail(.invalidArgument, "ys_size_table: engine is NULL") }
    guard let csvPath, let configPath else { return fail(.invalidArgument, "ys_size_table: a path is NULL") }
    guard let csv = String(validatingCString: csvPath), let config = String(validatingCString: configPath) else {
        return fail(.invalidArgument, "ys_size_table: a path is not valid UTF-8")
    }
    do {
        let bytes = try SizingJob.heightsFile(csvPath: csv, configPath: config, engine: textEngine, threads: 0)
        table.pointee = Box.handle(try HeightsFile(bytes: bytes))
        return Status.ok.rawValue
    } catch let error as ConfigError {
        return fail(.configError, "\(config): \(error)")
    } catch let error as CommandError {
        let message = error.message
        return fail(message.hasPrefix("no such file") || message.hasPrefix("cannot") ? .ioError : .formatError, message)
    } catch {
        return fail(.formatError, "\(error)")
    }
}

@_cdecl("ys_heights_file_free")
package func ys_heights_file_free(_ file: OpaquePointer?) { Box<HeightsFile>.free(file) }
