import YardstickFormats

extension SizingConfig {
    /// A configuration file read and parsed; errors name the file and the path in it.
    package static func read(_ path: String, maxLineBytes: Int) throws -> SizingConfig {
        let bytes = try CommandInput.read(path, maxLineBytes: maxLineBytes)
        return try Result { () throws(ConfigError) in try SizingConfig(json: bytes) }.mapError { CommandError("\(path): \($0)") }.get()
    }

}
