import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickTemplates

/// A table's sizing read from the JSON of `measure --config CONFIG.json` (the README's config
/// reference): a SwiftDataTables grid or a list of templates, its sections, its profile.
/// Unknown keys, keys of the other layout and contradictions are errors naming their path.
/// - Complexity: O(n) in the JSON's length to read.
public struct SizingConfig {
    /// A SwiftDataTables grid (a cell per column) or a list (one template per row).
    public enum Layout: String, Sendable { case grid, list }
    public var layout: Layout
    /// The grid's configuration (SwiftDataTables' defaults when the layout is a list).
    public var grid = DataTableConfiguration()
    /// The list's configuration; nil for a grid.
    public var list: ListConfiguration<TableData.Row>?
    /// `sections`: the column whose values make the sections, their order and hiding.
    public var grouping: SectionGrouping?
    /// `heightColumn`: a number in this column beats every mode.
    public var heightColumn: String?
    /// `rowHeightMode.automatic.followMedian` (an extension): the estimate follows the median
    /// of the rows measured so far.
    package var estimateFollowsMedian = false
    /// Sections named by `sectionOverrides`.
    package var overriddenSections: [String] = []
    /// Every column the config names (templates, columns, sections, heightColumn).
    package var namedColumns: Set<String> = []
    /// The styles the table's texts are shaped in, at their sizes: a grid's regular cells and
    /// bold titles, and every template text's weight and slant (the fonts are made for them).
    package var fontStyles: [FontStyle] = []
    /// `"profile"`: the platform measured for (nil: not given).
    package var profile: Profile?
    /// `"sizingRule"`: which faces set a line's height (nil: the profile's).
    package var sizingRule: LabelRules.SizingRule?
    /// Whether `"displayScale"` is given (else the run's profile sets it: `adopt`).
    package var namesDisplayScale = false

    static let topKeys: Set<String> = ["layout", "width", "category", "maximumCategory", "displayScale", "textLayout", "rowHeightMode",
                                       "columnWidthMode", "minColumnWidth", "maxColumnWidth", "columns", "cell", "headerHeight",
                                       "footerHeight", "interRowSpacing", "heightColumn", "sections", "sectionOverrides", "opticalSizing",
                                       "profile", "sizingRule", "strictConstraints"]
    static let gridOnly = ["textLayout", "columnWidthMode", "minColumnWidth", "maxColumnWidth", "columns"]
    static let listOnly = ["cell"]

    /// SwiftDataTables' default grid (the config `{}`).
    package static var grid: SizingConfig { try! SizingConfig(json: Array("{}".utf8)) }

    /// Parses a configuration file's bytes.
    /// - Throws: `ConfigError` with the JSON path of what is wrong.
    public init(json bytes: [UInt8]) throws(ConfigError) {
        let root: JSONValue
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes // a UTF-8 byte-order mark is skipped
        do { root = try JSONParser.parse(text) } catch { throw ConfigError(path: "", message: "not JSON: \(error)") }
        namedColumns = Self.columnNames(in: root)
        let m = try ConfigReader(root, path: "").members(Self.topKeys)
        layout = try m["layout"]?.name(["grid": Layout.grid, "list": .list]) ?? .grid
        for key in layout == .grid ? Self.listOnly : Self.gridOnly where m[key] != nil {
            throw m[key]!.error("applies to \(layout == .grid ? "list" : "grid") layouts only (\"layout\" is \"\(layout.rawValue)\")")
        }
        var environment = SizingEnvironment()
        let categories = Dictionary(uniqueKeysWithValues: DynamicType.ContentSizeCategory.allCases.map { ($0.rawValue, $0) })
        if let c = m["category"] { environment.category = try c.name(categories) }
        if let c = m["maximumCategory"] { environment.maximumCategory = try c.name(categories) }
        profile = try m["profile"]?.name(Dictionary(uniqueKeysWithValues: Profile.allCases.map { ($0.rawValue, $0) }))
        sizingRule = try m["sizingRule"]?.name(Dictionary(uniqueKeysWithValues: LabelRules.SizingRule.allCases.map { ($0.rawValue, $0) }))
        // (1–64, checked with the environment; the iOS profile's 3 where none is given)
        environment.displayScale = try m["displayScale"]?.number() ?? profile?.displayScale
        namesDisplayScale = m["displayScale"] != nil
        environment.opticalSizing = try m["opticalSizing"]?.bool() ?? true
        environment.strictConstraints = try m["strictConstraints"]?.bool() ?? false
        // The styles the fonts are made for, each at its point size at the category.
        let body = DynamicType.pointSize(.body, environment.category, maximum: environment.maximumCategory)
        let sized = { (style: FontStyle, size: Double) in
            FontStyle(weight: style.weight, italic: style.isItalic, opticalSize: environment.opticalSizing ? size : nil)
        }
        // A grid's cells and bold column titles; a list has only its templates' texts.
        fontStyles = layout == .grid ? [sized(.regular, body), sized(.bold, body)] : []
        for (style, font) in Self.textStyles(in: root) {
            let s = sized(style, font.pointSize(category: environment.category, maximum: environment.maximumCategory))
            if !fontStyles.contains(s) { fontStyles.append(s) }
        }
        let mode = try m["rowHeightMode"].map(Self.rowHeightMode)
        if case .object(let modeFields)? = m["rowHeightMode"]?.value, case .object(let automatic)? = modeFields["automatic"] {
            estimateFollowsMedian = automatic["followMedian"]?.boolValue ?? false
        }
        let isList = layout == .list
        let sections = try m["sections"].map { s throws(ConfigError) in try Self.sections(s, list: isList) }
        grouping = sections?.grouping
        var levels = SectionLevels<TableData.Row>(allSections: sections?.rules ?? SectionRules())
        if let overrides = m["sectionOverrides"] {
            guard grouping != nil else { throw overrides.error("needs \"sections\" (the column that makes sections)") }
            guard case .object(let names) = overrides.value else { throw overrides.error("must be a JSON object") }
            for name in names.keys.sorted() { levels.named[name] = try Self.rules(overrides.child(name, names[name]!), allowing: [], list: isList) }
            overriddenSections = names.keys.sorted()
        }
        heightColumn = try m["heightColumn"]?.string()

        // A list needs its template; a grid has SwiftDataTables' defaults.
        switch layout {
        case .list:
            guard let width = m["width"] else { throw ConfigError(path: "width", message: "a list needs \"width\" (the cell width)") }
            guard let cell = m["cell"] else { throw ConfigError(path: "cell", message: "a list needs \"cell\" (the row's template)") }
            var list = ListConfiguration(width: try width.length(positive: true), cell: try TemplateDecoding.template(cell) as CellTemplate<TableData.Row>)
            if let mode { list.rowHeightMode = mode }
            list.headerHeight = try m["headerHeight"]?.length() ?? 0
            list.footerHeight = try m["footerHeight"]?.length() ?? 0
            list.interRowSpacing = try m["interRowSpacing"]?.length() ?? 0
            list.environment = environment
            list.sections = levels
            self.list = list
        case .grid:
            var g = DataTableConfiguration()
            if let mode { g.rowHeightMode = mode }
            g.textLayout = try m["textLayout"]?.name(["singleLine": DataTableConfiguration.TextLayoutMode.singleLine, "wrap": .wrap]) ?? .singleLine
            g.frameWidth = try m["width"]?.length(positive: true)
            if let c = m["columnWidthMode"] { g.columnWidthMode = try Self.columnWidthMode(c) }
            g.minColumnWidth = try m["minColumnWidth"]?.length() ?? 70
            g.maxColumnWidth = try m["maxColumnWidth"]?.length(positive: true)
            if let most = g.maxColumnWidth, g.minColumnWidth > most {
                let given = m["minColumnWidth"] != nil ? "" : " (its default)"
                throw (m["minColumnWidth"] ?? m["maxColumnWidth"]!).error(
                    "minColumnWidth \(OutputNumber.format(g.minColumnWidth))\(given) is above maxColumnWidth \(OutputNumber.format(most)): a column cannot be both")
            }
            if let h = m["headerHeight"] { g.heightForSectionHeader = try h.length() }
            if let f = m["footerHeight"] { g.heightForSectionFooter = try f.length() }
            if let s = m["interRowSpacing"] { g.heightOfInterRowSpacing = try s.length() }
            if let columns = m["columns"] {
                guard case .object(let names) = columns.value else { throw columns.error("must be a JSON object") }
                for name in names.keys.sorted() {
                    let c = try columns.child(name, names[name]!).members(["width", "cell", "widthMode"])
                    if let w = c["width"] { g.columnWidths[name] = try w.length(positive: true) }
                    if let t = c["cell"] { g.cellTemplates[name] = try TemplateDecoding.template(t) }
                    if let w = c["widthMode"] { g.columnWidthModes[name] = try Self.columnWidthMode(w) }
                }
            }
            g.environment = environment
            g.grouping = grouping
            g.sections = levels
            grid = g
        }
    }

    /// The table measured for a run of `profile` (given by the config or the command line):
    /// its display scale where the config names none.
    package mutating func adopt(_ profile: Profile) {
        guard !namesDisplayScale else { return }
        grid.environment.displayScale = profile.displayScale
        list?.environment.displayScale = profile.displayScale
    }

    /// The values of every `column` key and of `heightColumn`, and the keys of `columns`.
    static func columnNames(in value: JSONValue) -> Set<String> {
        var names: Set<String> = []
        func walk(_ v: JSONValue) {
            switch v {
            case .object(let fields):
                for (key, child) in fields {
                    if (key == "column" || key == "heightColumn"), let name = child.stringValue { names.insert(name) }
                    if key == "columns", case .object(let columns) = child { names.formUnion(columns.keys) }
                    walk(child)
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(value)
        return names
    }

    static func rowHeightMode(_ r: ConfigReader) throws(ConfigError) -> RowHeightMode {
        let (key, v) = try r.variant(["fixed", "automatic"])
        if key == "fixed" { return .fixed(try v.length()) }
        let a = try v.members(["estimated", "prefetchWindow", "followMedian"])
        _ = try a["followMedian"]?.bool()
        return .automatic(estimated: try a["estimated"]?.length() ?? 44, prefetchWindow: try a["prefetchWindow"]?.integer() ?? 10)
    }

    static func columnWidthMode(_ r: ConfigReader) throws(ConfigError) -> DataTableConfiguration.ColumnWidthMode {
        let (key, v) = try r.variant(["fixed", "fitContentText", "fitContentAutoLayout"])
        switch key {
        case "fixed": return .fixed(try v.length(positive: true))
        case "fitContentText":
            if case .string = v.value { return .fitContentText(try v.name(["maxMeasured": DataTableConfiguration.ColumnWidthStrategy.maxMeasured])) }
            let (name, s) = try v.variant(["sampledMax", "percentileMeasured", "estimatedAverage", "hybrid"])
            switch name {
            case "sampledMax":
                return .fitContentText(.sampledMax(sampleSize: try sample(s, ["sampleSize"]).size))
            case "percentileMeasured":
                let p = try sample(s, ["percentile", "sampleSize"])
                return .fitContentText(.percentileMeasured(percentile: p.percentile, sampleSize: p.size))
            case "estimatedAverage":
                let a = try s.members(["averageCharWidth"])
                return .fitContentText(.estimatedAverage(averageCharWidth: try a["averageCharWidth"]?.length() ?? 7))
            default:
                let a = try s.members(["sampleSize", "averageCharWidth"])
                return .fitContentText(.hybrid(sampleSize: try a["sampleSize"]?.integer(minimum: 1) ?? 100,
                                               averageCharWidth: try a["averageCharWidth"]?.length() ?? 7))
            }
        default:
            if case .string = v.value { return .fitContentAutoLayout(sample: try v.name(["all": DataTableConfiguration.ColumnSample.all])) }
            let (name, s) = try v.variant(["sampledMax", "percentile"])
            if name == "sampledMax" { return .fitContentAutoLayout(sample: .sampledMax(sampleSize: try sample(s, ["sampleSize"]).size)) }
            let p = try sample(s, ["percentile", "sampleSize"])
            return .fitContentAutoLayout(sample: .percentile(percentile: p.percentile, sampleSize: p.size))
        }
    }

    private static func sample(_ r: ConfigReader, _ keys: Set<String>) throws(ConfigError) -> (size: Int, percentile: Double) {
        let m = try r.members(keys)
        var percentile = 0.9
        if let p = m["percentile"] {
            percentile = try p.number()
            guard percentile >= 0 && percentile <= 1 else { throw p.error("a percentile must be between 0 and 1 (got \(percentile))") }
        }
        return (try m["sampleSize"]?.integer(minimum: 1) ?? 100, percentile)
    }

    static func sections(_ r: ConfigReader, list: Bool) throws(ConfigError) -> (grouping: SectionGrouping, rules: SectionRules<TableData.Row>) {
        let m = try r.members(Set(["column", "order", "hide", "header", "footer", "rowHeight", "estimatedRowHeight", "estimatedHeader", "estimatedFooter"])
            .union(list ? ["cell"] : []))
        guard let column = m["column"] else { throw r.error("sections need \"column\" (the column whose value makes the sections)") }
        var order = SectionOrder.input
        if let o = m["order"] {
            if case .array = o.value {
                var names: [String] = []
                var seen: [String: String] = [:]
                for item in try o.array() {
                    let name = try item.string()
                    if let first = seen[name] { throw item.error("\"\(name)\" is named twice (also at \(first)): one section each") }
                    seen[name] = item.path
                    names.append(name)
                }
                order = .explicit(names)
            } else {
                order = try o.name(["input": SectionOrder.input, "ascending": .ascending])
            }
        }
        let hide = try m["hide"]?.name(["none": SectionDisplayBehavior.manuallyManaged, "noCellData": .hidesSectionsWithNoCellData,
                                        "noData": .hidesSectionsWithNoData]) ?? .manuallyManaged
        return (SectionGrouping(column: try column.string(), order: order, display: hide), try rules(r, allowing: ["column", "order", "hide"], list: list))
    }

    /// `header`, `footer` and `rowHeight` of a sections block or a section override, and in a
    /// list a `cell` template of the section's own.
    static func rules(_ r: ConfigReader, allowing extra: Set<String>, list: Bool) throws(ConfigError) -> SectionRules<TableData.Row> {
        let m = try r.members(extra.union(["header", "footer", "rowHeight", "estimatedRowHeight", "estimatedHeader", "estimatedFooter"])
            .union(list ? ["cell"] : []))
        var rules = SectionRules<TableData.Row>()
        if let e = try m["estimatedRowHeight"]?.length(positive: true) { rules.estimatedCellHeight = { _, _, _ in e } }
        if let e = try m["estimatedHeader"]?.length() { rules.estimatedHeader = { _ in e } }
        if let e = try m["estimatedFooter"]?.length() { rules.estimatedFooter = { _ in e } }
        rules.cell = try m["cell"].map { c throws(ConfigError) in try TemplateDecoding.template(c) }
        rules.header = try m["header"].map(dimension)
        rules.footer = try m["footer"].map(dimension)
        if let h = m["rowHeight"] { rules.cellHeight = .fixed(try h.length()) }
        return rules
    }

    /// `{"height": H}` or a TEMPLATE (whose `column` texts read the section's value).
    static func dimension(_ r: ConfigReader) throws(ConfigError) -> SectionDimension {
        if case .object(let fields) = r.value, fields.keys.contains("height") {
            let m = try r.members(["height"])
            return .height(try m["height"]!.length())
        }
        return .template(try TemplateDecoding.template(r))
    }

    /// The weight and slant of every `{"text": {…}}` template in the JSON, and its font (style
    /// and size), in the order met (values the templates' reader will refuse are passed over here).
    static func textStyles(in value: JSONValue) -> [(FontStyle, TemplateFont)] {
        var found: [(FontStyle, TemplateFont)] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let fields):
                if case .object(let text)? = fields["text"] {
                    let style = text["style"]?.stringValue.flatMap(DynamicType.TextStyle.init(name:))
                    var weight = style?.weight ?? .regular
                    if let name = text["weight"]?.stringValue, Int(name) == nil, let w = FontWeight(name: name) { weight = w }
                    if let n = text["weight"]?.exactIntegerValue, let w = FontWeight(rawValue: n) { weight = w }
                    let s = FontStyle(weight: weight, italic: text["italic"]?.boolValue ?? false)
                    let size = text["size"]?.doubleValue.flatMap { $0.isFinite && $0 > 0 && $0 <= 10_000 ? $0 : nil }
                    found.append((s, TemplateFont(style: style ?? (size == nil ? .body : nil), size: size)))
                }
                for key in fields.keys.sorted() { walk(fields[key]!) }
            case .array(let items):
                items.forEach(walk)
            default:
                break
            }
        }
        walk(value)
        return found
    }
}
