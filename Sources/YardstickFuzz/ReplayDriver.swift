#if !FUZZING
import Foundation

/// Without libFuzzer: `YardstickFuzz HARNESS FILE|FOLDER...` runs the harness once on each file
/// (the seed corpus and every crash kept, Tests/Fuzz/HARNESS): the regression run `make test`
/// does. `make fuzz` builds this target with libFuzzer instead (Entry.swift).
@main
enum ReplayDriver {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let harness = Harness(rawValue: name) else {
            fputs("usage: YardstickFuzz \(Harness.allCases.map(\.rawValue).joined(separator: "|")) FILE|FOLDER...\n", stderr)
            exit(2)
        }
        var files: [String] = []
        for path in arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fputs("no such file: \(path)\n", stderr); exit(1) }
            if isFolder.boolValue {
                files += try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { fputs("cannot read \(file)\n", stderr); exit(1) }
            harness.run(Array(data))
        }
        print("\(harness.rawValue): \(files.count) input(s) run, no crash")
    }
}
#endif
