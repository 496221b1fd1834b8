import YardstickLayout
import YardstickTable
import YardstickTemplates

/// Reads a TEMPLATE of the configuration file:
/// `{"text": {…}} | {"box": {…}} | {"vstack" | "hstack": {…}} | {"constraints": {…}}` plus the
/// keys every node may have.
package enum TemplateDecoding {
    static let nodeKeys: Set<String> = ["text", "box", "vstack", "hstack", "constraints", "insets", "scaleInsets", "minHeight", "maxHeight", "minWidth",
                                        "hugging", "compression"]
    static let alignments: [String: StackAlignment] = ["fill": .fill, "leading": .leading, "top": .leading, "center": .center,
                                                       "trailing": .trailing, "bottom": .trailing]

    /// The template as written; its values are checked where it is compiled (`TemplateLayout`),
    /// which names the same paths. The JSON parser's depth limit bounds the recursion here.
    /// A template from its own JSON (what a config's `cell` takes), for the C interface.
    package static func template(json bytes: [UInt8]) throws(ConfigError) -> CellTemplate<TableData.Row> {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw ConfigError(path: "", message: "not JSON: \(error)") }
        return try template(ConfigReader(root, path: "cell"))
    }

    static func template<Row>(_ r: ConfigReader) throws(ConfigError) -> CellTemplate<Row> {
        let m = try r.members(nodeKeys)
        let kinds = ["text", "box", "vstack", "hstack", "constraints"].filter { m[$0] != nil }
        guard kinds.count == 1 else {
            throw r.error("a template has exactly one of text, box, vstack, hstack, constraints (found \(kinds.isEmpty ? "none" : kinds.joined(separator: ", ")))")
        }
        var t: CellTemplate<Row>
        switch kinds[0] {
        case "text": t = .text(try text(m["text"]!))
        case "constraints": t = CellTemplate(.constraints(try constraints(m["constraints"]!)))
        case "box":
            let b = try m["box"]!.members(["width", "height", "aspectRatio"])
            t = CellTemplate(.box(BoxElement(width: try b["width"]?.length(), height: try b["height"]?.length(),
                                             aspectRatio: try b["aspectRatio"]?.length(positive: true))))
        default:
            let s = try m[kinds[0]]!.members(["spacing", "alignment", "distribution", "children"])
            guard let childrenReader = s["children"] else { throw m[kinds[0]]!.error("a stack needs \"children\"") }
            let items = try childrenReader.array()
            var children: [CellTemplate<Row>] = []
            for item in items { children.append(try template(item)) }
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
        if let p = m["hugging"] { t.hugging = try p.number() }
        if let p = m["compression"] { t.compression = try p.number() }
        return t
    }

    /// `{"views": {NAME: VIEW, …}, "rules": ["a.top == b.bottom + 8", …]}`, a VIEW being
    /// `{"text": {…}} | {"box": {"width", "height"}} | {"container": {}}` with optional
    /// `"hugging"` and `"compression"` (a number for both axes, or `{"horizontal", "vertical"}`).
    /// Views are taken in name order (JSON objects have none).
    static func constraints<Row>(_ r: ConfigReader) throws(ConfigError) -> ConstraintElement<Row> {
        let m = try r.members(["views", "rules"])
        guard let viewsReader = m["views"] else { throw r.error("constraints need \"views\"") }
        guard let rulesReader = m["rules"] else { throw r.error("constraints need \"rules\"") }
        var views: [ConstraintElement<Row>.View] = []
        guard let names = viewsReader.value.objectValue?.keys else { throw viewsReader.error("must be a JSON object of views by name") }
        for (name, v) in try viewsReader.members(Set(names)).sorted(by: { $0.key < $1.key }) {
            let vm = try v.members(["text", "box", "container", "hugging", "compression"])
            let kinds = ["text", "box", "container"].filter { vm[$0] != nil }
            guard kinds.count == 1 else {
                throw v.error("a view has exactly one of text, box, container (found \(kinds.isEmpty ? "none" : kinds.joined(separator: ", ")))")
            }
            var view: ConstraintElement<Row>.View
            switch kinds[0] {
            case "text": view = .init(name, .text(try text(vm["text"]!)))
            case "box":
                let b = try vm["box"]!.members(["width", "height"])
                view = .init(name, .box(width: try b["width"]?.length(), height: try b["height"]?.length()))
            default:
                _ = try vm["container"]!.members([])
                view = .init(name, .container)
            }
            if let h = vm["hugging"] { (view.horizontalHugging, view.verticalHugging) = try priorities(h, default: 250) }
            if let c = vm["compression"] { (view.horizontalCompression, view.verticalCompression) = try priorities(c, default: 750) }
            views.append(view)
        }
        var rules: [String] = []
        for rule in try rulesReader.array() { rules.append(try rule.string()) }
        return ConstraintElement(views: views, rules: rules)
    }

    /// A priority for both axes, or `{"horizontal", "vertical"}` (a missing axis: UIKit's default).
    static func priorities(_ r: ConfigReader, default value: Double) throws(ConfigError) -> (Double, Double) {
        if r.value.doubleValue != nil {
            let p = try r.number()
            return (p, p)
        }
        let m = try r.members(["horizontal", "vertical"])
        return (try m["horizontal"]?.number() ?? value, try m["vertical"]?.number() ?? value)
    }

    static func text<Row>(_ r: ConfigReader) throws(ConfigError) -> TextElement<Row> {
        let m = try r.members(["column", "style", "size", "weight", "italic", "lines", "truncate", "hyphenate"])
        guard let column = m["column"] else { throw r.error("a text needs \"column\"") }
        let style: DynamicType.TextStyle? = try m["style"].map { s throws(ConfigError) in
            let name = try s.string()
            guard let style = DynamicType.TextStyle(name: name) else {
                throw s.error("unknown style \"\(name)\"; expected one of \(DynamicType.TextStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return style
        }
        let size = try m["size"].map { s throws(ConfigError) in
            let points = try s.number()
            // (Not above 0 is the template's own error, later. A text under a point shows
            // nothing on any display: every row would measure 0.)
            if points > 0 && points < 1 { throw s.error("must be at least 1 point (got \(points)): a smaller text shows nothing") }
            return points
        }
        let font = TemplateFont(style: style ?? (size == nil ? .body : nil), size: size, weight: try m["weight"]?.weight(),
                                italic: try m["italic"]?.bool() ?? false)
        return TextElement(source: .column(try column.string()), font: font, lines: try m["lines"]?.integer() ?? 0,
                           truncates: try m["truncate"]?.bool() ?? false, hyphenates: try m["hyphenate"]?.bool() ?? false)
    }
}
