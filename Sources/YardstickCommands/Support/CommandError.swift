/// An error a command reports to its user: printed as `yardstick: error: <message>`, exit status 1.
public struct CommandError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
