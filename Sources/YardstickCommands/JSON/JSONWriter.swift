/// Formats values for the JSON-Lines outputs.
public enum JSONWriter {
    /// A finite number: integral values as integers (`12`), others in the shortest form that
    /// reads back to the same Double (`12.015625`). Non-finite values (never produced by the
    /// engine) are written as `null` so the output stays JSON.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A number rounded to `places` decimals first (the layout outputs use 1/1000 pt).
    public static func number(_ value: Double, places: Int) -> String {
        var p = 1.0
        for _ in 0..<places { p *= 10 }
        return number((value * p).rounded() / p)
    }

    /// A JSON string literal with the characters JSON requires escaped.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
