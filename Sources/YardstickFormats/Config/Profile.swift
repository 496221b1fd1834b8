import YardstickFonts
import YardstickLayout

/// The platform a run measures for (`--profile`, config `"profile"`): the bundled face first
/// in the fallback chains, the label rules, and the display scale heights round up to.
/// - Complexity: O(1) for every operation.
package enum Profile: String, CaseIterable, Sendable {
    /// Noto Sans, Pango's rules, no rounding: what Pango on the bundled files gives.
    case standard = "default"
    /// UILabel on an iPhone: Inter (Inter Display from 20 pt) then Noto, UILabel's rules
    /// (`.standard` line breaking, `.typographic` line heights), heights rounded up to 1/3 pt.
    case ios

    package var uiFamily: UIFamily { self == .ios ? .inter : .notoSans }
    package var rules: LabelRules { self == .ios ? .uiLabel : .pango }
    /// The pixels per point heights round up to where the run names none.
    package var displayScale: Double? { self == .ios ? 3 : nil }
}
