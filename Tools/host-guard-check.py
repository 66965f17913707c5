#!/usr/bin/env python3
"""Fails when a source file imports a module that exists only with the `Host` trait, outside `#if Host`.

Without the trait (`swift build`, `swift test`, a package that adds the library), the root
package resolves none of the host's packages, and the targets that use them compile to nothing.
A file that imports one of those modules outside `#if Host` breaks that build. This check reads
the root manifest (`swift package dump-package`) and finds, in seconds, what building the root
without the trait would find in minutes:

- the host-only modules: every product a target depends on only `.when(traits: ["Host"])`, and
  every target that depends, directly or through other targets, on one of those;
- every `import` of a host-only module, in every target's sources, that is not inside an
  `#if Host` block (docs/architecture.md, "The host behind a trait").

Usage: python3 Tools/host-guard-check.py
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAIT = "Host"
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|package\s+|internal\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)


def manifest():
    output = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(output)


def trait_condition(value):
    """Whether a dependency (`["MCP", "swift-sdk", null, {"traits": ["Host"]}]`) needs the trait."""
    return any(isinstance(part, dict) and TRAIT in (part.get("traits") or []) for part in value[1:])


def host_only_modules(package):
    """The modules that exist, or have any content, only when the trait is enabled: the products
    depended on only with the trait, the targets that depend on one (their sources are guarded),
    and every target that depends on those."""
    host_only = set()
    dependents = {}
    frontier = []
    for target in package["targets"]:
        for value in (value for dependency in target["dependencies"] for value in dependency.values()):
            dependents.setdefault(value[0], set()).add(target["name"])
            if trait_condition(value):
                host_only.add(value[0])
                frontier.append(target["name"])
    while frontier:
        name = frontier.pop()
        if name not in host_only:
            host_only.add(name)
            frontier.extend(dependents.get(name, ()))
    return host_only


def unguarded_imports(path, host_only):
    """The lines of `path` that import a host-only module outside `#if Host`."""
    found = []
    # One entry per open `#if`: whether the branch being read is guarded by the trait.
    stack = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, start=1):
            stripped = line.strip()
            if stripped.startswith("#if "):
                stack.append(stripped[4:].strip() == TRAIT)
            elif stripped.startswith("#elseif") or stripped.startswith("#else"):
                if stack:
                    stack[-1] = False
            elif stripped.startswith("#endif"):
                if stack:
                    stack.pop()
            else:
                match = IMPORT.match(line)
                if match and match.group(1) in host_only and not any(stack):
                    found.append((number, stripped, match.group(1)))
    return found


def main():
    package = manifest()
    host_only = host_only_modules(package)
    failures = []
    for target in package["targets"]:
        directory = target.get("path") or os.path.join(
            "Tests" if target["type"] == "test" else "Sources", target["name"]
        )
        for folder, _, files in os.walk(os.path.join(ROOT, directory)):
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(folder, name)
                    for number, line, module in unguarded_imports(path, host_only):
                        failures.append(f"{os.path.relpath(path, ROOT)}:{number}: {line}")
    if failures:
        print(
            f"These files import a module that exists only with the `{TRAIT}` trait, outside "
            f"`#if {TRAIT}`: the root fails to build without the trait (`swift build`, a package "
            f"that adds the library). Put the import, and the code that uses it, inside "
            f"`#if {TRAIT}` … `#endif`:"
        )
        print("\n".join(failures))
        return 1
    print(f"host guard: every import of {len(host_only)} host-only modules is inside `#if {TRAIT}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
