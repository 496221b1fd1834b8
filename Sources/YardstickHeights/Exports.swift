// The app side of Yardstick: heights files read in place and the row-offset cache, with no C
// library and no Foundation (only the C library of the platform: Darwin, Glibc or Musl), for an
// iOS, tvOS, visionOS or macOS app that ships heights measured off the device
// (`yardstick measure --format bin`). `import YardstickHeights` brings exactly these types.
// docs/apps.md: using them beside UIKit.
@_exported import struct YardstickOffsets.HeightsFile
@_exported import enum YardstickOffsets.HeightsFileError
@_exported import struct YardstickOffsets.RowOffsetCache
@_exported import enum YardstickOffsets.RowOffsetCacheError
@_exported import struct YardstickOffsets.RowPosition
@_exported import struct YardstickOffsets.LayoutLength
