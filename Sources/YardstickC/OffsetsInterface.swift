// The row-offset cache through the C interface (include/yardstick.h, `ys_offsets_*`): one
// section of rows, lengths in points rounded to the cache's 1/64 pt.
import Yardstick

/// The cache behind a `ys_offsets` handle (a value type, changed in place).
final class OffsetsBox {
    var cache: RowOffsetCache
    init(_ cache: RowOffsetCache) { self.cache = cache }
}

func offsets(_ handle: OpaquePointer?) -> OffsetsBox? { Box<OffsetsBox>.value(handle) }

@_cdecl("ys_offsets_create")
package func ys_offsets_create(_ rowCount: Int, _ estimatedHeight: Double, _ result: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let result else { return fail(.invalidArgument, "ys_offsets_create: offsets is NULL") }
    result.pointee = nil
    guard estimatedHeight.isFinite, estimatedHeight >= 0 else { return fail(.invalidArgument, "ys_offsets_create: the estimated height must be a finite number, 0 or more") }
    do {
        let cache = try RowOffsetCache(estimatedRowCount: rowCount, estimatedRowHeight: try LayoutLength(roundingPoints: estimatedHeight))
        result.pointee = Box.handle(OffsetsBox(cache))
        return Status.ok.rawValue
    } catch {
        return fail(.invalidArgument, "ys_offsets_create: \(error)")
    }
}

@_cdecl("ys_offsets_free")
package func ys_offsets_free(_ handle: OpaquePointer?) { Box<OffsetsBox>.free(handle) }

@_cdecl("ys_offsets_row_count")
package func ys_offsets_row_count(_ handle: OpaquePointer?) -> Int { offsets(handle)?.cache.rowCount ?? 0 }

@_cdecl("ys_offsets_total_height")
package func ys_offsets_total_height(_ handle: OpaquePointer?) -> Double { offsets(handle)?.cache.totalHeight.points ?? 0 }

@_cdecl("ys_offsets_set_heights")
package func ys_offsets_set_heights(_ handle: OpaquePointer?, _ first: Int, _ heights: UnsafePointer<Double>?, _ count: Int) -> Int32 {
    guard let box = offsets(handle) else { return fail(.invalidArgument, "ys_offsets_set_heights: offsets is NULL") }
    guard count >= 0, heights != nil || count == 0 else { return fail(.invalidArgument, "ys_offsets_set_heights: heights is NULL") }
    var lengths: [LayoutLength] = []
    for k in 0..<count {
        let h = heights![k]
        guard h.isFinite, h >= 0, let l = try? LayoutLength(roundingPoints: h), l <= RowOffsetCache.maximumHeight else {
            return fail(.invalidArgument, "ys_offsets_set_heights: height \(k) (\(h)) must be a finite number from 0 to \(RowOffsetCache.maximumHeight.points)")
        }
        lengths.append(l)
    }
    do {
        try box.cache.setHeights(lengths, startingAt: RowPosition(section: 0, row: first))
        return Status.ok.rawValue
    } catch {
        return fail(.invalidArgument, "ys_offsets_set_heights: \(error)")
    }
}

@_cdecl("ys_offsets_insert_rows")
package func ys_offsets_insert_rows(_ handle: OpaquePointer?, _ at: Int, _ count: Int) -> Int32 {
    guard let box = offsets(handle) else { return fail(.invalidArgument, "ys_offsets_insert_rows: offsets is NULL") }
    do {
        try box.cache.insertRows(at: RowPosition(section: 0, row: at), count: count)
        return Status.ok.rawValue
    } catch {
        return fail(.invalidArgument, "ys_offsets_insert_rows: \(error)")
    }
}

@_cdecl("ys_offsets_delete_rows")
package func ys_offsets_delete_rows(_ handle: OpaquePointer?, _ first: Int, _ count: Int) -> Int32 {
    guard let box = offsets(handle) else { return fail(.invalidArgument, "ys_offsets_delete_rows: offsets is NULL") }
    guard first >= 0, count >= 0, first <= Int.max - count else { return fail(.invalidArgument, "ys_offsets_delete_rows: rows \(UInt(bitPattern: first)) + \(UInt(bitPattern: count)) do not exist") }
    do {
        try box.cache.deleteRows(first..<(first + count), inSection: 0)
        return Status.ok.rawValue
    } catch {
        return fail(.invalidArgument, "ys_offsets_delete_rows: \(error)")
    }
}

@_cdecl("ys_offsets_row")
package func ys_offsets_row(_ handle: OpaquePointer?, _ row: Int, _ top: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let box = offsets(handle) else { return fail(.invalidArgument, "ys_offsets_row: offsets is NULL") }
    do {
        let frame = try box.cache.frame(of: RowPosition(section: 0, row: row))
        top?.pointee = frame.top.points
        height?.pointee = frame.height.points
        return Status.ok.rawValue
    } catch {
        return fail(.invalidArgument, "ys_offsets_row: \(error)")
    }
}

@_cdecl("ys_offsets_row_at")
package func ys_offsets_row_at(_ handle: OpaquePointer?, _ y: Double, _ row: UnsafeMutablePointer<Int>?) -> Int32 {
    guard let box = offsets(handle) else { return fail(.invalidArgument, "ys_offsets_row_at: offsets is NULL") }
    // The unit y falls in (rounded down: a y just short of a row's end is still in that row).
    let units = (y * Double(LayoutLength.unitsPerPoint)).rounded(.down)
    guard y.isFinite, units >= 0, units < 0x1p62, case .row(let position)? = box.cache.item(at: LayoutLength(units: Int64(units))) else {
        return fail(.invalidArgument, "ys_offsets_row_at: no row at y \(y) (the rows span 0 to \(box.cache.totalHeight.points))")
    }
    row?.pointee = position.row
    return Status.ok.rawValue
}

@_cdecl("ys_offsets_capture_anchor")
package func ys_offsets_capture_anchor(_ handle: OpaquePointer?, _ viewportTop: Double) -> Int32 {
    guard let box = offsets(handle) else { return fail(.invalidArgument, "ys_offsets_capture_anchor: offsets is NULL") }
    guard viewportTop.isFinite, let top = try? LayoutLength(roundingPoints: viewportTop) else {
        return fail(.invalidArgument, "ys_offsets_capture_anchor: the viewport top must be a finite number")
    }
    _ = box.cache.captureScrollAnchor(viewportTop: top)
    return Status.ok.rawValue
}

@_cdecl("ys_offsets_restore_anchor")
package func ys_offsets_restore_anchor(_ handle: OpaquePointer?, _ viewportHeight: Double, _ viewportTop: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let box = offsets(handle) else { return fail(.invalidArgument, "ys_offsets_restore_anchor: offsets is NULL") }
    guard viewportHeight.isFinite, let height = try? LayoutLength(roundingPoints: viewportHeight) else {
        return fail(.invalidArgument, "ys_offsets_restore_anchor: the viewport height must be a finite number")
    }
    do {
        viewportTop?.pointee = try box.cache.restoredContentOffset(viewportHeight: height).points
        return Status.ok.rawValue
    } catch {
        return fail(.invalidArgument, "ys_offsets_restore_anchor: \(error)")
    }
}
