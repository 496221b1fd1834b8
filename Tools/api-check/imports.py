#!/usr/bin/env python3
"""Every target declares each module its sources import (Package.swift): a module knows only
what lies below it, and says so. Exits 1 naming the undeclared imports."""
import glob, re, sys

package = open("Package.swift").read()
system = {"Foundation", "FoundationEssentials", "XCTest", "Testing", "Glibc", "Darwin", "Musl", "Synchronization", "Dispatch"}
undeclared = []
for m in re.finditer(r'\.(target|executableTarget|testTarget)\(name: "(\w+)"(.*?)\)(?:,\n|\n)', package, re.S):
    kind, name, rest = m.groups()
    deps = set(re.findall(r'"(\w+)"', rest.split("path:")[0])) if "dependencies" in rest else set()
    deps |= set(re.findall(r'\.product\(name: "(\w+)"', rest))
    path = re.search(r'path: "([^"]+)"', rest)
    folder = path.group(1) if path else ("Tests/" if kind == "testTarget" else "Sources/") + name
    imports = set()
    for source in glob.glob(folder + "/**/*.swift", recursive=True):
        for line in open(source, encoding="utf-8"):
            found = re.match(r"\s*(?:@\w+ )*import (?:(?:struct|class|enum|protocol|func|var|let|typealias) )?(\w+)", line)
            if found:
                imports.add(found.group(1))
    missing = sorted(imports - deps - system - {name})
    if missing:
        undeclared.append(f"{name} imports {', '.join(missing)} without declaring it")
if undeclared:
    print("api-check: undeclared imports:\n  " + "\n  ".join(undeclared))
    sys.exit(1)
