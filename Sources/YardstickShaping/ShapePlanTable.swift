import YardstickFonts
import CHarfBuzz

/// The HarfBuzz shape plans one `Shaper` keeps, by face, script, direction and kind (the
/// plan for printable-ASCII runs or the general one).
///
/// Open addressing with linear probing, grown to stay at most half full: a lookup is one
/// multiply and, almost always, one probe. It holds a reference to each plan, released when the
/// table goes (noncopyable, so exactly once); HarfBuzz keeps the plans in the face as well, so
/// a new table finds them again.
struct ShapePlanTable: ~Copyable {
    private var keys: [UInt64]
    private var plans: [OpaquePointer?]
    private var count = 0

    /// - Parameter capacity: slots, a power of two (it doubles when half full).
    init(capacity: Int = 64) {
        precondition(capacity >= 2 && capacity & (capacity - 1) == 0)
        keys = Array(repeating: Self.empty, count: capacity)
        plans = Array(repeating: nil, count: capacity)
    }

    private static let empty = UInt64.max

    /// The key of a face, a script tag, a direction, and whether the plan is the one for
    /// printable-ASCII runs (see `Shaper`).
    @inline(__always)
    static func key(face: FaceIndex, script: UInt32, rightToLeft: Bool, printableASCII: Bool = false) -> UInt64 {
        UInt64(truncatingIfNeeded: face) << 34 | (printableASCII ? 1 << 33 : 0) | UInt64(script) << 1 | (rightToLeft ? 1 : 0)
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
        let oldKeys = keys, oldPlans = plans
        keys = Array(repeating: Self.empty, count: 2 * oldKeys.count)
        plans = Array(repeating: nil, count: 2 * oldKeys.count)
        count = 0
        for (key, plan) in zip(oldKeys, oldPlans) where key != Self.empty {
            _ = self.plan(for: key) { plan! } // (the reference moves with it)
        }
    }

    /// Releases every plan now (the table is then empty).
    mutating func releaseAll() {
        for k in plans.indices {
            if let plan = plans[k] { hb_shape_plan_destroy(plan) }
            plans[k] = nil
            keys[k] = Self.empty
        }
        count = 0
    }

    deinit {
        for plan in plans { if let plan { hb_shape_plan_destroy(plan) } }
    }
}
