import YardstickFonts
import YardstickLayout
import YardstickFormats

/// Font and size options shared by the commands: which fonts, and how big.
package struct TextOptions: Sendable {
    package var fontFiles: [String] = []
    package var family: String?
    package var size: Double?
    package var style: DynamicType.TextStyle?
    package var category: DynamicType.ContentSizeCategory?
    /// `--weight`: nil, the style's (headline semibold, others regular).
    package var weight: FontWeight?
    /// `--italic`.
    package var italic = false
    /// Off with `--no-optical-sizing`: faces with an `opsz` axis stay at their default.
    package var opticalSizing = true
    /// `--profile` (nil: not given, the default profile).
    package var profile: Profile?
    /// `--sizing-rule` (nil: the profile's).
    package var sizingRule: LabelRules.SizingRule?
    package var maxLines: Int = 0
    package var hyphenate = true
    package var threads = 0
    /// The most worker threads asked for (more would only cost memory: one stack each).
    package static let maximumThreads = 1024

    /// `--threads N`: 0 (all cores) up to `maximumThreads`.
    package static func checkThreads(_ n: Int) throws {
        guard n >= 0, n <= maximumThreads else { throw CommandError("--threads must be from 0 (all cores) to \(maximumThreads)") }
    }
    /// Ask fontconfig for installed faces covering what the given and bundled fonts do not.
    package var systemFallback = false
    /// The longest line any input may have, in bytes (`--max-line-bytes`).
    package var maxLineBytes = InputLimits.lineBytes

    package init() {}

    /// The styles a grid of `attributes` shapes in: its cells', and its bold column titles'.
    package static func gridStyles(_ attributes: TextAttributes) -> [FontStyle] {
        var bold = attributes
        bold.fontStyle = .bold
        return [attributes.fontStyle, bold.fontStyle]
    }

    /// How lines break and stack: the profile's rules, with `sizingRule` where given.
    package var rules: LabelRules {
        var rules = (profile ?? .standard).rules
        if let sizingRule { rules.sizingRule = sizingRule }
        return rules
    }

    /// The engine of a run: `makeFonts(for:styles:)`'s fonts, measured by `rules`, and what
    /// making them had to say (a face measuring a style it is not, faces left out).
    package func makeEngine(for texts: [String] = [], styles: [FontStyle] = [.regular]) throws -> (engine: TextEngine, diagnostics: Diagnostics) {
        let (fonts, diagnostics) = try makeFonts(for: texts, styles: styles)
        return (try TextEngine(fonts: fonts, rules: rules), diagnostics)
    }

    /// These options with a config's profile and sizing rule: the config's where the command
    /// line gives none; a command line that says otherwise than the config is an error. The
    /// config takes the profile's display scale where it names none.
    package func following(_ config: inout SizingConfig, path: String) throws -> TextOptions {
        var options = self
        if let wanted = config.profile {
            if let given = profile, given != wanted {
                throw CommandError("--profile \(given.rawValue) contradicts \(path)'s \"profile\": \"\(wanted.rawValue)\"; give one of them")
            }
            options.profile = wanted
        }
        if let wanted = config.sizingRule {
            if let given = sizingRule, given != wanted {
                throw CommandError("--sizing-rule \(given.rawValue) contradicts \(path)'s \"sizingRule\": \"\(wanted.rawValue)\"; give one of them")
            }
            options.sizingRule = wanted
        }
        config.adopt(options.profile ?? .standard)
        return options
    }

    /// The font collection: user files first, a fontconfig family, then the bundled fonts; with
    /// `systemFallback`, installed faces for the characters of `texts` that none of those covers.
    /// Variable faces are set to each weight of `styles`; where the collection has no face for
    /// one of `styles`, a warning says which face measures it instead.
    package func makeFonts(for texts: [String] = [], styles: [FontStyle] = [.regular]) throws -> (fonts: FontCollection, diagnostics: Diagnostics) {
        var diagnostics = Diagnostics()
        let fonts = try makeCollection(for: texts, weights: styles.map(\.weight), opticalSizes: styles.compactMap(\.opticalSize), diagnostics: &diagnostics)
        var warned = Set<String>()
        for style in styles {
            if let substitution = fonts.substitution(for: style), warned.insert(substitution.description).inserted {
                diagnostics.warn("\(substitution)")
            }
        }
        return (fonts, diagnostics)
    }

    private func makeCollection(for texts: [String], weights: [FontWeight], opticalSizes: [Double], diagnostics: inout Diagnostics) throws -> FontCollection {
        let fonts: FontCollection
        do {
            let uiFamily = (profile ?? .standard).uiFamily
            let base = try FontCollection.make(fontPaths: fontFiles, family: family, uiFamily: uiFamily, weights: weights, opticalSizes: opticalSizes)
            guard systemFallback else { return base }
            var uncovered = Set<Unicode.Scalar>()
            for text in texts {
                for scalar in text.unicodeScalars where !FontStyle.basic.allSatisfy({ base.chainCovers($0, scalar.value) }) {
                    uncovered.insert(scalar)
                }
            }
            if !texts.isEmpty && uncovered.isEmpty { return base }
            fonts = try FontCollection.make(fontPaths: fontFiles, family: family, uiFamily: uiFamily, systemFallback: true,
                                            systemFallbackCharacters: texts.isEmpty ? nil : uncovered, weights: weights,
                                            opticalSizes: opticalSizes)
        } catch let error as FontError {
            throw CommandError(error.description)
        }
        if fonts.leftOutSystemFaces > 0 {
            diagnostics.note("--system-fallback left out \(fonts.leftOutSystemFaces) installed font(s): a collection holds at most "
                        + "\(FontCollection.maximumFaces) faces and \(FontCollection.maximumDistinctMetrics) distinct line metrics")
        }
        return fonts
    }

    /// Attributes from --size, or --style/--category (body at large by default: 17 pt).
    package func attributes() throws -> TextAttributes {
        var a: TextAttributes
        if let size {
            guard style == nil && category == nil else { throw CommandError("give either --size or --style/--category, not both") }
            guard size.isFinite && size > 0 && size <= 100_000 else { throw CommandError("--size must be a number above 0 and at most 100000 (points)") }
            a = TextAttributes(size: size)
        } else {
            a = TextAttributes(textStyle: style ?? .body, category: category ?? .large)
        }
        if let weight { a.fontStyle.weight = weight }
        a.displayScale = (profile ?? .standard).displayScale
        a.fontStyle.isItalic = italic
        a.opticalSizing = opticalSizing
        guard maxLines >= 0 else { throw CommandError("--max-lines must be 0 (no limit) or more") }
        try Self.checkThreads(threads)
        guard maxLineBytes > 0 else { throw CommandError("--max-line-bytes must be above 0") }
        a.maxLines = maxLines
        a.hyphenateWordBreaks = hyphenate && profile != .ios // (UILabel breaks an overlong word without one)
        if let problem = a.validationError { throw CommandError(problem) }
        return a
    }

    /// A category named in a trace (`SizingReplayer`); the command line's options parse theirs.
    package static func parseCategory(_ name: String) throws -> DynamicType.ContentSizeCategory {
        guard let c = DynamicType.ContentSizeCategory(name: name) else {
            throw CommandError("unknown category \"\(name)\"; valid categories: \(DynamicType.ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return c
    }

    /// A width in points: finite and above 0.
    package static func checkWidth(_ width: Double, _ what: String) throws {
        guard width.isFinite, width > 0 else { throw CommandError("\(what) must be a finite number above 0 (got \(width.isFinite ? OutputNumber.format(width) : "\(width)"))") }
    }
}
