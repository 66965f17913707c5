#!/usr/bin/env python3
"""The CHANGELOG side of Tools/api-check.sh.

  python3 Tools/lib/api_check.py last-version CHANGELOG.md
      prints the newest version CHANGELOG.md names (its first "## 1.2.3 — date" heading).
  python3 Tools/lib/api_check.py check CHANGELOG.md BREAKS
      reads swift-api-digester's `-diagnose-sdk` output (BREAKS, one "==> Module" line before each
      module's) and fails unless every break is listed in the "Unreleased" section.

A break is listed when a bullet of "Unreleased" under "### Changed" or "### Removed" names its
symbol in backticks and says how to migrate ("*Migration:*"). The symbol is the declaration's own
name, without its parameters: `when` for `Func Interactor.when(stateIs:actionIs:…)`, `keyPath`
for `Var BindingAction.keyPath`; for an initializer or a subscript, its type's name
(`BuildViewState` for `Constructor BuildViewState.init(_:)`). A bullet may name several. When a
type's generic signature changes, each of its members reports that change too: those reports are
listed with the type.
"""

import re
import sys

VERSION_HEADING = re.compile(r"^## \[?(\d+\.\d+\.\d+)\]?")
# "Func Interactor.when(stateIs:…) has generic signature change from …": the kind, then the name.
BREAK = re.compile(r"^(?P<kind>[A-Z][A-Za-z]*) (?P<name>[^ (]+(?:\([^)]*\))?)")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
TYPE_KINDS = {"Class", "Struct", "Enum", "Protocol"}


def last_version(changelog):
    for line in changelog.splitlines():
        match = VERSION_HEADING.match(line)
        if match:
            return match.group(1)
    sys.exit("error: CHANGELOG.md names no version (a heading like '## 0.1.0 — 2026-12-04')")


def unreleased_bullets(changelog):
    """The bullets of "Unreleased" under "Changed" or "Removed", each as one string."""
    bullets, section, subsection, current = [], None, None, None
    for line in changelog.splitlines():
        if line.startswith("## "):
            section = "unreleased" if line[3:].strip().lower().startswith("unreleased") else "other"
            subsection, current = None, None
        elif line.startswith("### "):
            subsection, current = line[4:].strip().lower(), None
        elif section == "unreleased" and subsection in ("changed", "removed"):
            if line.startswith("- "):
                current = [line[2:]]
                bullets.append(current)
            elif line.startswith("  ") and current is not None:
                current.append(line.strip())
            elif not line.strip():
                current = None
    return [" ".join(bullet) for bullet in bullets]


def symbol(name):
    """The name a changelog uses for the declaration a break names."""
    base = name.split("(")[0]
    parts = base.split(".")
    # An accessor is named after its property or subscript: `BindingAction.keyPath.Get()`.
    if parts[-1] in ("Get", "Set", "Modify", "Read", "WillSet", "DidSet") and len(parts) > 1:
        parts = parts[:-1]
    if parts[-1] in ("init", "subscript") and len(parts) > 1:
        return parts[-2]
    return parts[-1]


def enclosing_type(name):
    """The type a member belongs to (`ChildViewModel` for `ChildViewModel.hash(into:)`), or None."""
    parts = name.split("(")[0].split(".")
    return parts[0] if len(parts) > 1 else None


def breaks(text):
    """`(module, line, symbol, type)` for every break in swift-api-digester's output; `type` is the
    member's type when the break is only that type's generic signature change, seen by a member."""
    found = []
    module = None
    for line in text.splitlines():
        if line.startswith("==> "):
            module = line[4:].strip()
        elif line.strip() and not line.startswith("/*"):
            match = BREAK.match(line)
            if not match:
                sys.exit(f"error: swift-api-digester printed a line this check cannot read: {line}")
            found.append((module, line, match.group("kind"), match.group("name")))
    # A type whose generic signature changed: each of its members reports the same change.
    changed_types = {
        name for _, line, kind, name in found if kind in TYPE_KINDS and "has generic signature change" in line
    }
    for module, line, kind, name in found:
        parent = enclosing_type(name)
        inherited = parent in changed_types and "has generic signature change" in line
        yield module, line, symbol(name), parent if inherited else None


def check(changelog, text):
    bullets = unreleased_bullets(changelog)
    named = {}
    for bullet in bullets:
        migrates = "migration" in bullet.lower()
        for span in re.findall(r"`([^`]+)`", bullet):
            for identifier in IDENTIFIER.findall(span):
                named[identifier] = named.get(identifier, False) or migrates
    found = []
    for module, line, name, parent in breaks(text):
        # A member's share of its type's generic signature change is listed with the type.
        found.append((module, line, parent if parent in named and name not in named else name))
    missing = [(module, line, name) for module, line, name in found if name not in named]
    unmigrated = [(module, line, name) for module, line, name in found if named.get(name) is False]
    for module, line, name in missing:
        print(f"{module}: `{name}` is not in CHANGELOG.md's Unreleased (Changed or Removed): {line}")
    for module, line, name in unmigrated:
        print(f"{module}: `{name}` is listed, but its bullet says no *Migration:*: {line}")
    if missing or unmigrated:
        print(
            f"\n{len(missing) + len(unmigrated)} of {len(found)} API breaks are not listed. A change that "
            "breaks code written against the last version is listed in CHANGELOG.md, under "
            "## Unreleased, ### Changed (or ### Removed), in a bullet that names the symbol in "
            "backticks and says how to migrate (*Migration:* …). A rename keeps the old name, "
            "deprecated: @available(*, deprecated, renamed: \"newName\")."
        )
        return 1
    print(f"api check: {len(found)} API breaks since the last version, each listed in CHANGELOG.md")
    return 0


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "last-version":
        print(last_version(open(arguments[1], encoding="utf-8").read()))
        return 0
    if len(arguments) == 3 and arguments[0] == "check":
        changelog = open(arguments[1], encoding="utf-8").read()
        return check(changelog, open(arguments[2], encoding="utf-8").read())
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
