import CHarfBuzz

/// A face's own tracking (Apple's `trak` table, horizontal data, the normal track): font units
/// added after every grapheme cluster at a point size, as HarfBuzz 11 and later apply it with
/// the point size set (`hb_font_set_ptem`): the value at the nearest sizes of the table,
/// interpolated linearly between them, held at its ends.
/// - Complexity: O(sizes in the table) a look-up.
package struct TrackTable: Equatable, Sendable {
    /// The table's point sizes, ascending, and the tracking at each in font units.
    package let sizes: [Double]
    package let values: [Double]

    /// Font units after each cluster at `pointSize`.
    package func value(at pointSize: Double) -> Double {
        guard let first = sizes.first else { return 0 }
        if sizes.count == 1 || pointSize <= first { return values[0] }
        guard let k = sizes.firstIndex(where: { $0 >= pointSize }) else { return values[values.count - 1] }
        let t = (pointSize - sizes[k - 1]) / (sizes[k] - sizes[k - 1])
        return t * values[k] + (1 - t) * values[k - 1]
    }

    /// The face's table; nil without one (or with no horizontal data). Throws a description of
    /// what is wrong with a malformed table.
    package static func read(_ hbFace: OpaquePointer) throws(TrackTableError) -> TrackTable? {
        let blob = hb_face_reference_table(hbFace, FontFeature.tagValue("trak"))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        func u16(_ at: Int) throws(TrackTableError) -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw TrackTableError("cut short at byte \(at)") }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func i16(_ at: Int) throws(TrackTableError) -> Double { Double(Int16(truncatingIfNeeded: try u16(at))) }
        func fixed(_ at: Int) throws(TrackTableError) -> Double {
            Double(Int32(truncatingIfNeeded: try u16(at) << 16 | u16(at + 2))) / 65536
        }
        guard try u16(0) == 1, try u16(2) == 0 else { throw TrackTableError("version is not 1.0") }
        guard try u16(4) == 0 else { throw TrackTableError("format is not 0") }
        let horizontal = try u16(6)
        guard horizontal != 0 else { return nil }
        let tracks = try u16(horizontal), count = try u16(horizontal + 2)
        let sizeTable = try u16(horizontal + 4) << 16 | u16(horizontal + 6)
        guard tracks > 0, count > 0 else { return nil }
        let sizes = try (0..<count).map { k throws(TrackTableError) in try fixed(sizeTable + 4 * k) }
        guard zip(sizes, sizes.dropFirst()).allSatisfy({ $0 < $1 }) else { throw TrackTableError("sizes not ascending") }
        var entries: [(track: Double, values: [Double])] = []
        for t in 0..<tracks {
            let entry = horizontal + 8 + 8 * t
            let offset = try u16(entry + 6)
            entries.append((try fixed(entry), try (0..<count).map { k throws(TrackTableError) in try i16(offset + 2 * k) }))
        }
        // The normal track (0); else between the two tracks around it, as HarfBuzz does.
        entries.sort { $0.track < $1.track }
        if let normal = entries.first(where: { $0.track == 0 }) ?? (entries.count == 1 ? entries[0] : nil) {
            return TrackTable(sizes: sizes, values: normal.values)
        }
        guard let above = entries.firstIndex(where: { $0.track > 0 }), above > 0 else {
            return TrackTable(sizes: sizes, values: (entries.first { $0.track > 0 } ?? entries.last!).values)
        }
        let (a, b) = (entries[above - 1], entries[above])
        let t = (0 - a.track) / (b.track - a.track)
        return TrackTable(sizes: sizes, values: zip(a.values, b.values).map { t * $1 + (1 - t) * $0 })
    }
}

/// What is wrong with a `trak` table.
package struct TrackTableError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
