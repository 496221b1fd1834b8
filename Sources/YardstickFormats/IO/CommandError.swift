/// An error a command reports to its user: printed as `yardstick: error: <message>`, exit status 1.
package struct CommandError: Error, CustomStringConvertible, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }

    /// A write to a pipe whose reader has gone (`yardstick … | head`): the CLI exits quietly.
    package static let brokenPipe = CommandError("broken pipe: the reader of the output has gone")
    package var isBrokenPipe: Bool { self == .brokenPipe }
}
