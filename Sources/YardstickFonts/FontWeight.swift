/// A font weight on the OpenType/CSS scale, 1 to 1000: UIKit's nine named weights
/// (`UIFont.Weight`, ultraLight 100 … black 900) or any number between.
///
/// Faces are chosen for a weight as CSS Fonts 4 §5.2 does (`FontFamilyMatch`); a variable face
/// is instantiated at the weight itself.
/// - Complexity: O(1) for every operation.
public struct FontWeight: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The weight, 1 to 1000.
    public let rawValue: Int

    /// A weight of 1 to 1000; nil outside.
    public init?(rawValue: Int) {
        guard (1...1000).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(_ value: Int) { rawValue = value }

    public static let ultraLight = FontWeight(100)
    public static let thin = FontWeight(200)
    public static let light = FontWeight(300)
    public static let regular = FontWeight(400)
    public static let medium = FontWeight(500)
    public static let semibold = FontWeight(600)
    public static let bold = FontWeight(700)
    public static let heavy = FontWeight(800)
    public static let black = FontWeight(900)

    /// UIKit's nine named weights, lightest first, with their names.
    public static let named: [(name: String, weight: FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular), ("medium", .medium),
        ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]

    /// A weight by its UIKit name ("semibold", case-insensitive) or its number ("600", 1–1000).
    public init?(name: String) {
        if let match = Self.named.first(where: { $0.name.lowercased() == name.lowercased() }) {
            self = match.weight
        } else if let number = Int(name), let weight = FontWeight(rawValue: number) {
            self = weight
        } else {
            return nil
        }
    }

    /// The UIKit name of a named weight, nil for other numbers.
    public var name: String? { Self.named.first { $0.weight == self }?.name }

    /// "300 (light)", or "350".
    public var description: String { name.map { "\(rawValue) (\($0))" } ?? "\(rawValue)" }

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.rawValue < b.rawValue }

    /// What a bad weight is told: the names, or a number.
    public static let expected = "a weight name (\(named.map(\.name).joined(separator: ", "))) or a number from 1 to 1000"
}
