#!/usr/bin/env python3
"""Yardstick's constraint solver against kiwisolver (the C++ Cassowary on PyPI), test-only.

1. Agreement: random systems of a cell's kind (required and weighted equalities and
   inequalities between edges, weak stays, two edit variables, rounds of suggestions) are
   solved by both; each solution must satisfy every required constraint, and both must reach
   the same weighted cost (a system may have several optimal solutions, so values can differ).
2. Speed, in the same run: the 20-constraint cell of ConstraintsBenchmark, two suggestions and
   a read per row, in kiwisolver (through its Python binding) and in Yardstick.
3. Ambiguous cells (with --yardstick): random required systems of boxes hung below earlier
   boxes by >= rules, many of them free (an ambiguous layout), sized by `yardstick measure
   --config` as a list cell and by kiwisolver with UIKit's structure (the content view at 0 and
   the cell's width, intrinsic sizes at compression 750 and hugging 250, the height pulled to 0
   at 50): the heights must be equal.

Usage: compare.py YARDSTICK_CONSTRAINTS_BENCHMARK [SYSTEMS] [--yardstick YARDSTICK] (needs `pip install kiwisolver`).
"""
import json, math, random, subprocess, sys, tempfile, time

import kiwisolver as kiwi

WEIGHT = lambda p: 2.0 ** (min(max(p, 1), 999) / 50)  # Constraint.weight in Swift


def make_systems(count, seed=0x5EED):
    rng = random.Random(seed)
    systems = []
    for _ in range(count):
        n = 3 + rng.randrange(6)
        constraints = []
        for _ in range(n + rng.randrange(2 * n)):
            a, b = rng.randrange(n), rng.randrange(n)
            if a == b:
                continue
            constraints.append({"terms": [[a, 1.0], [b, -1.0]], "constant": float(rng.randrange(200) - 100),
                                "op": rng.choice(["==", "<=", ">="]), "priority": float(rng.choice([1000, 1000, 750, 250, 500, 1]))})
        for v in range(n):
            constraints.append({"terms": [[v, 1.0]], "constant": 0.0, "op": "==", "priority": 1.0})
        edits = [[0, 900.0], [1, 900.0]]
        rounds = [[[0, float(rng.randrange(300) - 150)], [1, float(rng.randrange(300) - 150)]] for _ in range(3)]
        systems.append({"variables": n, "constraints": constraints, "edits": edits, "rounds": rounds})
    return systems


def value_of(c, values):
    return c["constant"] + sum(a * values[int(v)] for v, a in c["terms"])


def cost(constraints, values):
    """The weighted cost, or None if a required constraint is violated."""
    total = 0.0
    for c in constraints:
        e = value_of(c, values)
        violation = abs(e) if c["op"] == "==" else max(0.0, e) if c["op"] == "<=" else max(0.0, -e)
        if c["priority"] >= 1000:
            if violation > 1e-6:
                return None
        else:
            total += WEIGHT(c["priority"]) * violation
    return total


def solve_kiwi(system):
    """Per round: the values kiwisolver gives, and which constraints it rejected."""
    vs = [kiwi.Variable("v%d" % i) for i in range(system["variables"])]
    def make(c):
        e = sum(a * vs[int(v)] for v, a in c["terms"]) + c["constant"]
        op = {"==": e == 0, "<=": e <= 0, ">=": e >= 0}[c["op"]]
        return op | ("required" if c["priority"] >= 1000 else WEIGHT(c["priority"]))
    s = kiwi.Solver()
    rejected, accepted = [], []
    for k, c in enumerate(system["constraints"]):
        try:
            s.addConstraint(make(c))
            accepted.append(c)
        except kiwi.UnsatisfiableConstraint:
            # kiwisolver's tableau is not restored after a refusal (later suggestions can then
            # fail inside it), unlike Yardstick's: start again from the constraints it took.
            rejected.append(k)
            s = kiwi.Solver()
            for a in accepted:
                s.addConstraint(make(a))
    for v, p in system["edits"]:
        s.addEditVariable(vs[int(v)], WEIGHT(p))
    out = []
    for rnd in system["rounds"]:
        for v, value in rnd:
            s.suggestValue(vs[int(v)], value)
        s.updateVariables()
        out.append([v.value() for v in vs])
    return out, rejected


def ambiguous_cells(count, seed=0xA4B1):
    """Random box cells: each box placed horizontally by an == rule, below one to three earlier
    boxes (or the top) by >= rules, and inside the content view's bottom."""
    rng = random.Random(seed)
    cells = []
    for _ in range(count):
        n = 2 + rng.randrange(14)
        heights = [5 + rng.randrange(36) for _ in range(n)]
        rules = []
        for i in range(n):
            rules.append("b0.leading == super.leading + 8" if i == 0 else "b%d.leading == b%d.leading + %d" % (i, rng.randrange(i), rng.randrange(21)))
            above = [("super.top", rng.randrange(13))] if i == 0 or rng.randrange(5) == 0 else []
            if i > 0:
                above += [("b%d.bottom" % rng.randrange(i), rng.randrange(17)) for _ in range(1 + rng.randrange(3))]
            rules += ["b%d.top >= %s + %d" % (i, anchor, gap) for anchor, gap in above]
            rules.append("super.bottom >= b%d.bottom + %d" % (i, rng.randrange(9)))
        cells.append({"heights": heights, "rules": rules})
    return cells


def kiwi_cell_height(cell, width=390.0):
    """The cell fitted as systemLayoutSizeFitting fits it, in kiwisolver."""
    vs = {}
    def var(n):
        vs.setdefault(n, kiwi.Variable(n)); return vs[n]
    def anchor(text):
        view, edge = text.split(".")
        return var(view + "." + edge)
    s = kiwi.Solver()
    s.addConstraint(var("super.leading") == 0)
    s.addConstraint(var("super.top") == 0)
    s.addConstraint(var("super.trailing") - var("super.leading") == width)
    s.addConstraint((var("super.bottom") - var("super.top") == 0) | WEIGHT(50))
    for i, h in enumerate(cell["heights"]):
        w_ = var("b%d.trailing" % i) - var("b%d.leading" % i)
        h_ = var("b%d.bottom" % i) - var("b%d.top" % i)
        for size, intrinsic in [(w_, 30), (h_, h)]:
            s.addConstraint(size >= 0)
            s.addConstraint((size >= intrinsic) | WEIGHT(750))
            s.addConstraint((size <= intrinsic) | WEIGHT(250))
    for rule in cell["rules"]:
        left, op, rest = rule.split(" ", 2)
        right, _, constant = rest.partition(" + ")
        e = anchor(left) - anchor(right) - float(constant or 0)
        s.addConstraint(e >= 0 if op == ">=" else e == 0)
    s.updateVariables()
    return var("super.bottom").value()


def compare_ambiguous(yardstick, count=60):
    cells = ambiguous_cells(count)
    agree = warned = 0
    with tempfile.TemporaryDirectory() as tmp:
        data = tmp + "/one.csv"
        with open(data, "w") as f:
            f.write("A\nx\n")
        for k, cell in enumerate(cells):
            views = {"b%d" % i: {"box": {"width": 30, "height": h}} for i, h in enumerate(cell["heights"])}
            config = tmp + "/cell.json"
            with open(config, "w") as f:
                json.dump({"layout": "list", "width": 390, "cell": {"constraints": {"views": views, "rules": cell["rules"]}}}, f)
            run = subprocess.run([yardstick, "measure", data, "--config", config], capture_output=True, text=True)
            if run.returncode != 0:
                print("cell %d: yardstick failed: %s" % (k, run.stderr.strip()))
                continue
            ours = float(run.stdout.splitlines()[1].split(",")[1])
            theirs = kiwi_cell_height(cell)
            warned += "an ambiguous layout" in run.stderr
            if abs(ours - theirs) <= 1e-6:
                agree += 1
            else:
                print("cell %d: height %g here, %g by kiwisolver: %s" % (k, ours, theirs, "; ".join(cell["rules"])))
    print("ambiguous cells: %d of %d heights equal kiwisolver's (%d sized with the ambiguous-layout warning)" % (agree, len(cells), warned))
    return agree == len(cells)


def main():
    args = sys.argv[1:]
    yardstick = None
    if "--yardstick" in args:
        k = args.index("--yardstick")
        yardstick = args[k + 1]
        del args[k:k + 2]
    if not args:
        sys.exit(__doc__)
    binary = args[0]
    count = int(args[1]) if len(args) > 1 else 1000
    systems = make_systems(count)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"systems": systems}, f)
    ours = [json.loads(l) for l in subprocess.run([binary, "--solve", f.name], check=True, capture_output=True, text=True).stdout.splitlines()]
    agree = differ = 0
    worst = 0.0
    for line in ours:
        system = systems[line["system"]]
        theirs, rejected = solve_kiwi(system)
        if rejected != line["rejected"]:
            differ += 1
            print("system %d: rejected %s here, %s by kiwisolver" % (line["system"], line["rejected"], rejected))
            continue
        kept = [c for k, c in enumerate(system["constraints"]) if k not in rejected]
        edits = [{"terms": [[v, 1.0]], "constant": -value, "op": "==", "priority": 900.0} for v, value in system["rounds"][line["round"]]]
        a, b = cost(kept + edits, line["values"]), cost(kept + edits, theirs[line["round"]])
        if a is None or b is None or abs(a - b) > 1e-6 * max(1.0, b):
            differ += 1
            print("system %d round %d: cost %s here, %s by kiwisolver" % (line["system"], line["round"], a, b))
        else:
            agree += 1
            worst = max(worst, abs(a - b))
    print("agreement: %d of %d solutions reach kiwisolver's optimal cost (largest difference %.3g); %d differ" % (agree, agree + differ, worst, differ))

    # Speed: the benchmark's 20-constraint cell.
    ys = subprocess.run([binary, "100000"], check=True, capture_output=True, text=True).stdout
    ours_us = float([l for l in ys.splitlines() if l.startswith("| incremental")][0].split("|")[2])
    vs = {}
    def var(n):
        vs.setdefault(n, kiwi.Variable(n)); return vs[n]
    s = kiwi.Solver()
    def edge(view, e): return var(view + "." + e)
    W = lambda v: edge(v, "trailing") - edge(v, "leading")
    H = lambda v: edge(v, "bottom") - edge(v, "top")
    th, bh = var("title.height"), var("body.height")
    for c in [edge("super", "leading") == 0, edge("super", "top") == 0, edge("super", "trailing") == 390,
              edge("image", "leading") == edge("super", "leading") + 16, edge("image", "trailing") == edge("image", "leading") + 44,
              edge("image", "top") == edge("super", "top") + 8, edge("image", "bottom") == edge("image", "top") + 44,
              edge("title", "leading") == edge("image", "trailing") + 12, edge("title", "trailing") == edge("super", "trailing") - 16,
              edge("title", "top") == edge("super", "top") + 8, H("title") == th,
              edge("body", "leading") == edge("title", "leading"), edge("body", "trailing") == edge("title", "trailing"),
              edge("body", "top") == edge("title", "bottom") + 6, H("body") == bh,
              edge("super", "bottom") >= edge("body", "bottom") + 8, th >= 0, bh >= 0]:
        s.addConstraint(c)
    s.addConstraint((edge("super", "bottom") >= edge("image", "bottom") + 8) | WEIGHT(750))
    s.addConstraint((H("super") == 0) | WEIGHT(50))
    s.addEditVariable(th, WEIGHT(999))
    s.addEditVariable(bh, WEIGHT(999))
    rows = 100000
    best = math.inf
    for _ in range(3):
        t0 = time.perf_counter()
        for r in range(rows):
            s.suggestValue(th, 20.333 + (r % 2) * 20.333)
            s.suggestValue(bh, 22.0 * (1 + r % 5))
            s.updateVariables()
            edge("super", "bottom").value()
        best = min(best, time.perf_counter() - t0)
    kiwi_us = best / rows * 1e6
    print("| 20-constraint cell, 2 suggestions + read per row | µs |")
    print("|---|---:|")
    print("| kiwisolver %s (C++, through Python) | %.3f |" % (kiwi.__version__, kiwi_us))
    print("| Yardstick ConstraintSolver | %.3f |" % ours_us)
    print("ratio: kiwisolver takes %.1fx as long (its Python binding included)" % (kiwi_us / ours_us))
    same = compare_ambiguous(yardstick) if yardstick else True
    sys.exit(1 if differ or not same else 0)


if __name__ == "__main__":
    main()
