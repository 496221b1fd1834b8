import YardstickLayout
import YardstickTemplates

/// A sectioned list described the way Braid binds a table view: binding chains on named
/// sections, on all the others, or on any section, each giving models, a cell template and
/// dimensions. `layout(…)` sizes it.
///
/// ```swift
/// let binder = TableBinder<Section, Contact>()
/// binder.onSections(.favourites, .others)
///     .bind(template: contactCell, models: [.favourites: favourites, .others: others])
///     .cellHeight { section, row, contact in contact.isCompact ? 44 : nil }  // nil: measured
///     .headerHeight { _ in 28 }
/// binder.onAnySection().footerHeight { _ in 8 }
/// binder.sectionDisplayBehavior = .hidesSectionsWithNoCellData
/// var table = try binder.layout(width: 390, engine: engine)
/// ```
///
/// Each dimension comes from the most specific chain that gives it: the section's own
/// (`onSection`, `onSections`), then `onAllSections`, then `onAnySection`, then the defaults.
/// Sections are shown in `displayedSections` order (every bound section, in the order first
/// bound, unless set), or, with `orderedWith`, sorted by it. O(sections) to set up.
public final class TableBinder<Section: Hashable, Model> {
    /// The sections shown and their order (Braid's manually managed behaviour).
    public var displayedSections: [Section] = []
    public var sectionDisplayBehavior = SectionDisplayBehavior.manuallyManaged
    /// Sorts the displayed sections (Braid's `orderingWith:`); nil keeps `displayedSections` order.
    public var orderedWith: ((Section, Section) -> Bool)?
    var models: [Section: [Model]] = [:]
    var named: [Section: Rules] = [:]
    var all = Rules()
    var any = Rules()

    /// What one chain gave, in the binder's own types (turned into `SectionRules` by `layout`).
    struct Rules {
        var cell: CellTemplate<Model>?
        var cellHeight: (@Sendable (Section, Int, Model) -> Double?)?
        var estimatedCellHeight: (@Sendable (Section, Int, Model) -> Double)?
        var header: Dimension?
        var footer: Dimension?
        var estimatedHeader: (@Sendable (Section) -> Double)?
        var estimatedFooter: (@Sendable (Section) -> Double)?
    }

    enum Dimension {
        case computed(@Sendable (Section) -> Double)
        case template(CellTemplate<SectionInfo>)
    }

    public init() {}

    /// A chain on one section.
    public func onSection(_ section: Section) -> SectionBindingChain<Section, Model> { onSections(section) }

    /// A chain on these sections.
    public func onSections(_ sections: Section...) -> SectionBindingChain<Section, Model> {
        show(sections)
        return SectionBindingChain(binder: self, scope: .named(sections))
    }

    /// A chain on every section not bound by name (Braid's `onAllSections`).
    public func onAllSections() -> SectionBindingChain<Section, Model> { SectionBindingChain(binder: self, scope: .all) }

    /// A chain whose dimensions any section falls back to (Braid's `onAnySection`).
    public func onAnySection() -> SectionBindingChain<Section, Model> { SectionBindingChain(binder: self, scope: .any) }

    /// Adds sections to `displayedSections` (after those there) when they are not in it yet.
    func show(_ sections: [Section]) {
        for s in sections where !displayedSections.contains(s) { displayedSections.append(s) }
    }

    func update(_ scope: SectionBindingChain<Section, Model>.Scope, _ change: (inout Rules) -> Void) {
        switch scope {
        case .named(let sections): for s in sections { change(&named[s, default: Rules()]) }
        case .all: change(&all)
        case .any: change(&any)
        }
    }

    /// Sizes the bound list: every row estimated (or known) until measured. The table keeps
    /// what the binder held when it was made; later bindings make a new table.
    /// - Parameters:
    ///   - width: the list's width in points.
    ///   - cell: the template of sections no chain gives one.
    ///   - rowHeightMode: automatic (estimated, then measured) or fixed row heights.
    ///   - environment: Dynamic Type category and display scale.
    ///   - engine: measures the texts.
    ///   - threads: worker threads for batches (0: all cores).
    /// - Throws: `SizingError` for a displayed section without a template at any level, two
    ///   sections with the same description, or bad values.
    public func layout(width: Double, cell: CellTemplate<Model>? = nil, rowHeightMode: RowHeightMode = .automatic(estimated: 44, prefetchWindow: 10),
                       environment: SizingEnvironment = SizingEnvironment(), engine: TextEngine, threads: Int = 0) throws(SizingError) -> TableLayout<Model> {
        var order = displayedSections
        if let orderedWith { order.sort(by: orderedWith) }
        var keys: [Section: String] = [:]
        var byKey: [String: Section] = [:]
        for s in order {
            let key = String(describing: s)
            guard byKey[key] == nil || byKey[key] == s else {
                throw SizingError(path: "sections", .notApplicable("two sections are both described as \"\(key)\""))
            }
            keys[s] = key
            byKey[key] = s
        }
        let fallback = cell ?? all.cell ?? any.cell
        for s in order where named[s]?.cell == nil && fallback == nil {
            throw SizingError(path: "cell", .notApplicable("no chain binds a cell template for section \"\(keys[s]!)\""))
        }
        guard let template = fallback ?? order.lazy.compactMap({ self.named[$0]?.cell }).first else {
            throw SizingError(path: "cell", .notApplicable("no chain binds a cell template"))
        }
        // The closures see the sections as they are now (a snapshot, not the binder).
        let sections = ReadOnlySections(byKey: byKey)
        func rules(_ r: Rules) -> SectionRules<Model> {
            func dimension(_ d: Dimension?) -> SectionDimension? {
                switch d {
                case .computed(let height)?: return .computed { info in sections.byKey[info.key].map(height) ?? 0 }
                case .template(let t)?: return .template(t)
                case nil: return nil
                }
            }
            let height = r.cellHeight, estimate = r.estimatedCellHeight
            func part(_ e: (@Sendable (Section) -> Double)?) -> (@Sendable (SectionInfo) -> Double)? {
                e.map { e in { @Sendable info in sections.byKey[info.key].map(e) ?? 0 } }
            }
            return SectionRules(cell: r.cell, header: dimension(r.header), footer: dimension(r.footer),
                                cellHeight: height.map { h in .computed { info, row, model in sections.byKey[info.key].flatMap { h($0, row, model) } } },
                                estimatedCellHeight: estimate.map { e in { @Sendable info, row, model in sections.byKey[info.key].map { e($0, row, model) } ?? 0 } },
                                estimatedHeader: part(r.estimatedHeader), estimatedFooter: part(r.estimatedFooter))
        }
        var c = ListConfiguration(width: width, cell: template)
        c.rowHeightMode = rowHeightMode
        c.environment = environment
        c.display = sectionDisplayBehavior
        c.sections = SectionLevels(named: Dictionary(uniqueKeysWithValues: named.compactMap { s, r in keys[s].map { ($0, rules(r)) } }),
                                   allSections: rules(all), anySection: rules(any))
        let groups = order.map { (key: keys[$0]!, rows: models[$0] ?? []) }
        return try TableLayout.list(sections: groups, configuration: c, engine: engine, threads: threads)
    }
}

/// A binding chain: what it binds applies to its scope's sections.
public struct SectionBindingChain<Section: Hashable, Model> {
    enum Scope {
        case named([Section])
        case all
        case any
    }
    let binder: TableBinder<Section, Model>
    let scope: Scope

    /// The cell template and each section's models (Braid's `bind(cellType:models:)`). Sections
    /// given models here and not displayed yet are added, in the order of their descriptions.
    @discardableResult
    public func bind(template: CellTemplate<Model>, models: [Section: [Model]]) -> SectionBindingChain {
        for (s, m) in models { binder.models[s] = m }
        binder.show(models.keys.sorted { String(describing: $0) < String(describing: $1) })
        binder.update(scope) { $0.cell = template }
        return self
    }

    /// The cell template and the models of a one-section chain.
    @discardableResult
    public func bind(template: CellTemplate<Model>, models: [Model]) -> SectionBindingChain {
        if case .named(let sections) = scope { for s in sections { binder.models[s] = models } }
        binder.update(scope) { $0.cell = template }
        return self
    }

    /// A height per row, from the section, row and model; nil measures the row.
    @discardableResult
    public func cellHeight(_ height: @escaping @Sendable (Section, Int, Model) -> Double?) -> SectionBindingChain {
        binder.update(scope) { $0.cellHeight = height }
        return self
    }

    /// A height per row, from the section and row; nil measures the row.
    @discardableResult
    public func cellHeight(_ height: @escaping @Sendable (Section, Int) -> Double?) -> SectionBindingChain {
        binder.update(scope) { $0.cellHeight = { section, row, _ in height(section, row) } }
        return self
    }

    /// A height per row of a one-section chain, from the row; nil measures the row.
    @discardableResult
    public func cellHeight(_ height: @escaping @Sendable (Int) -> Double?) -> SectionBindingChain {
        binder.update(scope) { $0.cellHeight = { _, row, _ in height(row) } }
        return self
    }

    /// What a row to be measured counts as until it is (Braid's `estimatedCellHeight`).
    @discardableResult
    public func estimatedCellHeight(_ height: @escaping @Sendable (Section, Int, Model) -> Double) -> SectionBindingChain {
        binder.update(scope) { $0.estimatedCellHeight = height }
        return self
    }

    /// What a row to be measured counts as until it is, from the row of a one-section chain.
    @discardableResult
    public func estimatedCellHeight(_ height: @escaping @Sendable (Int) -> Double) -> SectionBindingChain {
        binder.update(scope) { $0.estimatedCellHeight = { _, row, _ in height(row) } }
        return self
    }

    /// What a header template counts as until its section comes near the viewport.
    @discardableResult
    public func estimatedHeaderHeight(_ height: @escaping @Sendable (Section) -> Double) -> SectionBindingChain {
        binder.update(scope) { $0.estimatedHeader = height }
        return self
    }

    @discardableResult
    public func estimatedFooterHeight(_ height: @escaping @Sendable (Section) -> Double) -> SectionBindingChain {
        binder.update(scope) { $0.estimatedFooter = height }
        return self
    }

    @discardableResult
    public func headerHeight(_ height: @escaping @Sendable (Section) -> Double) -> SectionBindingChain {
        binder.update(scope) { $0.header = .computed(height) }
        return self
    }

    @discardableResult
    public func footerHeight(_ height: @escaping @Sendable (Section) -> Double) -> SectionBindingChain {
        binder.update(scope) { $0.footer = .computed(height) }
        return self
    }

    /// A header measured from a template (its `.column` texts read the section's key).
    @discardableResult
    public func headerTemplate(_ template: CellTemplate<SectionInfo>) -> SectionBindingChain {
        binder.update(scope) { $0.header = .template(template) }
        return self
    }

    @discardableResult
    public func footerTemplate(_ template: CellTemplate<SectionInfo>) -> SectionBindingChain {
        binder.update(scope) { $0.footer = .template(template) }
        return self
    }
}

/// The sections of a bound list by key, read by the height closures the list keeps (which may
/// run on any thread). Never written after it is made, so sharing it is safe even when the
/// caller's section type is not `Sendable`.
private struct ReadOnlySections<Section: Hashable>: @unchecked Sendable {
    let byKey: [String: Section]
}
