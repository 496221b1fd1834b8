import YardstickLayout

/// The traits a cell is fitted under: the Dynamic Type content size category (with an optional
/// maximum, UIKit's `maximumContentSizeCategory`) and the display scale heights round up to.
public struct SizingEnvironment: Hashable, Sendable {
    /// The Dynamic Type content size category text sizes and scaled margins follow (UIKit's
    /// `preferredContentSizeCategory`); default `.large`.
    public var category: DynamicType.ContentSizeCategory
    /// The largest category sizes follow (UIKit's `maximumContentSizeCategory`); nil: no cap.
    public var maximumCategory: DynamicType.ContentSizeCategory?
    /// When set, a cell's height is rounded up to 1/scale (device pixels), as UIKit rounds
    /// self-sizing cells; nil: no rounding (the row-offset cache keeps 1/64 pt).
    public var displayScale: Double?
    /// Faces with an `opsz` axis set to each text's point size (`TextAttributes.opticalSizing`).
    public var opticalSizing = true
    /// A constraint cell whose rules leave a view free is an error, not sized with a warning
    /// (`AmbiguousLayout`); config `"strictConstraints"`.
    public var strictConstraints = false

    /// An environment of these traits; by default the large category, no cap and no rounding.
    public init(category: DynamicType.ContentSizeCategory = .large, maximumCategory: DynamicType.ContentSizeCategory? = nil, displayScale: Double? = nil) {
        self.category = category
        self.maximumCategory = maximumCategory
        self.displayScale = displayScale
    }

    /// Throws unless the display scale, when set, is from 1 to 64 (device pixels per point).
    public func validate() throws(SizingError) {
        if let s = displayScale, !(s >= 1 && s <= 64) {
            throw SizingError(path: "displayScale", .outOfRange(expected: "must be from 1 to 64 pixels per point", got: "\(s)"))
        }
    }

    /// `UIFontMetrics.default.scaledValue(for:)` at this category.
    public func scaledValue(_ value: Double) -> Double {
        DynamicType.scaledValue(value, relativeTo: .body, category: category, maximum: maximumCategory)
    }

    /// Rounds a height up to the display scale (no change without one).
    public func roundedUp(_ height: Double) -> Double {
        guard let scale = displayScale, scale.isFinite, scale > 0 else { return height }
        return (height * scale - 1e-9).rounded(.up) / scale
    }
}
