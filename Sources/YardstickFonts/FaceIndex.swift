/// A face's position in `FontCollection.faces`: how every stage names a face. (Public for the
/// stage modules' public declarations; not re-exported to users, not in the DocC.)
///
/// `FaceIndex` (`Int`) in computations and chains; `PackedFaceIndex` (16 bits) in the records
/// kept by the million (segments, shaped pieces, cached runs, soft hyphens), since a collection
/// holds at most 256 faces. A text walk that has not met a face yet holds `noFace` (−1).
@_documentation(visibility: internal)
public typealias FaceIndex = Int

/// A `FaceIndex` as stored in records; `noFace` where there is none yet.
@_documentation(visibility: internal)
public typealias PackedFaceIndex = Int16

/// "No face yet": the face before the first cluster of a text walk.
@_documentation(visibility: internal)
public let noFace: PackedFaceIndex = -1
