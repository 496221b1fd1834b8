import Foundation

extension FontCollection {
    /// The bundled fonts only.
    public static func bundled(directory: String? = nil) throws -> FontCollection {
        try make(includeBundled: true, bundledDirectory: directory)
    }

    /// Builds a collection.
    /// - Parameters:
    ///   - fontPaths: font files, or folders whose .ttf/.otf/.ttc/.otc files load in name order;
    ///     every face of a collection file loads. Faces join their family by name, in the
    ///     order first given; each family gives a chain the face `FamilyMatch` picks.
    ///   - family: a family name whose installed faces fontconfig lists, tried after `fontPaths`.
    ///   - includeBundled: append the bundled fonts as the last fallbacks.
    ///   - uiFamily: the bundled family first among them (Noto Sans, or Inter for the iOS profile).
    ///   - bundledDirectory: the folder of the bundled fonts (default: `Fonts/` beside the
    ///     executable or in the package, or `$YARDSTICK_FONTS`).
    ///   - systemFallback: append, after every other face, the installed faces fontconfig lists
    ///     that map characters no other face does (off by default: heights then depend on the
    ///     machine's fonts). Faces past the limits are left out (`leftOutSystemFaces`).
    ///   - systemFallbackCharacters: with `systemFallback`, only faces mapping one of these
    ///     (the characters of the text to measure that no other face maps); nil: every face that
    ///     adds coverage, until the limits.
    ///   - weights: the weights to have faces for, upright and italic (regular and bold always;
    ///     by default UIKit's nine). A style of another weight takes the nearest of these, and
    ///     `substitution(for:)` says so. A bundled or listed face loads only when picked.
    ///   - opticalSizes: the point sizes to set faces with an `opsz` axis to, for styles with
    ///     an optical size (`TextAttributes.fontStyle` carries the text's size); a size not
    ///     among them takes the nearest. Of no account when no face has such an axis.
    /// - Throws: `FontError` naming the path of any missing, unreadable or corrupt font.
    public static func make(fontPaths: [String] = [], family: String? = nil, includeBundled: Bool = true,
                            uiFamily: UIFamily = .notoSans, bundledDirectory: String? = nil, systemFallback: Bool = false,
                            systemFallbackCharacters: Set<Unicode.Scalar>? = nil,
                            weights: [FontWeight] = FontWeight.named.map(\.weight), opticalSizes: [Double] = []) throws -> FontCollection {
        var loader = FaceLoader()
        var families: [FamilySource] = []
        var familyOfName: [String: Int] = [:]
        for path in fontPaths {
            for file in try expand(path) {
                for index in 0..<(try faceCount(file)) {
                    let face = try loader.load(file, index: index)
                    let key = loader.faces[face].family.lowercased()
                    if let k = familyOfName[key] { families[k].add(face, loader) } else { familyOfName[key] = families.count; families.append(FamilySource(face, loader)) }
                }
            }
        }
        if let family {
            var source = FamilySource()
            for (path, index) in try FontconfigResolver.faces(family: family) { source.add(try loader.load(path, index: index), loader) }
            families.append(source)
        }
        var variantFamilies: [(base: Int, family: FamilySource, scalars: [ClosedRange<UInt32>])] = []
        if includeBundled {
            let dir = try BundledFonts.directory(explicit: bundledDirectory)
            for entry in BundledFonts.entries(uiFamily: uiFamily) {
                // Picked by the weight and slant each file declares; a file loads only when picked.
                var source = FamilySource()
                for file in entry.files {
                    source.files.append((dir as NSString).appendingPathComponent(file.name))
                    source.candidates.append(file.offer)
                    source.lineMetrics.append(file.lineMetrics)
                }
                source.indexInFile = entry.indexInFile
                if entry.variantScalars.isEmpty {
                    families.append(source)
                } else {
                    variantFamilies.append((families.count - 1, source, entry.variantScalars))
                }
            }
        }
        // The primary family: the first (the chains' first face names it once picked).
        var systemFaces: [Int] = []
        var leftOut = 0
        var chains: [FontStyle: [FaceIndex]] = [:]
        var variants: [Int: [(scalars: [ClosedRange<UInt32>], face: FaceIndex)]] = [:]
        // The four basic styles first: their faces load first (face 0 is the regular one).
        let others = Set(weights).subtracting([.regular, .bold]).sorted().flatMap { [FontStyle(weight: $0), FontStyle(weight: $0, italic: true)] }
        var picks: [FontStyle: [Int]] = [:]
        // Optical sizes matter only where a face that may be picked has an `opsz` axis, or a
        // family has a face per range of sizes: a band on each side of each range's start
        // (the nearest band to any size is then one of its range).
        let starts = Set(families.flatMap { $0.candidates.map(\.opticalSizes.lowerBound) }.filter { $0 > 0 })
        let sized = loader.faces.contains { $0.axes.contains { $0.tag == "opsz" } } || !starts.isEmpty
        let asked = sized ? opticalSizes.filter { $0.isFinite && $0 > 0 } : []
        let bands: [Double?] = [nil] + Set(asked + starts.flatMap { [$0.nextDown, $0] }).sorted()
        for band in bands {
            for unsized in FontStyle.basic + others {
                let style = FontStyle(weight: unsized.weight, italic: unsized.isItalic, opticalSize: band)
                var picked: [Int] = []
                for k in families.indices { picked.append(try families[k].face(for: style, &loader)) }
                for v in variantFamilies {
                    var family = v.family
                    let face = try family.face(for: style, &loader)
                    let base = picked[v.base]
                    if !(variants[base]?.contains { $0.face == face } ?? false) { variants[base, default: []].append((v.scalars, face)) }
                }
                picks[style] = picked
            }
        }
        if systemFallback {
            var covered = [UInt64](repeating: 0, count: CodepointCoverage.wordCount)
            for face in loader.faces {
                for (block, word) in zip(face.coverage.blockIndices, face.coverage.blockWords) { covered[Int(block)] |= word }
            }
            var needed: Set<UInt32>? = nil
            if let characters = systemFallbackCharacters {
                needed = []
                for scalar in characters where (covered[Int(scalar.value >> 6)] >> UInt64(scalar.value & 63)) & 1 == 0 {
                    needed!.insert(scalar.value)
                }
            }
            FontconfigResolver.fallbackFaces(family: family, covering: &covered, needed: &needed) { path, index in
                guard loader.faces.count < maximumFaces else { leftOut += 1; return false }
                guard let face = try? loader.load(path, index: index) else { return false } // unreadable: skipped
                if loader.distinctMetricsCount > maximumDistinctMetrics { loader.removeLast(); leftOut += 1; return false }
                systemFaces.append(face)
                return true
            }
        }
        for (style, picked) in picks {
            var chain: [Int] = []
            for face in picked + systemFaces where !chain.contains(face) { chain.append(face) }
            chains[style] = chain
        }
        let named = picks[.regular].flatMap { $0.first.map { loader.faces[$0].family } } ?? ""
        let collection = try FontCollection(faces: loader.faces, chains: chains, primaryFamily: named, variants: variants)
        collection.leftOutSystemFaces = leftOut
        return collection
    }

    /// A folder expands to its font files in name order; a file is itself.
    private static func expand(_ path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw FontError.fileNotFound(path: path) }
        guard isDirectory.boolValue else { return [path] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw FontError.unreadable(path: path, reason: "cannot list the folder")
        }
        let fonts = names.filter { ["ttf", "otf", "ttc", "otc"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        guard !fonts.isEmpty else { throw FontError.fileNotFound(path: "\(path) (no .ttf, .otf or .ttc files in the folder)") }
        return fonts.map { (path as NSString).appendingPathComponent($0) }
    }

    /// How many faces a file holds: a collection's count, else 1 (a file that is no font, or
    /// no regular file, is judged when its face 0 loads: a pipe or a device is never read here).
    private static func faceCount(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return 1 }
        defer { try? handle.close() }
        let header = [UInt8](handle.readData(ofLength: 12))
        guard header.count == 12, header[0..<4] == [0x74, 0x74, 0x63, 0x66] else { return 1 } // "ttcf"
        let count = Int(header[8]) << 24 | Int(header[9]) << 16 | Int(header[10]) << 8 | Int(header[11])
        guard count >= 1 else { throw FontError.invalidFont(path: path, reason: "a font collection of no faces") }
        guard count <= maximumFaces else {
            throw FontError.tooManyFaces(count: count, limit: maximumFaces, what: "faces in one collection file")
        }
        return count
    }
}

/// One family's faces to pick from: loaded faces, or files known by the style they declare
/// (the bundled ones), loaded when first picked.
struct FamilySource {
    var candidates: [FamilyMatch.Candidate] = []
    /// Per candidate: its face once loaded.
    var faces: [Int?] = []
    /// Per candidate not yet loaded: its file (a bundled family), and the line metrics it
    /// stands in with (nil: its own).
    var files: [String] = []
    var lineMetrics: [FontMetrics?] = []
    var indexInFile = 0

    init() {}

    init(_ face: Int, _ loader: FaceLoader) { add(face, loader) }

    mutating func add(_ face: Int, _ loader: FaceLoader) {
        candidates.append(FamilyMatch.Candidate(loader.faces[face]))
        faces.append(face)
    }

    /// The face for a style: the candidate picked, loaded if need be, at the style's weight.
    mutating func face(for style: FontStyle, _ loader: inout FaceLoader) throws -> Int {
        let pick = FamilyMatch.pick(style, among: candidates)
        if faces.isEmpty { faces = Array(repeating: nil, count: files.count) }
        if faces[pick.face] == nil {
            let before = loader.faces.count
            let face = try loader.load(files[pick.face], index: indexInFile, isBundled: true)
            // (A file the user also gave keeps its own metrics.)
            if loader.faces.count > before, let metrics = lineMetrics[pick.face] { loader.faces[face].lineMetrics = metrics }
            faces[pick.face] = face
        }
        return try loader.face(faces[pick.face]!, pick, opticalSize: style.opticalSize)
    }
}

/// Loads each (file, face index) once, and each instance of a variable face once.
struct FaceLoader {
    var faces: [FontCollection.Face] = []
    var indexByKey: [String: Int] = [:]

    mutating func load(_ path: String, index: Int, isBundled: Bool = false) throws -> Int {
        let key = "\(index)#\(path)"
        if let existing = indexByKey[key] { return existing }
        let face = try FontCollection.Face(path: path, indexInFile: index, isBundled: isBundled)
        try append(face, key: key)
        return faces.count - 1
    }

    /// The face a pick among `family` (face indices) asks for: the face itself, or its
    /// instance at the pick's weight (and slant).
    mutating func face(_ face: Int, _ pick: FamilyMatch.Pick, opticalSize: Double? = nil) throws -> Int {
        let base = faces[face]
        var asked: [Variation] = []
        if let opticalSize, let axis = base.axes.first(where: { $0.tag == "opsz" }), axis.clamp(opticalSize) != axis.defaultValue {
            asked.append(Variation(tag: "opsz", value: opticalSize))
        }
        if let axis = base.axes.first(where: { $0.tag == "wght" }), axis.clamp(Double(pick.weight.rawValue)) != axis.defaultValue {
            asked.append(Variation(tag: "wght", value: Double(pick.weight.rawValue)))
        }
        if pick.slants {
            if base.axes.contains(where: { $0.tag == "ital" && $0.maximum >= 1 }) {
                asked.append(Variation(tag: "ital", value: 1))
            } else {
                asked.append(Variation(tag: "slnt", value: -14)) // CSS's oblique angle, clamped to the axis
            }
        }
        guard !asked.isEmpty else { return face }
        let key = "\(base.indexInFile)#\(base.path)@" + asked.map(\.description).joined(separator: ",")
        if let existing = indexByKey[key] { return existing }
        try append(FontCollection.Face(instanceOf: base, variations: asked, weight: pick.weight, italic: base.isItalic || pick.slants), key: key)
        return faces.count - 1
    }

    private mutating func append(_ face: FontCollection.Face, key: String) throws {
        faces.append(face)
        indexByKey[key] = faces.count - 1
    }

    /// Distinct (ascender, descender, line gap) per em among the loaded faces.
    var distinctMetricsCount: Int {
        Set(faces.map(\.lineMetrics.lineKey)).count
    }

    mutating func removeLast() {
        let face = faces.removeLast()
        indexByKey["\(face.indexInFile)#\(face.path)"] = nil
    }
}
