// The public face of the library: one import for the whole pipeline.
@_exported import YardstickFonts
@_exported import YardstickAnalysis
@_exported import YardstickShaping
@_exported import YardstickLineBreaking
@_exported import YardstickLayout
@_exported import YardstickTemplates
@_exported import YardstickOffsets
@_exported import YardstickTable
