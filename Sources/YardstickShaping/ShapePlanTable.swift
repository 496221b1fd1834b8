import CHarfBuzz

/// The HarfBuzz shape plans one `Shaper` keeps, by face, script and direction.
///
/// Open addressing with linear probing, grown to stay at most half full: a lookup is one
/// multiply and, almost always, one probe. It holds a reference to each plan, released in
/// `removeAll()`; HarfBuzz keeps the plans in the face as well, so a new table finds them again.
struct ShapePlanTable {
    private var keys: [UInt64]
    private var plans: [OpaquePointer?]
    private var count = 0

    init(capacity: Int = 64) {
        keys = Array(repeating: Self.empty, count: capacity)
        plans = Array(repeating: nil, count: capacity)
    }

    private static let empty = UInt64.max

    /// The key of a face, a script tag and a direction.
    @inline(__always)
    static func key(face: Int, script: UInt32, rightToLeft: Bool) -> UInt64 {
        UInt64(truncatingIfNeeded: face) << 33 | UInt64(script) << 1 | (rightToLeft ? 1 : 0)
    }

    /// The plan kept for `key`, or the one `make` returns, kept from now on.
    @inline(__always)
    mutating func plan(for key: UInt64, make: () -> OpaquePointer) -> OpaquePointer {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while keys[slot] != Self.empty {
            if keys[slot] == key { return plans[slot]! }
            slot = (slot + 1) & mask
        }
        let plan = make()
        keys[slot] = key
        plans[slot] = plan
        count += 1
        if 2 * count > keys.count { grow() }
        return plan
    }

    private mutating func grow() {
        var bigger = ShapePlanTable(capacity: 2 * keys.count)
        for (key, plan) in zip(keys, plans) where key != Self.empty {
            _ = bigger.plan(for: key) { plan! }
        }
        self = bigger
    }

    /// Releases every plan.
    mutating func removeAll() {
        for plan in plans { if let plan { hb_shape_plan_destroy(plan) } }
        self = ShapePlanTable()
    }
}
