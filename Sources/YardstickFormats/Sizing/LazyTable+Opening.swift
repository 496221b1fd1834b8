import YardstickLayout
import YardstickTable

extension LazyTable {
    /// A config's JSON for a table sized with an engine made elsewhere (the C interface): the
    /// engine's fonts and rules stand, so a config may not ask for others.
    /// - Throws: `ConfigError` with the JSON path of what is wrong.
    package static func sizing(json: [UInt8], engine: TextEngine) throws(ConfigError) -> SizingConfig {
        let sizing = try SizingConfig(json: json)
        if let profile = sizing.profile, profile != .standard {
            throw ConfigError(path: "profile", message: "\"\(profile.rawValue)\" needs an engine made for it; this engine measures for the default profile")
        }
        if let rule = sizing.sizingRule, rule != engine.rules.sizingRule {
            throw ConfigError(path: "sizingRule", message: "\"\(rule.rawValue)\" differs from the engine's \"\(engine.rules.sizingRule.rawValue)\"")
        }
        return sizing
    }

    /// A CSV file's table as `sizing` says: read as needed (`CSVFileIndex`), or, for a config
    /// that needs every row first (`needsEveryRow`), read whole and held.
    /// - Throws: `ConfigError`, `SizingError`, `CommandError` (the file).
    package static func open(csvPath: String, sizing: SizingConfig, engine: TextEngine, threads: Int,
                             maxFieldBytes: Int = InputLimits.lineBytes) throws -> LazyTable {
        guard needsEveryRow(sizing) else {
            let index = try CSVFileIndex(path: csvPath, maxFieldBytes: maxFieldBytes)
            return try LazyTable(.file(index), columns: index.columns, sizing: sizing, engine: engine, threads: threads)
        }
        let (data, _, _, _) = try SizingJob.table(csv: try CommandInput.read(csvPath, maxLineBytes: maxFieldBytes), maxFieldBytes: maxFieldBytes)
        return LazyTable(holding: try SizingJob(config: sizing, format: .csv, threads: threads).layout(data, engine: engine), columns: data.columns)
    }
}
