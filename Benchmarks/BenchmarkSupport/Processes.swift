// What the benchmarks that run the `yardstick` command share: a process run to its end (wall
// time and peak memory, as a user's run costs), the generated tables, and how they fail.
import Foundation

/// Prints `message` on standard error and exits with status 1.
public func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

/// Runs a process to its end: wall seconds and peak resident memory (KiB). Its standard output
/// goes to `stdout` (nil: nowhere), its standard error nowhere; a failure ends the benchmark.
@discardableResult
public func run(_ executable: String, _ arguments: [String], stdout: String? = nil) -> (seconds: Double, peakKiB: Int) {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { fail("cannot run \(executable)") }
    posix_spawn_file_actions_destroy(&actions)
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard status == 0 else { fail("\(executable) \(arguments.joined(separator: " ")) failed (status \(status))") }
    return (seconds, usage.ru_maxrss)
}

/// `work`/rows-N.csv: N rows of `Data/generate_rows.py N --notes 20-200` under `root`, made the
/// first time it is asked for.
public func generatedTable(_ n: Int, work: String, root: String) -> String {
    let path = "\(work)/rows-\(n).csv"
    if !FileManager.default.fileExists(atPath: path) {
        print("generating \(path)…")
        run("/usr/bin/python3", [root + "/Data/generate_rows.py", "\(n)", "--notes", "20-200"], stdout: path)
    }
    return path
}
