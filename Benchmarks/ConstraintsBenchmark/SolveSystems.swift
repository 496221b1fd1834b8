import Foundation
import YardstickConstraints

/// `ConstraintsBenchmark --solve SYSTEMS.json`: solves the systems of Tools/kiwi-reference's
/// comparison and prints, per system and round of suggestions, every variable's value (one JSON
/// line each), so an independent solver can be checked against this one on the same systems.
/// A system: {"variables": N, "constraints": [{"terms": [[v, a], …], "constant": c, "op": "==",
/// "priority": p}], "edits": [[v, priority], …], "rounds": [[[v, value], …], …]}.
func solveSystems(_ path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any], let systems = root["systems"] as? [[String: Any]] else {
        throw NSError(domain: "ConstraintsBenchmark", code: 1, userInfo: [NSLocalizedDescriptionKey: "expected {\"systems\": [...]}"])
    }
    var out = ""
    for (s, system) in systems.enumerated() {
        let n = system["variables"] as! Int
        let vars = (0..<n).map { Variable(id: $0, name: "v\($0)") }
        var solver = ConstraintSolver()
        var rejected: [Int] = []
        for (k, c) in (system["constraints"] as! [[String: Any]]).enumerated() {
            let terms = (c["terms"] as! [[Double]]).map { (vars[Int($0[0])], $0[1]) }
            let relation: Relation = ["==": .equal, "<=": .lessOrEqual, ">=": .greaterOrEqual][c["op"] as! String]!
            let constraint = Constraint(LinearExpression(terms, constant: c["constant"] as! Double), relation,
                                        priority: c["priority"] as! Double, label: "c\(k)")
            if (try? solver.add(constraint)) == nil { rejected.append(k) }
        }
        for e in system["edits"] as! [[Double]] { try solver.addEditVariable(vars[Int(e[0])], priority: e[1]) }
        for (r, round) in (system["rounds"] as! [[[Double]]]).enumerated() {
            for sv in round { try solver.suggest(sv[1], for: vars[Int(sv[0])]) }
            let values = vars.map { String(solver.value(of: $0)) }.joined(separator: ",")
            out += "{\"system\":\(s),\"round\":\(r),\"rejected\":\(rejected),\"values\":[\(values)]}\n"
        }
    }
    FileHandle.standardOutput.write(Data(out.utf8))
}
