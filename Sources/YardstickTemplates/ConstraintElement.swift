import YardstickLayout

/// A cell laid out by Auto Layout constraints, ported one for one from UIKit: named views
/// (labels, fixed-size views, containers) and rules between their anchors, fitted at a width
/// as `systemLayoutSizeFitting` fits a self-sizing cell.
///
/// A rule is `view.anchor (== | <= | >=) [multiplier *] view.anchor [+ | - constant] [@priority]`,
/// or a view's anchor against a constant, with the anchors `leading`, `trailing`, `top`,
/// `bottom`, `width`, `height`, `centerX`, `centerY`, `firstBaseline` and `lastBaseline`;
/// `super` is the cell's content view:
///
/// ```swift
/// let cell = CellTemplate<Message>.constraints(views: [
///     .box("avatar", width: 36, height: 36),
///     .text("body", \.body),
/// ], rules: [
///     "avatar.leading == super.leading + 16", "avatar.top == super.top + 8",
///     "body.leading == avatar.trailing + 12", "body.trailing <= super.trailing - 16",
///     "body.top == super.top + 8", "super.bottom >= body.bottom + 8",
///     "super.bottom >= avatar.bottom + 8",
/// ])
/// ```
///
/// The rules are compiled once per template into an incremental Cassowary solver (Auto
/// Layout's algorithm); a row only suggests its texts' sizes and re-solves, a fraction of a
/// microsecond for a 20-rule cell. A label's intrinsic size is its one-line width and its
/// height at the width it is given (`preferredMaxLayoutWidth`), entered with its hugging and
/// compression resistance priorities; an empty label has no size (0 × 0), as in UIKit.
public struct ConstraintElement<Row> {
    /// A view of the cell, with its content priorities (UIKit's defaults: hugging 250,
    /// compression resistance 750, on each axis).
    public struct View {
        /// What a view is.
        public enum Content {
            /// A label (UILabel): its intrinsic size comes from its text.
            case text(TextElement<Row>)
            /// A view of a fixed intrinsic size on each axis (an image view), nil: none on that axis.
            case box(width: Double?, height: Double?)
            /// A view without intrinsic size (a plain UIView), placed by the rules alone.
            case container
        }

        /// The name rules use: letters, digits and `_`, starting with a letter or `_`; not `super`.
        public var name: String
        /// Whether the view is a label, a fixed-size view or a container.
        public var content: Content
        /// Content hugging on the horizontal axis (1…1000): how strongly it resists growing wider
        /// than its intrinsic width.
        public var horizontalHugging: Double = 250
        /// Content hugging on the vertical axis (1…1000).
        public var verticalHugging: Double = 250
        /// Compression resistance on the horizontal axis (1…1000): how strongly it resists being
        /// narrower than its intrinsic width.
        public var horizontalCompression: Double = 750
        /// Compression resistance on the vertical axis (1…1000).
        public var verticalCompression: Double = 750

        /// A view named `name` of this content, at UIKit's default priorities.
        public init(_ name: String, _ content: Content) {
            self.name = name
            self.content = content
        }

        /// A label reading a column of the row (CSV tables).
        public static func text(_ name: String, column: String, style: DynamicType.TextStyle = .body, lines: Int = 0) -> View {
            View(name, .text(TextElement(source: .column(column), font: TemplateFont(style: style), lines: lines)))
        }

        /// A label reading a key path of the row's model.
        public static func text(_ name: String, _ keyPath: KeyPath<Row, String> & Sendable, style: DynamicType.TextStyle = .body,
                                lines: Int = 0) -> View {
            View(name, .text(TextElement(source: .value { $0[keyPath: keyPath] }, font: TemplateFont(style: style), lines: lines)))
        }

        /// A label configured in full (`hidesWhenEmpty` does not apply: an empty label is 0 × 0).
        public static func text(_ name: String, _ element: TextElement<Row>) -> View { View(name, .text(element)) }

        /// A view of a fixed intrinsic size (an image view).
        public static func box(_ name: String, width: Double?, height: Double?) -> View { View(name, .box(width: width, height: height)) }

        /// A view without intrinsic size.
        public static func container(_ name: String) -> View { View(name, .container) }

        /// The view with these content-hugging priorities (UIKit's `setContentHuggingPriority`).
        public func hugging(horizontal: Double = 250, vertical: Double = 250) -> View {
            var copy = self
            copy.horizontalHugging = horizontal
            copy.verticalHugging = vertical
            return copy
        }

        /// The view with these compression-resistance priorities
        /// (`setContentCompressionResistancePriority`).
        public func compression(horizontal: Double = 750, vertical: Double = 750) -> View {
            var copy = self
            copy.horizontalCompression = horizontal
            copy.verticalCompression = vertical
            return copy
        }
    }

    /// The cell's views, in order (the order decides nothing about the layout, only which of
    /// two ambiguous views an error names first).
    public var views: [View]
    /// The rules, each as `NSLayoutConstraint` reads.
    public var rules: [String]

    /// A cell of these views and rules.
    public init(views: [View], rules: [String]) {
        self.views = views
        self.rules = rules
    }
}

extension CellTemplate {
    /// A cell (or an element of one) laid out by constraints: see `ConstraintElement`.
    public static func constraints(views: [ConstraintElement<Row>.View], rules: [String]) -> CellTemplate {
        CellTemplate(.constraints(ConstraintElement(views: views, rules: rules)))
    }
}

extension ConstraintElement: Sendable {}
extension ConstraintElement.View: Sendable {}
extension ConstraintElement.View.Content: Sendable {}
