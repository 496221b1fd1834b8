import Testing
import YardstickFormats

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    func failure(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    func failure(_ text: String) -> JSONParseError? { failure(Array(text.utf8)) }

    // MARK: - Accepted input

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" { "a" : [1, -2.5, 3e2, true, false, null, "x"], "b": {}, "c": [] } "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null, .string("x")]),
            "b": .object([:]),
            "c": .array([]),
        ]))
        #expect(value["a"]?.arrayValue?.count == 7)
        #expect(value["missing"] == nil)
    }

    @Test func parsesNumbersExactly() throws {
        #expect(try parse("0") == .number(0))
        #expect(try parse("-0") == .number(-0.0))
        #expect(try parse("12.015625") == .number(12.015625))
        #expect(try parse("0.1") == .number(0.1))
        #expect(try parse("1E-7") == .number(1e-7))
        #expect(try parse("123456789012345") == .number(123_456_789_012_345))
        #expect(try parse("9007199254740993") == .number(9_007_199_254_740_992))   // correctly rounded
        #expect(try parse("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try parse("4.9e-324") == .number(.leastNonzeroMagnitude))
        #expect(try parse("3").exactIntegerValue == 3)
        #expect(try parse("3.5").exactIntegerValue == nil)
        #expect(try parse("1e20").exactIntegerValue == nil)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u2713""#) == .string("é✓"))
        #expect(try parse(#""\uD83D\uDE00!""#) == .string("😀!"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try parse("\"héllo ✓ 😀\"") == .string("héllo ✓ 😀"))
    }

    /// A repeated key is an error at the second one (last-wins would drop a value silently).
    @Test func duplicateKeysAreRefused() throws {
        #expect(throws: JSONParseError.self) { try parse(#"{"a":1,"a":2}"#) }
        do { _ = try parse(#"{"a":1,"b":{"c":1},"a":2}"#); Issue.record("no error") } catch {
            #expect("\(error)".contains("the key \"a\" appears twice in one object at column 20"))
        }
        #expect(try parse(#"{"a":{"a":1},"b":{"a":2}}"#)["b"]?["a"] == .number(2)) // the same key in two objects
    }

    @Test func acceptsAnyByteCollection() throws {
        #expect(try JSONParser.parse(ArraySlice(Array("[1]".utf8))) == .array([.number(1)]))
        #expect(try JSONParser.parse("[1]".utf8) == .array([.number(1)]))
    }

    // MARK: - Rejected input, with columns

    @Test func rejectsMalformedTextWithTheColumn() {
        let cases: [(String, Int, String)] = [
            ("", 1, "empty input"),
            ("   ", 4, "unexpected end"),
            (#"{"a":1} x"#, 9, "after the JSON value"),
            ("[1,]", 4, "expected a value"),
            ("[1 2]", 4, "expected ',' or ']'"),
            (#"{"a" 1}"#, 6, "expected ':'"),
            (#"{a:1}"#, 2, "expected a string key"),
            ("01", 2, "leading zero"),
            ("+1", 1, "expected a value"),
            (".5", 1, "expected a value"),
            ("1.", 3, "digit after '.'"),
            ("1e", 3, "exponent"),
            ("-", 2, "expected a digit"),
            ("NaN", 1, "expected a value"),
            ("tru", 4, "expected 'true'"),
            ("1e400", 1, "number out of range"),
            (#""abc"#, 5, "unterminated string"),
            ("\"a\u{1}b\"", 3, "control character"),
            (#""\x""#, 2, "invalid escape"),
            (#""\u12G4""#, 6, "invalid hex digit"),
            (#""\uD83D""#, 2, "unpaired high surrogate"),
            (#""\uD83D\u0041""#, 2, "not followed by a low surrogate"),
            (#""\uDE00""#, 2, "unpaired low surrogate"),
        ]
        for (text, column, message) in cases {
            let error = failure(text)
            #expect(error?.column == column, "\(text): \(String(describing: error))")
            #expect(error?.message.contains(message) == true, "\(text): \(String(describing: error))")
        }
    }

    @Test func replacesUnpairedSurrogatesWhenAsked() throws {
        let cases: [(String, String, Int)] = [
            (#""\uD83D""#, "\u{FFFD}", 1),
            (#""\uDE00x""#, "\u{FFFD}x", 1),
            (#""\uD83D\u0041""#, "\u{FFFD}A", 1),
            (#""\uD83D\uD83D\uDE00""#, "\u{FFFD}😀", 1),
            (#""\uD83D\uDE00""#, "😀", 0),
        ]
        for (json, text, count) in cases {
            var json = json
            let result = try json.withUTF8 { bytes in
                Result { () throws(JSONParseError) in try JSONParser.parse(bytes, replacingUnpairedSurrogates: true) }
            }.get()
            #expect(result.value == .string(text), "\(json)")
            #expect(result.replacedSurrogates == count, "\(json)")
        }
    }

    @Test func rejectsInvalidUTF8WithTheColumnOfTheBadByte() {
        let quote = UInt8(ascii: "\"")
        let cases: [([UInt8], Int)] = [
            ([quote, 0xFF, quote], 2),                     // never valid
            ([quote, 0x80, quote], 2),                     // stray continuation byte
            ([quote, 0xC0, 0x80, quote], 2),               // overlong NUL
            ([quote, 0xE0, 0x80, 0x80, quote], 3),         // overlong 3-byte form
            ([quote, 0xED, 0xA0, 0x80, quote], 3),         // UTF-16 surrogate encoded in UTF-8
            ([quote, 0xF4, 0x90, 0x80, 0x80, quote], 3),   // above U+10FFFF
            ([quote, 0x61, 0xE2, 0x82, quote], 5),         // truncated sequence
            ([quote, 0xE2, 0x82], 4),                      // truncated at end of input
            ([0xEF, 0xBB, 0xBF, 0x31], 1),                 // a byte-order mark is not JSON
        ]
        for (bytes, column) in cases {
            let error = failure(bytes)
            #expect(error != nil && error?.column == column, "\(bytes): \(String(describing: error))")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(failure(deep)?.message.contains("nesting deeper") == true)
        let fine = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(failure(fine) == nil)
    }

    // MARK: - Writer

    @Test func formatsNumbersForJSON() {
        #expect(JSONWriter.numberText(12) == "12")
        #expect(JSONWriter.numberText(-3) == "-3")
        #expect(JSONWriter.numberText(-0.0) == "0")
        #expect(JSONWriter.numberText(12.015625) == "12.015625")
        #expect(JSONWriter.numberText(0.1) == "0.1")
        #expect(JSONWriter.numberText(1e-7) == "1e-07")
        #expect(JSONWriter.numberText(1e20) == "1e+20")
        #expect(JSONWriter.numberText(4_503_599_627_370_497) == "4503599627370497")
        #expect(JSONWriter.numberText(.nan) == "null")
        #expect(JSONWriter.numberText(-.infinity) == "null")
    }

    @Test func writtenNumbersParseBackToTheSameDouble() throws {
        var state: UInt64 = 12345
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let value = Double(bitPattern: state)
            guard value.isFinite else { continue }
            let text = JSONWriter.numberText(value)
            #expect(try JSONParser.parse(text) == .number(value), "\(value) → \(text)")
            let scaled = Double(Int64(bitPattern: state) >> 20) / 64
            #expect(try JSONParser.parse(JSONWriter.numberText(scaled)) == .number(scaled))
        }
    }

    @Test func writtenValuesParseBack() throws {
        let value = JSONValue.object([
            "text": .string("quote \" backslash \\ newline \n tab \t bell \u{7} nul \u{0} é 😀"),
            "list": .array([.null, .bool(true), .number(1.5), .array([])]),
            "nested": .object(["z": .number(-2), "a": .object([:])]),
        ])
        let text = value.jsonText
        #expect(try JSONParser.parse(text) == value)
        #expect(text.hasPrefix(#"{"list":"#))    // keys sorted
        #expect(!text.contains("\n"))
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.writeInteger(1)
        writer.writeNull()
        writer.endArray()
        writer.key("b")
        writer.writeNumber(2.25)
        writer.endObject()
        #expect(writer.text == #"{"a":[1,null],"b":2.25}"#)
    }
}

/// `parseMembers`, the record reader of `layout`, against the whole-value parser: the same
/// values for the keys asked, the same errors (message and column) for everything else.
@Suite struct JSONParserMembersTests {
    static let cases: [String] = [
        #"{"text": "Hello", "width": 250}"#, #"{"width": 1e2, "text": "\u00e9\ud83d\ude00 ok"}"#, #"{}"#, #"{"other": [1, {"a": null}], "text": "x"}"#,
        #"["text"]"#, #""text""#, #"12"#, #"null"#, #"{"text": "a", "text": "b"}"#, #"{"text": "a",}"#, #"{"text" "a"}"#,
        #"{"text": "a"} x"#, #"{"text": "\ud800 lone"}"#, #"{"t\u0065xt": "escaped key"}"#, "{\"text\": \"tab\traw\"}",
        #"{"width": 01}"#, #"{"text": "é ü 中文 ✅"}"#, #"{"text": "cut"#, #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"a":18}"#,
        "", "  ", #"{"text": "a"}"# + "\u{0}",
        // Keys the byte comparison must leave to the string one: repeated through an escape, as
        // canonically equivalent text (Kelvin sign and K, precomposed and combining é), or past 16.
        #"{"text": "a", "te\u0078t": "b"}"#, "{\"K\": 1, \"\u{212A}\": 2, \"text\": \"k\"}", "{\"\u{E9}\": 1, \"e\u{301}\": 2}",
        "{\"\u{E9}\": 1, \"text\": \"only once\"}",
        #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"text":"17th","width":18}"#,
        #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"text":"16th","text":"again"}"#,
    ]

    func whole(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
        bytes.withUnsafeBufferPointer { b in Result { () throws(JSONParseError) in try JSONParser.parse(b, replacingUnpairedSurrogates: true).value } }
    }

    /// The members' values, with and without the caller vouching for the UTF-8 (when it is valid).
    func members(_ bytes: [UInt8]) -> Result<[JSONValue?]?, JSONParseError> {
        bytes.withUnsafeBufferPointer { b in
            let read = { (checked: Bool) in
                Result { () throws(JSONParseError) in
                    try JSONParser.parseMembers(b, keys: ["text", "width"], replacingUnpairedSurrogates: true, validUTF8: checked).values?.map { $0?.value(in: b) }
                }
            }
            let unchecked = read(false)
            if String(validating: bytes, as: UTF8.self) != nil {
                let checked = read(true)
                #expect("\(checked)" == "\(unchecked)", "validUTF8 changes the result")
            }
            return unchecked
        }
    }

    @Test(arguments: cases) func agreesWithTheWholeParser(_ text: String) {
        let bytes = Array(text.utf8)
        switch (whole(bytes), members(bytes)) {
        case (.success(let value), .success(let values)):
            if case .object(let object) = value {
                #expect(values?[0] == object["text"])
                #expect(values?[1] == object["width"])
            } else {
                #expect(values == nil)
            }
        case (.failure(let a), .failure(let b)):
            #expect(a.message == b.message)
            #expect(a.column == b.column)
        case (let a, let b):
            Issue.record("whole: \(a), members: \(b)")
        }
    }

    /// Invalid UTF-8 inside strings is refused at the same byte.
    @Test func invalidUTF8AtTheSameColumn() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] {
            let bytes = Array(#"{"text": "ab"#.utf8) + bad + Array(#"cd"}"#.utf8)
            guard case .failure(let a) = whole(bytes), case .failure(let b) = members(bytes) else {
                Issue.record("accepted \(bad)")
                continue
            }
            #expect(a.message == b.message && a.column == b.column)
        }
    }

    /// Reading into the same values again leaves nothing of the record before.
    @Test func valuesAreResetForEachRecord() throws {
        var values: [JSONMember?] = [nil, nil]
        for (text, expected) in [(#"{"text": "a", "width": 3}"#, [JSONValue.string("a"), .number(3)]),
                                 (#"{"text": "b"}"#, [.string("b"), nil]), (#"{"w\u0069dth": 5}"#, [nil, .number(5)]),
                                 ("[1]", [nil, nil])] as [(String, [JSONValue?])] {
            let bytes = Array(text.utf8)
            let isObject = try bytes.withUnsafeBufferPointer { b in
                let result = try JSONParser.parseMembers(b, keys: ["text", "width"], into: &values, replacingUnpairedSurrogates: false)
                #expect(values.map { $0?.value(in: b) } == expected, "\(text)")
                return result.isObject
            }
            #expect(isObject == text.hasPrefix("{"))
        }
    }

    /// A name asked for that is not ASCII matches as a string does (canonical equivalence).
    @Test func namesThatAreNotASCIIMatchAsStrings() throws {
        let bytes = Array("{\"e\u{301}\": 1, \"K\": 2}".utf8)
        let values = try bytes.withUnsafeBufferPointer { b in
            try JSONParser.parseMembers(b, keys: ["\u{E9}", "\u{212A}"], replacingUnpairedSurrogates: false).values?.map { $0?.value(in: b) }
        }
        #expect(values == [.number(1), .number(2)])
    }

    /// A string without escapes comes back as the place of its bytes; an escaped one as a value.
    @Test func plainStringsAreSpans() throws {
        let bytes = Array(#"{"text": "héllo", "width": "a\u0062"}"#.utf8)
        let values = try bytes.withUnsafeBufferPointer { b in
            try JSONParser.parseMembers(b, keys: ["text", "width"], replacingUnpairedSurrogates: false).values
        }
        #expect(values?[0] == .bytes(10..<16))
        #expect(values?[1] == .value(.string("ab")))
    }

    /// Strings are scanned eight bytes at a time: a quote, a backslash, a control character or
    /// a bad byte is found at every offset, in both parsers, with and without checked UTF-8.
    @Test func everyOffsetOfTheWordScan() {
        for k in 0..<24 {
            let before = String(repeating: "a", count: k)
            for (inner, expected) in [("\\n", "\n"), ("\\\"", "\""), ("é", "é"), ("中", "中"), ("", "")] {
                let text = "{\"text\": \"\(before)\(inner)xyzxyzxyzxyz\"}"
                guard case .success(.object(let o)) = whole(Array(text.utf8)) else { Issue.record("\(text)"); continue }
                #expect(o["text"] == .string(before + expected + "xyzxyzxyzxyz"))
                guard case .success(let values?) = members(Array(text.utf8)) else { Issue.record("members \(text)"); continue }
                #expect(values[0] == .string(before + expected + "xyzxyzxyzxyz"))
            }
            for bad: [UInt8] in [[0x09], [0x1F], [0xFF], [0xC3, 0x28]] {
                let bytes = Array("{\"text\": \"\(before)".utf8) + bad + Array("xyzxyzxyzxyz\"}".utf8)
                guard case .failure(let a) = whole(bytes), case .failure(let b) = members(bytes) else { Issue.record("accepted \(bad) at \(k)"); continue }
                #expect(a.message == b.message && a.column == b.column)
                #expect(a.column == 11 + k + (bad.count == 2 ? 1 : 0))
            }
        }
    }
}
