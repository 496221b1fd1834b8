import YardstickLayout
import YardstickTemplates

/// Reads a TEMPLATE of the configuration file:
/// `{"text": {…}} | {"box": {…}} | {"vstack" | "hstack": {…}}` plus the keys every node may have.
enum TemplateDecoding {
    static let nodeKeys: Set<String> = ["text", "box", "vstack", "hstack", "insets", "scaleInsets", "minHeight", "maxHeight", "minWidth",
                                        "hugging", "compression"]
    static let alignments: [String: StackAlignment] = ["fill": .fill, "leading": .leading, "top": .leading, "center": .center,
                                                       "trailing": .trailing, "bottom": .trailing]
    static let weights: [String: Bool] = ["ultraLight": false, "thin": false, "light": false, "regular": false, "medium": false,
                                          "semibold": true, "bold": true, "heavy": true, "black": true]

    static func template<Row>(_ r: ConfigReader, depth: Int = 1) throws(ConfigError) -> CellTemplate<Row> {
        guard depth <= TemplateLayout.maximumDepth else { throw r.error("nested deeper than \(TemplateLayout.maximumDepth) levels") }
        let m = try r.members(nodeKeys)
        let kinds = ["text", "box", "vstack", "hstack"].filter { m[$0] != nil }
        guard kinds.count == 1 else { throw r.error("a template has exactly one of text, box, vstack, hstack (found \(kinds.isEmpty ? "none" : kinds.joined(separator: ", ")))") }
        var t: CellTemplate<Row>
        switch kinds[0] {
        case "text": t = .text(try text(m["text"]!))
        case "box":
            let b = try m["box"]!.members(["width", "height", "aspectRatio"])
            t = CellTemplate(.box(BoxElement(width: try b["width"]?.length(), height: try b["height"]?.length(),
                                             aspectRatio: try b["aspectRatio"]?.length(positive: true))))
        default:
            let s = try m[kinds[0]]!.members(["spacing", "alignment", "distribution", "children"])
            guard let childrenReader = s["children"] else { throw m[kinds[0]]!.error("a stack needs \"children\"") }
            let items = try childrenReader.array()
            guard !items.isEmpty else { throw childrenReader.error("a stack needs at least one child") }
            var children: [CellTemplate<Row>] = []
            for item in items { children.append(try template(item, depth: depth + 1)) }
            t = CellTemplate(.stack(StackElement(axis: kinds[0] == "hstack" ? .horizontal : .vertical, spacing: try s["spacing"]?.length() ?? 0,
                                                 alignment: try s["alignment"]?.name(alignments) ?? .fill,
                                                 distribution: try s["distribution"]?.name(["fill": StackDistribution.fill, "fillEqually": .fillEqually]) ?? .fill,
                                                 children: children)))
        }
        if let i = m["insets"] {
            let e = try i.members(["top", "leading", "bottom", "trailing"])
            t.insets = EdgeInsets(top: try e["top"]?.length() ?? 0, leading: try e["leading"]?.length() ?? 0,
                                  bottom: try e["bottom"]?.length() ?? 0, trailing: try e["trailing"]?.length() ?? 0)
        }
        t.scalesInsets = try m["scaleInsets"]?.bool() ?? false
        t.minHeight = try m["minHeight"]?.length()
        t.maxHeight = try m["maxHeight"]?.length()
        t.minWidth = try m["minWidth"]?.length()
        if let lo = t.minHeight, let hi = t.maxHeight, lo > hi { throw m["maxHeight"]!.error("is below minHeight (\(lo))") }
        for key in ["hugging", "compression"] {
            guard let p = m[key] else { continue }
            let v = try p.number()
            guard v >= 1 && v <= 1000 else { throw p.error("a priority must be between 1 and 1000 (got \(v))") }
            if key == "hugging" { t.hugging = v } else { t.compression = v }
        }
        return t
    }

    static func text<Row>(_ r: ConfigReader) throws(ConfigError) -> TextElement<Row> {
        let m = try r.members(["column", "style", "size", "weight", "lines", "truncate", "hyphenate"])
        guard let column = m["column"] else { throw r.error("a text needs \"column\"") }
        let style: TextStyle? = try m["style"].map { s throws(ConfigError) in
            let name = try s.string()
            guard let style = TextStyle(name: name) else {
                throw s.error("unknown style \"\(name)\"; expected one of \(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return style
        }
        let size = try m["size"]?.length(positive: true)
        if let size, size > 10_000 { throw m["size"]!.error("a font size must be at most 10000 points") }
        let font = TemplateFont(style: style ?? (size == nil ? .body : nil), size: size, bold: try m["weight"]?.name(weights))
        return TextElement(source: .column(try column.string()), font: font, lines: try m["lines"]?.integer() ?? 0,
                           truncates: try m["truncate"]?.bool() ?? false, hyphenates: try m["hyphenate"]?.bool() ?? false)
    }
}
