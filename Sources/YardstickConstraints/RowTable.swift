/// The tableau's rows by basic symbol id: an array, so a lookup is one index (symbols are
/// numbered densely from 0). While recording (`startRecording`), the first value of every
/// slot written is kept, so `rollback` restores the table by rewriting those slots only.
struct RowTable: Sendable {
    private var slots: [Row?] = []
    /// The slots written since recording started, with their values then.
    private var journal: [(id: Int, row: Row?)] = []
    /// The rows whose constant alone changed, with the constant then (most of a suggestion's
    /// writes: no row is copied or retained for them).
    private var constants: [(id: Int, constant: Double)] = []
    /// Per slot, the recording generation it was last journaled in, whole and by constant.
    private var stamps: [UInt32] = []
    private var constantStamps: [UInt32] = []
    private var generation: UInt32 = 0
    private var recording = false

    subscript(symbol: Symbol) -> Row? {
        get { symbol.id < slots.count ? slots[symbol.id] : nil }
        _modify {
            if symbol.id >= slots.count { slots.append(contentsOf: repeatElement(nil, count: symbol.id + 1 - slots.count)) }
            if recording { keep(symbol.id) }
            yield &slots[symbol.id]
        }
    }

    /// Journals the slot's value before its first write of this recording.
    private mutating func keep(_ id: Int) {
        if id >= stamps.count { stamps.append(contentsOf: repeatElement(0, count: id + 1 - stamps.count)) }
        guard stamps[id] != generation else { return }
        stamps[id] = generation
        journal.append((id, id < slots.count ? slots[id] : nil))
    }

    /// Journals the constant of a row about to change only there (unless the row is kept whole).
    private mutating func keepConstant(_ id: Int) {
        if id >= constantStamps.count { constantStamps.append(contentsOf: repeatElement(0, count: id + 1 - constantStamps.count)) }
        guard constantStamps[id] != generation, id >= stamps.count || stamps[id] != generation else { return }
        constantStamps[id] = generation
        constants.append((id, slots[id]!.constant))
    }

    mutating func startRecording() {
        if recording { rollback() }
        generation &+= 1
        if generation == 0 { // wrapped: old stamps could collide
            for k in stamps.indices { stamps[k] = 0 }
            for k in constantStamps.indices { constantStamps[k] = 0 }
            generation = 1
        }
        journal.removeAll(keepingCapacity: true)
        constants.removeAll(keepingCapacity: true)
        recording = true
    }

    /// Stops recording, keeping what was written (the journal dropped).
    mutating func stopRecording() {
        journal.removeAll(keepingCapacity: true)
        constants.removeAll(keepingCapacity: true)
        recording = false
    }

    /// Whether writes are being journaled (a checkpoint or an addition is open).
    var isRecording: Bool { recording }

    /// Restores every slot journaled since recording started, and stops recording: whole rows
    /// first, then constants (a row whose constant moved before it was rewritten gets both).
    mutating func rollback() {
        guard recording else { return }
        for (id, row) in journal { slots[id] = row }
        for (id, constant) in constants { slots[id]!.constant = constant }
        journal.removeAll(keepingCapacity: true)
        constants.removeAll(keepingCapacity: true)
        recording = false
    }

    /// Moves the constant of `symbol`'s row (which exists) by `delta`; returns the new constant.
    mutating func shiftConstant(of symbol: Symbol, by delta: Double) -> Double {
        if recording { keepConstant(symbol.id) }
        slots[symbol.id]!.constant += delta
        return slots[symbol.id]!.constant
    }

    /// Sets the row of `symbol`; returns the one it replaces.
    mutating func set(_ row: Row, for symbol: Symbol) -> Row? {
        let old = self[symbol]
        self[symbol] = row
        return old
    }

    mutating func remove(_ symbol: Symbol) -> Row? {
        let old = self[symbol]
        if old != nil { self[symbol] = nil }
        return old
    }

    /// Replaces `symbol` by `row` in every row of `basics` that holds it; restricted rows left
    /// with a negative constant are added to `infeasible`. One pass, no row copied but those
    /// written.
    /// Returns the cells it rewrote (a measure of the work).
    @discardableResult
    mutating func substitute(_ symbol: Symbol, by row: Row, in basics: [Symbol], infeasible: inout [Symbol]) -> Int {
        var work = 0
        for basic in basics {
            let c = slots[basic.id]!.coefficient(of: symbol)
            guard c != 0 else { continue }
            work += slots[basic.id]!.cells.count + row.cells.count
            if recording { keep(basic.id) }
            slots[basic.id]!.substitute(symbol, by: row)
            if basic.kind != .external && slots[basic.id]!.constant < 0 { infeasible.append(basic) }
        }
        return work
    }

    /// Adds `delta` × (the row's coefficient of `marker`) to the constant of every row of
    /// `basics` holding it (an edit moved while its marker is not basic); returns those rows
    /// and coefficients (the marker's column).
    @discardableResult
    mutating func shift(by delta: Double, timesCoefficientOf marker: Symbol, in basics: [Symbol],
                        infeasible: inout [Symbol]) -> [(basic: Symbol, coefficient: Double)] {
        var column: [(basic: Symbol, coefficient: Double)] = []
        for basic in basics {
            let c = slots[basic.id]!.coefficient(of: marker)
            guard c != 0 else { continue }
            column.append((basic, c))
        }
        shift(by: delta, along: column, infeasible: &infeasible)
        return column
    }

    /// `shift` along a column already known.
    mutating func shift(by delta: Double, along column: [(basic: Symbol, coefficient: Double)], infeasible: inout [Symbol]) {
        for (basic, c) in column {
            if recording { keepConstant(basic.id) }
            slots[basic.id]!.constant += delta * c
            if slots[basic.id]!.constant < 0 && basic.kind != .external { infeasible.append(basic) }
        }
    }
}
