/// Where the platform a text is measured for breaks and stacks lines its own way: UIKit's
/// labels (`UILabel`, `UITextView`'s TextKit) against Pango and browsers. An engine measures
/// every text by one set (`TextEngine.rules`), as an app's labels all follow its platform.
/// - Complexity: O(1) for every operation.
public struct LabelRules: Hashable, Sendable {
    /// UIKit's `NSParagraphStyle.LineBreakStrategy` options that change where lines end.
    public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A paragraph of two lines or more never ends in a line of one word while the line
        /// before can give it one (the line before gives its last word when both still fit).
        public static let pushOut = LineBreakStrategy(rawValue: 1)
        /// No break between two Hangul characters: Korean breaks at spaces.
        public static let hangulWordPriority = LineBreakStrategy(rawValue: 2)
        /// UILabel's default since iOS 14 (`.standard`): both.
        public static let standard: LineBreakStrategy = [.pushOut, .hangulWordPriority]
    }

    /// Which faces a line's height comes from.
    public enum SizingRule: String, CaseIterable, Hashable, Sendable {
        /// The label's font only: a fallback face (Thai, Devanagari, emoji) does not make a
        /// line taller (UILabel's `sizingRule = .typographic`, its default).
        case typographic
        /// The label's font and every face on the line: tall scripts get room, and no line is
        /// shorter than the label's font makes it (UILabel's `.oversize`, iOS 17).
        case oversize
        /// The faces on the line and only those, as Pango and browsers stack lines (a line of
        /// emoji alone is as tall as the emoji face makes it). The default profile's.
        case pango
    }

    /// Where lines may end beyond UAX #14's opportunities.
    public var lineBreakStrategy: LineBreakStrategy
    /// Which faces set a line's height.
    public var sizingRule: SizingRule

    public init(lineBreakStrategy: LineBreakStrategy = [], sizingRule: SizingRule = .pango) {
        self.lineBreakStrategy = lineBreakStrategy
        self.sizingRule = sizingRule
    }

    /// Pango's and browsers' rules: UAX #14 alone, lines as tall as all their faces. The default.
    public static let pango = LabelRules()
    /// UILabel's defaults: `.standard` breaking, `.typographic` line heights.
    public static let uiLabel = LabelRules(lineBreakStrategy: .standard, sizingRule: .typographic)
}
