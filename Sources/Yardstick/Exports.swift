// The public face of the library: `import Yardstick` brings exactly these types (with their
// members, nested types and extensions), listed here so the surface is one file to read.
//
// The stage modules below them (analysis, shaping, line breaking, the fonts' coverage and
// metrics) keep some declarations `public` although users never see them: they are not
// products and are not re-exported here. `package` would hide them just as well but stops the
// compiler inlining them across modules (no package-level cross-module optimization without
// unsafe flags): measured with callgrind, a cold pass of TextEngineBenchmark ran 8.3 % more
// instructions (1,208 M against 1,115 M) and a 100,000-row `measure --config` 6.3 % more.
// Declarations that take or return unsafe pointers stay `package` all the same (at no
// measurable cost: 1,114 M and +0.1 %).
// `make test` checks that no machinery name reaches users (Tools/api-check).
@_exported import class YardstickFonts.FontCollection
@_exported import enum YardstickFonts.FontError
@_exported import struct YardstickFonts.FontStyle
@_exported import struct YardstickFonts.FontWeight
@_exported import struct YardstickFonts.FontSubstitution
@_exported import struct YardstickFonts.VariationAxis
@_exported import struct YardstickFonts.Variation
@_exported import struct YardstickFonts.FontFeature
@_exported import struct YardstickFonts.MissingGlyphs
@_exported import enum YardstickFonts.UIFamily
@_exported import struct YardstickFormats.SizingConfig
@_exported import struct YardstickFormats.ConfigError
@_exported import enum YardstickLayout.DynamicType
@_exported import struct YardstickLayout.LabelRules
@_exported import struct YardstickLayout.MeasuredText
@_exported import struct YardstickLayout.PreparedText
@_exported import struct YardstickLayout.TextAttributes
@_exported import class YardstickLayout.TextEngine
@_exported import enum YardstickLayout.TextEngineError
@_exported import struct YardstickLayout.TextLayout
@_exported import struct YardstickTemplates.AmbiguousLayout
@_exported import struct YardstickTemplates.BoxElement
@_exported import struct YardstickTemplates.CellFit
@_exported import struct YardstickTemplates.CellSizer
@_exported import struct YardstickTemplates.CellTemplate
@_exported import struct YardstickTemplates.ConstraintElement
@_exported import enum YardstickTemplates.CellTemplateBuilder
@_exported import struct YardstickTemplates.EdgeInsets
@_exported import struct YardstickTemplates.SizingEnvironment
@_exported import struct YardstickTemplates.SizingError
@_exported import enum YardstickTemplates.StackAlignment
@_exported import enum YardstickTemplates.StackDistribution
@_exported import struct YardstickTemplates.StackElement
@_exported import struct YardstickTemplates.TemplateFont
@_exported import struct YardstickTemplates.TextElement
@_exported import struct YardstickOffsets.LayoutLength
@_exported import struct YardstickOffsets.RowOffsetCache
@_exported import struct YardstickOffsets.HeightsFile
@_exported import enum YardstickOffsets.HeightsFileError
@_exported import enum YardstickOffsets.RowOffsetCacheError
@_exported import struct YardstickOffsets.RowPosition
@_exported import enum YardstickTable.CellHeight
@_exported import struct YardstickTable.DataTableConfiguration
@_exported import struct YardstickTable.ListConfiguration
@_exported import struct YardstickTable.RemeasureResult
@_exported import enum YardstickTable.RowHeightMode
@_exported import struct YardstickTable.ScrollResult
@_exported import struct YardstickTable.SectionBindingChain
@_exported import enum YardstickTable.SectionDimension
@_exported import enum YardstickTable.SectionDisplayBehavior
@_exported import struct YardstickTable.SectionGrouping
@_exported import struct YardstickTable.SectionInfo
@_exported import struct YardstickTable.SectionLevels
@_exported import enum YardstickTable.SectionOrder
@_exported import struct YardstickTable.SectionRules
@_exported import class YardstickTable.TableBinder
@_exported import struct YardstickTable.TableData
@_exported import struct YardstickTable.TableLayout
