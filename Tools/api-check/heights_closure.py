#!/usr/bin/env python3
"""The app-side product (YardstickHeights) needs no C library and no Foundation: its targets'
closure, from `swift package describe --type json` on standard input, holds no system library,
no C target and no product of another package, and its sources import only the platform's C
library (Darwin, Glibc, Musl) and the closure's own modules. Exits 1 naming what it found."""
import json
import os
import re
import sys

ALLOWED = {"Darwin", "Glibc", "Musl"}
described = json.load(sys.stdin)
targets = {t["name"]: t for t in described["targets"]}
product = next(p for p in described["products"] if p["name"] == "YardstickHeights")
closure, stack = set(), list(product["targets"])
problems = []
while stack:
    name = stack.pop()
    if name in closure:
        continue
    closure.add(name)
    t = targets[name]
    if t["type"] == "system-target" or t.get("module_type") != "SwiftTarget":
        problems.append(f"{name} is a {t['type']} ({t.get('module_type')}) target")
    if t.get("product_dependencies"):
        problems.append(f"{name} depends on products of other packages: {t['product_dependencies']}")
    stack += t.get("target_dependencies", [])
for name in sorted(closure):
    t = targets[name]
    for source in t["sources"]:
        with open(os.path.join(t["path"], source), encoding="utf-8") as f:
            for module in re.findall(r"^\s*(?:@_exported\s+)?import\s+(?:(?:struct|enum|class|protocol|func|var|typealias)\s+)?(\w+)", f.read(), re.M):
                if module not in ALLOWED and module not in closure:
                    problems.append(f"{name}/{source} imports {module}")
if problems:
    sys.exit("heights-closure: YardstickHeights must build without C libraries or Foundation:\n  " + "\n  ".join(problems))
print(f"heights-closure: YardstickHeights is {', '.join(sorted(closure))}: no system library, no C target, no Foundation")
