/// One constraint as a cell template writes it: `title.leading == image.trailing + 12`,
/// `super.bottom >= body.bottom + 8 @750`, `image.height == image.width * 0.75`, `width == 44`
/// (a view's own attribute against a constant), parsed from text. UIKit's `NSLayoutConstraint`:
/// `first (relation) second × multiplier + constant` at a priority (1–1000; 1000 required).
package struct LayoutRule: Equatable, Sendable, CustomStringConvertible {
    /// The attributes of a view, as UIKit's anchors.
    package enum Attribute: String, CaseIterable, Sendable {
        case leading, trailing, top, bottom, width, height, centerX, centerY, firstBaseline, lastBaseline
    }

    /// `view.attribute`.
    package struct Anchor: Equatable, Sendable {
        package var view: String
        package var attribute: Attribute
    }

    package var first: Anchor
    package var relation: Relation
    /// Nil for a constant rule (`image.width == 44`).
    package var second: Anchor?
    package var multiplier: Double
    package var constant: Double
    package var priority: Double
    /// The rule as written.
    package var text: String

    package var description: String { text }

    /// Parses one rule.
    /// - Throws: `LayoutRuleError` with the character (0-based, in Unicode scalars) where the
    ///   rule stops making sense and what was expected there.
    package init(parsing text: String) throws(LayoutRuleError) {
        var p = RuleParser(text)
        let first = try p.anchor()
        let relation = try p.relation()
        var multiplier = 1.0, constant = 0.0
        var second: Anchor? = nil
        // The right side: [number *] anchor [* number] [(+|-) number] | number
        if let number = p.number() {
            if p.take("*") {
                multiplier = number
                second = try p.anchor()
            } else {
                constant = number
            }
        } else {
            second = try p.anchor()
        }
        if second != nil {
            if p.take("*") {
                guard let m = p.number() else { throw p.error("a multiplier") }
                multiplier *= m
            }
            if p.take("+") {
                guard let c = p.number() else { throw p.error("a number after +") }
                constant = c
            } else if p.take("-") {
                guard let c = p.number() else { throw p.error("a number after -") }
                constant = -c
            }
        }
        var priority = 1000.0
        if p.take("@") {
            guard let value = p.number() else { throw p.error("a priority from 1 to 1000") }
            guard value >= 1 && value <= 1000 else { throw p.error("a priority from 1 to 1000", at: p.lastNumberStart) }
            priority = value
        }
        guard p.atEnd else { throw p.error(second == nil ? "the end of the rule, or * and a view's attribute" : "+, -, * or @ and a priority") }
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.text = text
    }
}

/// Why a rule could not be parsed: the rule, the character and what was expected there.
package struct LayoutRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    package var rule: String
    /// 0-based, in Unicode scalars.
    package var character: Int
    package var expected: String

    package var description: String {
        "\"\(rule)\": at character \(character + 1): expected \(expected)"
    }
}

/// A hand-written scanner: rules are short, and errors name the character.
struct RuleParser {
    let text: String
    let scalars: [Unicode.Scalar]
    var i = 0
    var lastNumberStart = 0

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    var atEnd: Bool { mutating get { skipSpaces(); return i == scalars.count } }

    mutating func skipSpaces() { while i < scalars.count && (scalars[i] == " " || scalars[i] == "\t") { i += 1 } }

    func error(_ expected: String, at position: Int? = nil) -> LayoutRuleError {
        LayoutRuleError(rule: text, character: position ?? i, expected: expected)
    }

    mutating func take(_ symbol: String) -> Bool {
        skipSpaces()
        let s = Array(symbol.unicodeScalars)
        guard i + s.count <= scalars.count, Array(scalars[i..<i + s.count]) == s else { return false }
        i += s.count
        return true
    }

    mutating func name() -> String? {
        skipSpaces()
        let start = i
        while i < scalars.count && (scalars[i].properties.isAlphabetic || scalars[i] == "_" || (i > start && ("0"..."9").contains(scalars[i]))) { i += 1 }
        return i > start ? String(String.UnicodeScalarView(scalars[start..<i])) : nil
    }

    mutating func anchor() throws(LayoutRuleError) -> LayoutRule.Anchor {
        skipSpaces()
        guard let view = name() else { throw error("a view's attribute, such as title.top") }
        guard take(".") else { throw error("a dot and an attribute after \"\(view)\"") }
        let attributeStart = i
        guard let attribute = name().flatMap(LayoutRule.Attribute.init(rawValue:)) else {
            throw error("an attribute: " + LayoutRule.Attribute.allCases.map(\.rawValue).joined(separator: ", "), at: attributeStart)
        }
        return LayoutRule.Anchor(view: view, attribute: attribute)
    }

    mutating func relation() throws(LayoutRuleError) -> Relation {
        if take("==") { return .equal }
        if take("<=") { return .lessOrEqual }
        if take(">=") { return .greaterOrEqual }
        throw error("==, <= or >=")
    }

    /// A decimal number (digits, an optional point and digits); nil, consuming nothing, if none.
    mutating func number() -> Double? {
        skipSpaces()
        let start = i
        var j = i
        if j < scalars.count && (scalars[j] == "-" || scalars[j] == "+") { j += 1 }
        let digitsStart = j
        while j < scalars.count && ("0"..."9").contains(scalars[j]) { j += 1 }
        if j < scalars.count && scalars[j] == "." { j += 1; while j < scalars.count && ("0"..."9").contains(scalars[j]) { j += 1 } }
        // An exponent (1e-05, as Swift prints small numbers).
        if j > digitsStart, j < scalars.count, scalars[j] == "e" || scalars[j] == "E" {
            var e = j + 1
            if e < scalars.count && (scalars[e] == "-" || scalars[e] == "+") { e += 1 }
            let expStart = e
            while e < scalars.count && ("0"..."9").contains(scalars[e]) { e += 1 }
            if e > expStart { j = e }
        }
        guard j > digitsStart, let value = Double(String(String.UnicodeScalarView(scalars[start..<j]))), value.isFinite else { return nil }
        i = j
        lastNumberStart = start
        return value
    }
}
