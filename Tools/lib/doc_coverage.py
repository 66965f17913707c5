#!/usr/bin/env python3
"""The counting side of Tools/doc-coverage.sh.

  python3 Tools/lib/doc_coverage.py FOLDER...
      reads the symbol graphs swift-symbolgraph-extract wrote into each FOLDER (one module's
      symbols, and its extensions of other modules' types), prints documented / public for each
      module and in all, lists every public symbol without a summary (its doc comment's first
      line), and fails if there is one.

Counted: every public symbol of the library's modules, underscored ones included (they are public,
and say what they are for). Not counted, as DocC shows them with the documentation they inherit:
members that the compiler synthesizes from a protocol's default implementation
(`::SYNTHESIZED::`), and members that implement a protocol requirement or come from a protocol
extension (a `memberOf` relationship with a `sourceOrigin`) without a doc comment of their own.
SPI (`@_spi`) is not extracted: it is not the library's API.
"""

import glob
import json
import os
import sys


def summary(symbol):
    lines = (symbol.get("docComment") or {}).get("lines") or []
    return next((line["text"].strip() for line in lines if line["text"].strip()), "")


def coverage(folder):
    documented, public, missing = 0, 0, []
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        graph = json.load(open(path, encoding="utf-8"))
        module = graph["module"]["name"]
        inherited = {
            relationship["source"]
            for relationship in graph["relationships"]
            if relationship["kind"] == "memberOf" and relationship.get("sourceOrigin")
        }
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise:
                continue
            text = summary(symbol)
            if not text and precise in inherited:
                continue
            public += 1
            if text:
                documented += 1
            else:
                location = symbol.get("location") or {}
                where = location.get("uri", "").replace("file://", "")
                line = (location.get("position") or {}).get("line")
                where = f"{os.path.relpath(where)}:{line + 1}" if where and line is not None else module
                missing.append(f"{where}: {symbol['kind']['displayName'].lower()} {'.'.join(symbol['pathComponents'])}")
    return documented, public, missing


def main(arguments):
    if not arguments:
        sys.exit(__doc__)
    documented, public, missing = 0, 0, []
    for folder in arguments:
        counts = coverage(folder)
        print(f"==> {os.path.basename(folder.rstrip('/'))}: {counts[0]} of {counts[1]} public symbols have a summary")
        documented, public, missing = documented + counts[0], public + counts[1], missing + counts[2]
    for line in sorted(set(missing)):
        print(line)
    print(f"documentation: {documented} of {public} public symbols have a summary")
    if missing:
        print(
            f"{public - documented} public symbols have no doc comment: write one above each "
            "(`/// What it is or does.`), or make the symbol internal."
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
