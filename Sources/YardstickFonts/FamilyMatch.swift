/// How a family's face is chosen for a style: CSS Fonts 4 §5.2 (font-stretch, font-style, then
/// font-weight), which Core Text and fontconfig also follow.
///
/// Width first: styles ask for the normal width, so the faces of normal width (OS/2 width class
/// 5, or a `wdth` axis holding 100), else the nearest narrower, else the nearest wider. Then slant: for italic, the italic (or oblique) faces, else a variable face that can slant
/// (an `ital` or a negative `slnt` axis), else the upright ones; for upright, the upright faces,
/// else the others. Then weight, among those: a face whose weight (a variable face: its `wght`
/// range) holds the weight asked; else, for 400–500, the nearest heavier up to 500, then the
/// nearest lighter, then the nearest heavier; below 400 the nearest lighter, then heavier;
/// above 500 the nearest heavier, then lighter. Ties go to the face given first.
///
/// Before all that, a family made of optical sizes in separate files (Inter and Inter
/// Display, as SF Pro Text and SF Pro Display were) keeps the faces made for the style's
/// optical size (`Candidate.opticalSizes`; a style without one takes the smallest size's).
/// - Complexity: O(faces) a pick.
package enum FamilyMatch {
    /// What one face offers: its slant, the weights it has, and whether it can be slanted.
    package struct Candidate: Sendable {
        package var isItalic: Bool
        package var weights: ClosedRange<Int>
        package var canSlant: Bool
        /// OS/2 width classes (1 ultra-condensed … 5 normal … 9 ultra-expanded) the face has.
        package var widths: ClosedRange<Int>
        /// The point sizes the face is made for (every size, for a face of one file per family).
        package var opticalSizes: Range<Double>

        package init(isItalic: Bool, weights: ClosedRange<Int>, canSlant: Bool = false, widths: ClosedRange<Int> = 5...5,
                     opticalSizes: Range<Double> = 0 ..< .infinity) {
            self.isItalic = isItalic
            self.weights = weights
            self.canSlant = canSlant
            self.widths = widths
            self.opticalSizes = opticalSizes
        }

        /// A loaded face's offer.
        package init(_ face: FontCollection.Face) {
            isItalic = face.isItalic
            if let axis = face.axes.first(where: { $0.tag == "wght" }) {
                weights = Int(axis.minimum.rounded())...max(Int(axis.minimum.rounded()), Int(axis.maximum.rounded()))
            } else {
                weights = face.weight.rawValue...face.weight.rawValue
            }
            canSlant = !face.isItalic && face.axes.contains { ($0.tag == "slnt" && $0.minimum < 0) || ($0.tag == "ital" && $0.maximum >= 1) }
            if let axis = face.axes.first(where: { $0.tag == "wdth" }), axis.minimum <= 100, axis.maximum >= 100 {
                widths = 5...5
            } else {
                widths = face.widthClass...face.widthClass
            }
            opticalSizes = 0 ..< .infinity
        }
    }

    /// The face picked for a style, the weight it is set to (its own, for a static face) and
    /// whether a variable face is to be slanted to give the italic.
    package struct Pick: Equatable, Sendable {
        package var face: Int
        package var weight: FontWeight
        package var slants: Bool
    }

    /// The pick among one family's faces (`faces` non-empty).
    package static func pick(_ style: FontStyle, among faces: [Candidate]) -> Pick {
        let size = style.opticalSize ?? 0
        let made = faces.indices.filter { faces[$0].opticalSizes.contains(size) }
        let sized = made.isEmpty ? Array(faces.indices) : made
        // Normal width: the faces holding it, else the nearest narrower, else the nearest wider.
        let normal = sized.filter { faces[$0].widths.contains(5) }
        let narrower = sized.filter { faces[$0].widths.upperBound < 5 }
        let nearestNarrower = narrower.map { faces[$0].widths.upperBound }.max()
        let wider = sized.filter { faces[$0].widths.lowerBound > 5 }
        let nearestWider = wider.map { faces[$0].widths.lowerBound }.min()
        let all = !normal.isEmpty ? normal
            : nearestNarrower.map { n in narrower.filter { faces[$0].widths.upperBound == n } }
            ?? wider.filter { faces[$0].widths.lowerBound == nearestWider }
        var pool: [Int]
        var slants = false
        if style.isItalic {
            pool = all.filter { faces[$0].isItalic }
            if pool.isEmpty {
                pool = all.filter { faces[$0].canSlant }
                slants = !pool.isEmpty
            }
        } else {
            pool = all.filter { !faces[$0].isItalic }
        }
        if pool.isEmpty { pool = all }
        let w = style.weight.rawValue
        let chosen = pool.first { faces[$0].weights.contains(w) } ?? nearestFace(w, pool.map { faces[$0].weights }).map { pool[$0] }!
        let range = faces[chosen].weights
        return Pick(face: chosen, weight: FontWeight(rawValue: min(max(w, range.lowerBound), range.upperBound))!, slants: slants)
    }

    /// Among distinct weights in ascending order (non-empty), the one CSS picks for `weight`.
    /// One pass, no allocation: a collection's table asks it for every weight from 1 to 1000.
    package static func nearest(_ weight: FontWeight, among weights: [FontWeight]) -> FontWeight {
        weights[nearestIndex(weight, among: weights)]
    }

    /// `nearest(_:among:)`'s position in `weights`.
    package static func nearestIndex(_ weight: FontWeight, among weights: [FontWeight]) -> Int {
        let w = weight.rawValue
        var lighter: Int? = nil, heavier: Int? = nil
        for (k, x) in weights.enumerated() {
            if x.rawValue == w { return k }
            if x.rawValue < w { lighter = k } else if heavier == nil { heavier = k }
        }
        if (400...500).contains(w) {
            if let h = heavier, weights[h].rawValue <= 500 { return h }
            return lighter ?? heavier!
        }
        return w < 400 ? (lighter ?? heavier!) : (heavier ?? lighter!)
    }

    /// The position of the range CSS's weight rule picks for `w`, none of them holding it.
    private static func nearestFace(_ w: Int, _ ranges: [ClosedRange<Int>]) -> Int? {
        if let exact = ranges.firstIndex(where: { $0.contains(w) }) { return exact }
        func lighter() -> Int? { // the nearest below w: the greatest upper bound under it
            ranges.indices.filter { ranges[$0].upperBound < w }.max { ranges[$0].upperBound < ranges[$1].upperBound || (ranges[$0].upperBound == ranges[$1].upperBound && $0 > $1) }
        }
        func heavier(upTo limit: Int = .max) -> Int? { // the nearest above w: the least lower bound over it
            ranges.indices.filter { ranges[$0].lowerBound > w && ranges[$0].lowerBound <= limit }
                .min { ranges[$0].lowerBound < ranges[$1].lowerBound || (ranges[$0].lowerBound == ranges[$1].lowerBound && $0 < $1) }
        }
        if (400...500).contains(w) { return heavier(upTo: 500) ?? lighter() ?? heavier() }
        if w < 400 { return lighter() ?? heavier() }
        return heavier() ?? lighter()
    }
}
