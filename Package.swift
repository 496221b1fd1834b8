// swift-tools-version:6.0
// Yardstick: headless text measurement for tables and lists (HarfBuzz + FreeType + ICU).
//
// Layers, data flowing one way (a module imports only modules listed before it):
//   YardstickFonts → YardstickAnalysis → YardstickShaping → YardstickLineBreaking
//   → YardstickLayout → (YardstickConstraints) → YardstickTemplates, YardstickOffsets → YardstickTable
//   → Yardstick (the umbrella users import), and YardstickTable → YardstickCommands → yardstick (CLI).
// Every target declares each module it imports (checked by Tools/api-check/imports.py in
// `make test`). Users reach only the types Sources/Yardstick/Exports.swift re-exports.
//
// No unsafe flags, so the package can be a versioned dependency. The per-thread classes on the
// hot path (TextPreparer, TextAnalyzer, SegmentCache, Shaper, ItemTree) mark their stored
// properties `@exclusivity(unchecked)` instead of building with -enforce-exclusivity=unchecked.
import PackageDescription

let package = Package(
    name: "Yardstick",
    // Synchronization's Mutex and Atomic (the text engine); YardstickHeights alone needs less,
    // but SwiftPM's minimums are the package's.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
    products: [
        .library(name: "Yardstick", targets: ["Yardstick"]),
        // The app side: heights files and the row-offset cache, no C library (docs/apps.md).
        .library(name: "YardstickHeights", targets: ["YardstickHeights"]),
        // The C interface (include/yardstick.h) as a shared library: libYardstickC.so.
        .library(name: "YardstickC", type: .dynamic, targets: ["YardstickC"]),
        .executable(name: "yardstick", targets: ["yardstick"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs` only: DocC for the library (no code of it is linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries: thin system-library targets found through pkg-config, plus an ICU shim
        // (ICU's versioned symbol names are macros Swift cannot import).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // Test-only: ICU's locales and exemplar sets (libicui18n), for BundledFontsTests and
        // LocaleTableCommandTests; no product links it.
        .target(name: "CICULocales", path: "Tests/CICULocales", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .target(name: "CMemoryHints"),
        .target(name: "CFileCopy"),
        .target(name: "CYardstickErrors"),

        // The text engine, one module per pipeline stage.
        .target(name: "YardstickFonts", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"]),
        .target(name: "YardstickAnalysis", dependencies: ["CICU", "CMemoryHints"]),
        .target(name: "YardstickShaping", dependencies: ["YardstickFonts", "YardstickAnalysis", "CHarfBuzz", "CMemoryHints"]),
        .target(name: "YardstickLineBreaking", dependencies: ["YardstickFonts", "YardstickShaping"]),
        .target(name: "YardstickLayout", dependencies: ["YardstickFonts", "YardstickAnalysis", "YardstickShaping", "YardstickLineBreaking", "CMemoryHints"]),

        // Cells and tables: cell templates fitted at a width (UIStackView semantics), the row-offset
        // cache (independent of text), and the table sizing pass over both.
        // Auto Layout's constraint solver (incremental Cassowary), independent of text.
        .target(name: "YardstickConstraints"),
        .target(name: "YardstickTemplates", dependencies: ["YardstickFonts", "YardstickShaping", "YardstickLayout", "YardstickConstraints"]),
        .target(name: "YardstickOffsets"),
        .target(name: "YardstickHeights", dependencies: ["YardstickOffsets"]),
        .target(name: "YardstickTable", dependencies: ["YardstickFonts", "YardstickShaping", "YardstickLayout", "YardstickTemplates", "YardstickOffsets"]),

        // Pictures of laid-out texts and tables: FreeType glyph images, a raster, PNG by libpng.
        .target(name: "YardstickRender", dependencies: ["YardstickFonts", "YardstickLayout", "YardstickTemplates", "YardstickTable", "CFreeType", "CPNG"]),

        // What both front ends read and write: JSON, the sizing config, numbers, files; a table
        // sized from a config into heights (the sizing job).
        .target(name: "YardstickFormats", dependencies: ["YardstickFonts", "YardstickLayout", "YardstickTemplates", "YardstickOffsets", "YardstickTable"]),

        // Public umbrella, command logic, CLI.
        .target(name: "Yardstick", dependencies: ["YardstickFonts", "YardstickLayout", "YardstickTemplates", "YardstickOffsets", "YardstickTable", "YardstickFormats"]),
        .target(name: "YardstickCommands", dependencies: ["YardstickFormats", "YardstickFonts", "YardstickShaping", "YardstickLayout", "YardstickTemplates", "YardstickOffsets", "YardstickTable", "YardstickRender", "CMemoryHints", "CFileCopy"]),
        // The C interface, a front end like the CLI (it reads configs and CSV files through YardstickFormats).
        .target(name: "YardstickC", dependencies: ["Yardstick", "YardstickFormats", "YardstickOffsets", "YardstickTable", "YardstickTemplates", "CYardstickErrors"]),
        .executableTarget(name: "yardstick", dependencies: ["YardstickCommands", "YardstickFormats", "YardstickFonts", "YardstickLayout", "YardstickOffsets", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // Benchmarks: programs that print figures (run in release; see README).
        .executableTarget(name: "TextEngineBenchmark", dependencies: ["YardstickFonts", "YardstickLayout", "YardstickTable", "CHarfBuzz"], path: "Benchmarks/TextEngineBenchmark"),
        .executableTarget(name: "SizingBenchmark", dependencies: ["YardstickFonts", "YardstickLayout", "YardstickTemplates", "YardstickOffsets", "YardstickTable"], path: "Benchmarks/SizingBenchmark"),
        .executableTarget(name: "JSONBenchmark", dependencies: ["YardstickFormats", "YardstickCommands", "YardstickLayout"], path: "Benchmarks/JSONBenchmark"),
        .executableTarget(name: "OffsetsBenchmark", dependencies: ["YardstickOffsets"], path: "Benchmarks/OffsetsBenchmark"),
        // What the benchmarks that run the command share (processes timed, generated tables).
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(name: "ScaleBenchmark", dependencies: ["BenchmarkSupport"], path: "Benchmarks/ScaleBenchmark"),
        .executableTarget(name: "LazyTableBenchmark", dependencies: ["BenchmarkSupport", "YardstickFormats", "YardstickLayout", "YardstickTable"],
                          path: "Benchmarks/LazyTableBenchmark"),
        .executableTarget(name: "ConstraintsBenchmark", dependencies: ["YardstickConstraints"], path: "Benchmarks/ConstraintsBenchmark"),

        // Fuzzing harnesses (`make fuzz` builds them with libFuzzer; `make test` replays Tests/Fuzz).
        .executableTarget(name: "YardstickFuzz", dependencies: ["YardstickFormats", "YardstickCommands", "YardstickFonts", "YardstickLayout", "YardstickOffsets", "YardstickRender", "YardstickTable", "YardstickTemplates"]),

        // Test-only helpers shared by the test targets (a seeded random generator).
        .target(name: "YardstickTestSupport", path: "Tests/YardstickTestSupport"),
        .testTarget(name: "YardstickFontsTests", dependencies: ["YardstickFonts", "CHarfBuzz", "CICU", "CICULocales"]),
        .testTarget(name: "YardstickAnalysisTests", dependencies: ["YardstickAnalysis", "CICU"], resources: [.copy("Resources")]),
        .testTarget(name: "YardstickShapingTests", dependencies: ["YardstickFonts", "YardstickAnalysis", "YardstickShaping", "CHarfBuzz"]),
        .testTarget(name: "YardstickLineBreakingTests", dependencies: ["YardstickShaping", "YardstickLineBreaking"]),
        .testTarget(name: "YardstickLayoutTests", dependencies: ["YardstickFonts", "YardstickShaping", "YardstickLineBreaking", "YardstickLayout", "CHarfBuzz", "YardstickTestSupport"]),
        .testTarget(name: "YardstickTemplatesTests", dependencies: ["YardstickTemplates", "YardstickLayout", "YardstickConstraints", "YardstickTestSupport"]),
        .testTarget(name: "YardstickOffsetsTests", dependencies: ["YardstickOffsets", "YardstickTestSupport"]),
        .testTarget(name: "YardstickFormatsTests", dependencies: ["YardstickFormats", "YardstickLayout", "YardstickOffsets", "YardstickTable", "YardstickTemplates"]),
        .testTarget(name: "YardstickConstraintsTests", dependencies: ["YardstickConstraints", "YardstickTestSupport"]),
        .testTarget(name: "YardstickTableTests", dependencies: ["YardstickFonts", "YardstickShaping", "YardstickLayout", "YardstickTemplates", "YardstickOffsets", "YardstickTable"]),
        .testTarget(name: "YardstickTests", dependencies: ["Yardstick"]),
        .testTarget(name: "YardstickRenderTests", dependencies: ["YardstickRender", "YardstickFonts", "YardstickLayout", "YardstickTable", "YardstickTemplates"]),
        .testTarget(name: "YardstickCommandsTests", dependencies: ["YardstickCommands", "YardstickFormats", "YardstickLayout", "YardstickOffsets", "YardstickTable", "YardstickRender", "CFileCopy",
                                                                "CICULocales"],
                    exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v5]
)
