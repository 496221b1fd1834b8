/// A face's position in `FontCollection.faces`: how every stage names a face.
///
/// `FaceIndex` (`Int`) in computations and chains; `PackedFaceIndex` (16 bits) in the records
/// kept by the million (segments, shaped pieces, cached runs, soft hyphens), since a collection
/// holds at most 256 faces. A text walk that has not met a face yet holds `noFace` (−1).
package typealias FaceIndex = Int

/// A `FaceIndex` as stored in records; `noFace` where there is none yet.
package typealias PackedFaceIndex = Int16

/// "No face yet": the face before the first cluster of a text walk.
package let noFace: PackedFaceIndex = -1
