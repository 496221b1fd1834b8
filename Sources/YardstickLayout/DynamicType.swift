import YardstickFonts

extension DynamicType {
    /// iOS Dynamic Type: the user's preferred content size, from extra small to the largest
    /// accessibility size. Raw values are UIKit's `UIContentSizeCategory` case names.
    public enum ContentSizeCategory: String, CaseIterable, Comparable, Sendable {
        case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
        case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

        /// Position in `allCases` (0 = extraSmall, 3 = large, the default).
        public var index: Int { Self.allCases.firstIndex(of: self)! }

        public var isAccessibilityCategory: Bool { index >= Self.accessibilityMedium.index }

        public static func < (a: Self, b: Self) -> Bool { a.index < b.index }

        /// Parses a case name ("large", "accessibilityExtraLarge"), case-insensitively; UIKit's
        /// constant strings ("UICTContentSizeCategoryL") are not accepted.
        public init?(name: String) {
            guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
            self = match
        }

        /// The smaller of this category and a maximum (UIKit's `maximumContentSizeCategory`).
        public func clamped(to maximum: DynamicType.ContentSizeCategory?) -> DynamicType.ContentSizeCategory {
            guard let maximum else { return self }
            return min(self, maximum)
        }
    }
}

extension DynamicType {
    /// iOS text styles (`UIFont.TextStyle`).
    public enum TextStyle: String, CaseIterable, Sendable {
        case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

        public init?(name: String) {
            guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
            self = match
        }

        /// The style's weight on iOS: headline is semibold (600), the others regular.
        public var weight: FontWeight { self == .headline ? .semibold : .regular }

        var row: Int { Self.allCases.firstIndex(of: self)! }
    }
}

/// Apple's published iOS Dynamic Type sizes and leading (Human Interface Guidelines,
/// "Typography": point size / leading per text style and content size category), and
/// `UIFontMetrics`-style scaling for custom sizes and paddings. Table lookups, O(1).
public enum DynamicType {
    // [style][category] = (size, leading), categories extraSmall … accessibilityExtraExtraExtraLarge.
    private static let table: [[(Double, Double)]] = [
        // largeTitle
        [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)],
        // title1
        [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)],
        // title2
        [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)],
        // title3
        [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)],
        // headline
        [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        // body
        [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        // callout
        [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)],
        // subheadline
        [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)],
        // footnote
        [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)],
        // caption1
        [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)],
        // caption2
        [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)],
    ]

    /// Point size of a text style at a category (after clamping to `maximum`).
    public static func pointSize(_ style: DynamicType.TextStyle, _ category: DynamicType.ContentSizeCategory = .large,
                                 maximum: DynamicType.ContentSizeCategory? = nil) -> Double {
        table[style.row][category.clamped(to: maximum).index].0
    }

    /// Apple's leading (line height) for a text style at a category.
    public static func leading(_ style: DynamicType.TextStyle, _ category: DynamicType.ContentSizeCategory = .large,
                               maximum: DynamicType.ContentSizeCategory? = nil) -> Double {
        table[style.row][category.clamped(to: maximum).index].1
    }

    /// `UIFontMetrics(forTextStyle:).scaledValue(for:)`: scales a value designed for the default
    /// category (large) the way the style's size scales at `category`.
    public static func scaledValue(_ value: Double, relativeTo style: DynamicType.TextStyle = .body,
                                   category: DynamicType.ContentSizeCategory, maximum: DynamicType.ContentSizeCategory? = nil) -> Double {
        value * pointSize(style, category, maximum: maximum) / pointSize(style, .large)
    }
}
