/// Reading a command's input: a file, or standard input when the path is nil or "-".
package enum CommandInput {
    /// All bytes of the input. A missing file, a directory, a closed or unreadable standard
    /// input is a `CommandError` naming it. O(size).
    package static func read(_ path: String?) throws(CommandError) -> [UInt8] {
        guard let path, path != "-" else { return try FileDescriptor.standardInput.readAll() }
        let file = try FileDescriptor.open(reading: path)
        defer { file.close() }
        return try file.readAll()
    }
}
