/// The table directory of an OpenType/TrueType file (or of one face of a collection), read only
/// to check it: FreeType and HarfBuzz both accept a file whose tables run past its end (HarfBuzz
/// clamps each table to the bytes there are, then finds it malformed and quietly drops it, so a
/// cut file shapes without its kerning or ligatures). A face whose directory does not fit its
/// file is refused, naming the table.
/// - Complexity: O(tables).
package enum TableDirectory {
    /// Why the face's directory does not fit the file (or is of a format HarfBuzz does not
    /// shape: WOFF, an unknown collection version), or nil when every table lies inside it.
    package static func problem(in bytes: UnsafeRawBufferPointer, indexInFile: Int) -> String? {
        func u32(_ at: Int) -> UInt32? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        guard let tag = u32(0) else { return "shorter than a font header" }
        if tag == 0x774F_4646 || tag == 0x774F_4632 { // "wOFF", "wOF2"
            return "a WOFF web font, which HarfBuzz does not shape: give the TrueType or OpenType file"
        }
        var start = 0
        if tag == 0x7474_6366 { // "ttcf"
            guard let version = u32(4), version == 0x0001_0000 || version == 0x0002_0000 else {
                return "a font collection of an unknown version (\(u32(4).map { String($0, radix: 16) } ?? "cut short"))"
            }
            guard let count = u32(8) else { return "collection header cut short" }
            guard indexInFile < Int(count), let offset = u32(12 + 4 * indexInFile) else { return "collection has no face \(indexInFile)" }
            start = Int(offset)
        } else if indexInFile != 0 {
            return nil
        }
        guard let version = u32(start) else { return "face \(indexInFile)'s header cut short" }
        guard [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version) else { return nil } // 1.0, "OTTO", "true"; else FreeType judges
        guard let tables = u16(start + 4) else { return "table directory cut short" }
        let directoryEnd = start + 12 + 16 * tables
        guard directoryEnd <= bytes.count else {
            return "table directory of \(tables) tables runs past the end of the file (\(bytes.count) bytes)"
        }
        var past: [(offset: Int, name: String)] = []
        for k in 0..<tables {
            let record = start + 12 + 16 * k
            let offset = Int(u32(record + 8)!), length = Int(u32(record + 12)!)
            if offset + length > bytes.count { past.append((offset, FontFeature.tagString(u32(record)!))) }
        }
        guard !past.isEmpty else { return nil }
        let names = past.sorted { $0.offset < $1.offset }.map { "'\($0.name)'" }
        return (names.count == 1 ? "table \(names[0]) runs" : "tables \(names.joined(separator: ", ")) run")
            + " past the end of the file (\(bytes.count) bytes): cut short?"
    }
}
