import YardstickFonts

/// How a text is set: its font size and style, spacing, line-height rules, line limits and
/// rounding. The values UIKit's `NSParagraphStyle`, `UILabel` and SwiftDataTables expose.
///
/// `validationError` says whether a set of values makes sense; layout never traps on values
/// that do not (a non-positive display scale means no rounding; a negative or NaN size gives
/// meaningless, but finite-or-NaN, numbers), and the CLI and the table sizing reject them.
/// A plain value of a few words: O(1) to copy, hash and compare.
public struct TextAttributes: Hashable, Sendable {
    /// How lines end.
    public enum LineBreakMode: Hashable, Sendable {
        /// Wrap at UAX #14 opportunities, breaking overlong words between grapheme clusters.
        case wordWrap
        /// One line, no wrapping; text past the width, or after a hard break, is cut with an
        /// ellipsis (SwiftDataTables' `.singleLine(truncation: .byTruncatingTail)`).
        case singleLine
    }

    /// Font size in points.
    public var size: Double
    /// The weight and slant `TextEngine` shapes the text in (the faces its collection picks
    /// for them: `FontCollection.substitution(for:)` says where it has none), with `size` as
    /// its optical size while `opticalSizing` is on (the size always follows `size`).
    /// `PreparedText`'s `layout` ignores it: a prepared text keeps the style it was shaped in.
    public var fontStyle: FontStyle {
        get { FontStyle(weight: style.weight, italic: style.isItalic, opticalSize: opticalSizing ? size : nil) }
        set { style = newValue.withoutOpticalSize }
    }
    private var style: FontStyle
    /// A face with an `opsz` axis is set to the point size (Core Text's default, CSS
    /// `font-optical-sizing: auto`); off: the font's default optical size.
    public var opticalSizing = true
    /// Extra advance after every grapheme cluster, in points (UIKit's `.kern`).
    public var letterSpacing: Double
    /// Multiplies each line's natural height (ascender + descender + line gap); 0 = off.
    public var lineHeightMultiple: Double
    /// Smallest height of a line in points, applied after `lineHeightMultiple` (NSParagraphStyle's
    /// `minimumLineHeight`); 0 = no minimum. The added height goes above the text.
    public var minimumLineHeight: Double
    /// Largest height of a line in points (NSParagraphStyle's `maximumLineHeight`); 0 = no limit.
    public var maximumLineHeight: Double
    /// Points added between consecutive lines, paragraph breaks included (NSParagraphStyle's
    /// `lineSpacing`).
    public var lineSpacing: Double
    /// Points added after each paragraph except the last, on top of `lineSpacing`
    /// (NSParagraphStyle's `paragraphSpacing`).
    public var paragraphSpacing: Double
    /// The most lines shown; 0 = no limit. Past it the last line is cut with an ellipsis.
    public var maxLines: Int
    /// Wrapping (the default) or one truncated line; `.singleLine` shows one line whatever
    /// `maxLines` says.
    public var lineBreakMode: LineBreakMode
    /// A word too wide for the line, broken between two letters, shows a hyphen and the line
    /// reserves room for it — as Pango 1.50 does (the project's line-break reference). Off gives
    /// UIKit's byWordWrapping and CSS `overflow-wrap: break-word`, which break without one.
    public var hyphenateWordBreaks: Bool
    /// When set, width and height are rounded up to 1/scale (UIKit rounds self-sizing cell
    /// heights up to device pixels: 2 or 3 on iPhones).
    public var displayScale: Double?

    /// Attributes of these values; the defaults are a 17 pt regular text (UIKit's body size at the
    /// large category), wrapped, with no extra spacing, no line limit and no rounding.
    public init(size: Double = 17, fontStyle: FontStyle = .regular, letterSpacing: Double = 0, lineHeightMultiple: Double = 0,
                minimumLineHeight: Double = 0, maximumLineHeight: Double = 0, lineSpacing: Double = 0, paragraphSpacing: Double = 0,
                maxLines: Int = 0, lineBreakMode: LineBreakMode = .wordWrap, hyphenateWordBreaks: Bool = true,
                displayScale: Double? = nil) {
        self.size = size
        self.style = fontStyle.withoutOpticalSize
        self.letterSpacing = letterSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.lineSpacing = lineSpacing
        self.paragraphSpacing = paragraphSpacing
        self.maxLines = maxLines
        self.lineBreakMode = lineBreakMode
        self.hyphenateWordBreaks = hyphenateWordBreaks
        self.displayScale = displayScale
    }

    /// Attributes for a Dynamic Type text style at a content size category.
    public init(textStyle: DynamicType.TextStyle, category: DynamicType.ContentSizeCategory = .large, maximumCategory: DynamicType.ContentSizeCategory? = nil) {
        self.init(size: DynamicType.pointSize(textStyle, category, maximum: maximumCategory),
                  fontStyle: FontStyle(weight: textStyle.weight))
    }

    /// The same attributes with the size multiplied by a plain scale factor (e.g. a zoom level).
    public func scaled(by factor: Double) -> TextAttributes {
        var copy = self
        copy.size *= factor
        copy.letterSpacing *= factor
        copy.minimumLineHeight *= factor
        copy.maximumLineHeight *= factor
        copy.lineSpacing *= factor
        copy.paragraphSpacing *= factor
        return copy
    }

    /// Why a set of attributes can't be used, or nil when it can.
    public var validationError: String? {
        func bad(_ v: Double) -> Bool { !v.isFinite || v < 0 }
        if !size.isFinite || size <= 0 || size > 100_000 { return "font size must be above 0 and at most 100000 points (got \(size))" }
        if !letterSpacing.isFinite { return "letter spacing must be finite" }
        if bad(lineHeightMultiple) || bad(minimumLineHeight) || bad(maximumLineHeight) || bad(lineSpacing) || bad(paragraphSpacing) {
            return "line height multiple, minimum/maximum line height, line spacing and paragraph spacing must be finite and at least 0"
        }
        if maxLines < 0 { return "max lines must be at least 0" }
        if let s = displayScale, !s.isFinite || s <= 0 { return "display scale must be a finite number above 0" }
        return nil
    }
}
