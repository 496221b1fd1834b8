#if FUZZING
import Foundation

/// libFuzzer's entry points (built with `make fuzz`: `-sanitize=fuzzer,address -parse-as-library
/// -D FUZZING`); the harness is named by `YARDSTICK_FUZZ`.
nonisolated(unsafe) var harness = Harness.jsonLines

@_cdecl("LLVMFuzzerInitialize")
func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    guard let name = ProcessInfo.processInfo.environment["YARDSTICK_FUZZ"], let chosen = Harness(rawValue: name) else {
        fputs("YARDSTICK_FUZZ must name a harness: \(Harness.allCases.map(\.rawValue).joined(separator: ", "))\n", stderr)
        exit(2)
    }
    harness = chosen
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    harness.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#endif
