import YardstickFonts
import YardstickLayout

/// A cell's layout as a value tree: text elements, fixed boxes and stacks, each with margins and
/// height limits, fitted at a width the way UIKit's `systemLayoutSizeFitting` fits a self-sizing
/// cell (width required, height fitting) with UIStackView semantics.
///
/// `Row` is what a row of the table is (a CSV row, a model type); text elements read their
/// value from it, by column name or by closure. Build templates with the static factories:
///
/// ```swift
/// let cell = CellTemplate<Product>.hstack(spacing: 12, alignment: .top) {
///     CellTemplate.box(width: 44, height: 44)
///     CellTemplate.vstack(spacing: 4) {
///         CellTemplate.text(\.title, style: .headline)
///         CellTemplate.text(\.details, style: .body)
///     }
/// }.insets(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
/// ```
///
/// Fitting costs O(elements) arithmetic per row once its texts are prepared (no shaping), plus,
/// for stacks whose children share space by priority, each text's one-line width.
public struct CellTemplate<Row> {
    /// What an element is.
    public indirect enum Content {
        /// A label (UILabel).
        case text(TextElement<Row>)
        /// An element of a fixed size, or whose height follows its width (an image, a badge).
        case box(BoxElement)
        /// A stack of child elements (UIStackView).
        case stack(StackElement<Row>)
        /// Views placed by Auto Layout constraints.
        case constraints(ConstraintElement<Row>)
    }

    /// What the element is: a text, a box or a stack.
    public var content: Content
    /// Layout margins around the content.
    public var insets: EdgeInsets = .zero
    /// Scale the margins with the content size category, as `UIFontMetrics.default.scaledValue(for:)`
    /// (relative to the body style).
    public var scalesInsets = false
    /// Height limits of the element, margins included (nil: none).
    public var minHeight: Double?
    /// The tallest the element may be, margins included, in points; nil: no limit.
    public var maxHeight: Double?
    /// The narrowest the content may be, margins excluded (a label's `width >= 20` constraint).
    public var minWidth: Double?
    /// Horizontal content-hugging and compression-resistance priorities (1…1000), used when
    /// the children of a horizontal stack share its width (UIKit's defaults: 250 and 750).
    public var hugging: Double = 250
    /// Compression resistance (default 750): in a horizontal stack short of width, the lowest
    /// shrinks first.
    public var compression: Double = 750

    /// An element of this content, without margins or limits, at UIKit's default priorities.
    public init(_ content: Content) { self.content = content }

    // MARK: Factories

    /// A text read from a column of the row by name (CSV tables). `weight` nil: the style's.
    public static func text(column: String, style: DynamicType.TextStyle = .body, weight: FontWeight? = nil, italic: Bool = false,
                            lines: Int = 0, truncates: Bool = false) -> CellTemplate {
        CellTemplate(.text(TextElement(source: .column(column), font: TemplateFont(style: style, weight: weight, italic: italic),
                                       lines: lines, truncates: truncates)))
    }

    /// A text computed from the row; nil or empty hides the element.
    public static func text(style: DynamicType.TextStyle = .body, weight: FontWeight? = nil, italic: Bool = false, lines: Int = 0,
                            truncates: Bool = false, _ value: @escaping @Sendable (Row) -> String?) -> CellTemplate {
        CellTemplate(.text(TextElement(source: .value(value), font: TemplateFont(style: style, weight: weight, italic: italic),
                                       lines: lines, truncates: truncates)))
    }

    /// A text read through a key path of the row's model.
    public static func text(_ keyPath: KeyPath<Row, String> & Sendable, style: DynamicType.TextStyle = .body, weight: FontWeight? = nil,
                            italic: Bool = false, lines: Int = 0, truncates: Bool = false) -> CellTemplate {
        text(style: style, weight: weight, italic: italic, lines: lines, truncates: truncates) { $0[keyPath: keyPath] }
    }

    /// A text element configured in full.
    public static func text(_ element: TextElement<Row>) -> CellTemplate { CellTemplate(.text(element)) }

    /// A fixed-size element: an image, a badge, a switch.
    public static func box(width: Double, height: Double) -> CellTemplate {
        CellTemplate(.box(BoxElement(width: width, height: height)))
    }

    /// An element of a fixed width (or, when nil, the width it is given) whose height follows
    /// an aspect ratio (width ÷ height).
    public static func box(width: Double? = nil, aspectRatio: Double) -> CellTemplate {
        CellTemplate(.box(BoxElement(width: width, aspectRatio: aspectRatio)))
    }

    /// A vertical stack: children top to bottom, `spacing` points apart (UIStackView's
    /// `.vertical` axis).
    public static func vstack(spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .fill,
                              @CellTemplateBuilder<Row> _ children: () -> [CellTemplate]) -> CellTemplate {
        CellTemplate(.stack(StackElement(axis: .vertical, spacing: spacing, alignment: alignment, distribution: distribution, children: children())))
    }

    /// A horizontal stack: children side by side, `spacing` points apart, sharing the width by
    /// their priorities (UIStackView's `.horizontal` axis).
    public static func hstack(spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .fill,
                              @CellTemplateBuilder<Row> _ children: () -> [CellTemplate]) -> CellTemplate {
        CellTemplate(.stack(StackElement(axis: .horizontal, spacing: spacing, alignment: alignment, distribution: distribution, children: children())))
    }

    // MARK: Modifiers

    /// The element with these margins, scaled with the content size category when `scaled`.
    public func insets(_ insets: EdgeInsets, scaled: Bool = false) -> CellTemplate {
        var copy = self
        copy.insets = insets
        copy.scalesInsets = scaled
        return copy
    }

    /// The element with these height limits, margins included, in points (nil: none).
    public func height(min: Double? = nil, max: Double? = nil) -> CellTemplate {
        var copy = self
        copy.minHeight = min
        copy.maxHeight = max
        return copy
    }

    /// The element no narrower than `width` points, margins excluded (a `width >=` constraint).
    public func minWidth(_ width: Double) -> CellTemplate {
        var copy = self
        copy.minWidth = width
        return copy
    }

    /// The element with these content-hugging and compression-resistance priorities (1…1000).
    public func priorities(hugging: Double = 250, compression: Double = 750) -> CellTemplate {
        var copy = self
        copy.hugging = hugging
        copy.compression = compression
        return copy
    }
}

/// A label: where its text comes from and how it is set.
public struct TextElement<Row> {
    /// Where the text comes from.
    public enum Source {
        /// A column of a table, by name (its header's text).
        case column(String)
        /// A value computed from the row.
        case value(@Sendable (Row) -> String?)
    }

    /// Where the text comes from: a column, or a closure of the row.
    public var source: Source
    /// The label's font: a Dynamic Type style or a size, and a weight.
    public var font: TemplateFont
    /// Most lines shown (UILabel's `numberOfLines`); 0 = no limit.
    public var lines: Int
    /// Cut the last line with an ellipsis (`byTruncatingTail`) instead of clipping it.
    public var truncates: Bool
    /// Show a hyphen where a word too wide for the line is broken (UIKit never does).
    public var hyphenates: Bool
    /// An empty or missing text hides the element (true, UIStackView's behaviour for an empty
    /// label one hides), or is one line of the font's height (SwiftDataTables' `DataCell`).
    public var hidesWhenEmpty: Bool

    /// A label reading `source`; by default in the body style, with no line limit and no
    /// hyphens, hidden when empty.
    public init(source: Source, font: TemplateFont = TemplateFont(style: .body), lines: Int = 0, truncates: Bool = false,
                hyphenates: Bool = false, hidesWhenEmpty: Bool = true) {
        self.source = source
        self.font = font
        self.lines = lines
        self.truncates = truncates
        self.hyphenates = hyphenates
        self.hidesWhenEmpty = hidesWhenEmpty
    }
}

/// A label's font: a Dynamic Type style, a fixed size, or a size scaled like a style
/// (`UIFontMetrics(forTextStyle:).scaledFont(for:)`), with a weight.
public struct TemplateFont: Hashable, Sendable {
    /// The style whose size (or, with `size`, whose scaling) the font follows; nil: a fixed size.
    public var style: DynamicType.TextStyle?
    /// A size in points at the default category (large); nil: the style's own size.
    public var size: Double?
    /// The weight; nil: the style's (headline is semibold, the others and no style regular).
    public var weight: FontWeight?
    /// Italic; upright by default.
    public var isItalic: Bool

    /// A font; by default the body style at its own size and weight.
    public init(style: DynamicType.TextStyle? = .body, size: Double? = nil, weight: FontWeight? = nil, italic: Bool = false) {
        self.style = style
        self.size = size
        self.weight = weight
        self.isItalic = italic
    }

    /// The point size at a category.
    public func pointSize(category: DynamicType.ContentSizeCategory, maximum: DynamicType.ContentSizeCategory?) -> Double {
        switch (style, size) {
        case (let style?, nil): return DynamicType.pointSize(style, category, maximum: maximum)
        case (let style?, let size?): return DynamicType.scaledValue(size, relativeTo: style, category: category, maximum: maximum)
        case (nil, let size?): return size
        case (nil, nil): return DynamicType.pointSize(.body, category, maximum: maximum)
        }
    }

    /// The weight and slant the text is shaped in: `weight` when set, else the style's.
    public var fontStyle: FontStyle { FontStyle(weight: weight ?? style?.weight ?? .regular, italic: isItalic) }
}

/// A fixed-size element, or one whose height follows its width.
public struct BoxElement: Hashable, Sendable {
    /// Width in points; nil: the width the stack gives it.
    public var width: Double?
    /// Height in points; nil: from `aspectRatio`, or 0 (stretched by a fill alignment).
    public var height: Double?
    /// Width ÷ height, used when `height` is nil.
    public var aspectRatio: Double?

    /// A box of a width and a height, or of an aspect ratio with or without a width.
    public init(width: Double? = nil, height: Double? = nil, aspectRatio: Double? = nil) {
        self.width = width
        self.height = height
        self.aspectRatio = aspectRatio
    }
}

/// A stack of elements (UIStackView).
public struct StackElement<Row> {
    /// The direction a stack places its children in (UIStackView's `axis`).
    public enum Axis: Hashable, Sendable { case horizontal, vertical }
    /// Whether children are placed side by side or one under another.
    public var axis: Axis
    /// Points between adjacent visible children (a hidden child takes neither space nor spacing).
    public var spacing: Double
    /// Where children sit across the axis (default `.fill`).
    public var alignment: StackAlignment
    /// How children share the axis (default `.fill`).
    public var distribution: StackDistribution
    /// The stack's elements in order, leading to trailing or top to bottom; at least one.
    public var children: [CellTemplate<Row>]

    /// A stack of `children` along `axis`.
    public init(axis: Axis, spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .fill,
                children: [CellTemplate<Row>]) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        self.children = children
    }
}

/// Where a stack puts its children across its axis (UIStackView.Alignment); `leading` is `top`
/// in a horizontal stack and `trailing` is `bottom`.
public enum StackAlignment: String, CaseIterable, Hashable, Sendable {
    /// `fill` stretches children across the stack (a vertical one keeps a child's set width);
    /// `leading`, `center` and `trailing` keep each child's size, at an edge or in the middle.
    case fill, leading, center, trailing
    /// `leading`, as a horizontal stack reads it.
    public static let top = StackAlignment.leading
    /// `trailing`, as a horizontal stack reads it.
    public static let bottom = StackAlignment.trailing
}

/// How a stack shares its length among its children (UIStackView.Distribution).
public enum StackDistribution: String, CaseIterable, Hashable, Sendable {
    /// `fill`: each child its own length (a horizontal stack shares the width by priority);
    /// `fillEqually`: equal widths (horizontal), or each child as tall as the tallest (vertical).
    case fill, fillEqually
}

/// Margins in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Each edge's margin in points; leading is always the left (no right-to-left flip).
    public var top, leading, bottom, trailing: Double
    /// No margins.
    public static let zero = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// Margins of these lengths, in points.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The result builder of the stack factories: a stack's children written one per line.
@resultBuilder
public enum CellTemplateBuilder<Row> {
    /// One child template.
    public static func buildExpression(_ element: CellTemplate<Row>) -> [CellTemplate<Row>] { [element] }
    /// The children of a block's lines, in order.
    public static func buildBlock(_ parts: [CellTemplate<Row>]...) -> [CellTemplate<Row>] { parts.flatMap { $0 } }
    /// An `if`'s children, or none when its condition is false.
    public static func buildOptional(_ part: [CellTemplate<Row>]?) -> [CellTemplate<Row>] { part ?? [] }
    /// The children of an `if`'s or a `switch`'s first branch.
    public static func buildEither(first: [CellTemplate<Row>]) -> [CellTemplate<Row>] { first }
    /// The children of an `if`'s or a `switch`'s other branch.
    public static func buildEither(second: [CellTemplate<Row>]) -> [CellTemplate<Row>] { second }
    /// A `for` loop's children, in order.
    public static func buildArray(_ parts: [[CellTemplate<Row>]]) -> [CellTemplate<Row>] { parts.flatMap { $0 } }
}

// Templates are values of values and `@Sendable` closures: they cross actors and threads.
extension CellTemplate: Sendable {}
extension CellTemplate.Content: Sendable {}
extension TextElement: Sendable {}
extension TextElement.Source: Sendable {}
extension StackElement: Sendable {}
