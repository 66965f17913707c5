#!/usr/bin/env python3
"""Writes the compile-time benchmark's app: a package that depends on this repository by path and
holds one module per shape (as an app keeps its features in modules of their own), each of one
file, written the way the README and the guides write features, and an executable that runs them.

    python3 Tools/compile-bench/generate.py OUT [SHAPE ...]

A shape is one of
    root:S,O,L,K     a root with S stored children (`when` on a key path), O optional children
                     (`when` on an optional), L lists (`forEach` over an `IdentifiedArray`) and a
                     stack (`forEach` over a `StackState`) of an `@Interactor` enum of K screens
    rich:S,O         the same root (one list, a stack of 4) with bindings, `onChange`, `Debounce`
                     and `.dependency` on some of its children
    screens:K        an `@Interactor` enum of K screens
    destinations:K   an `@Interactor` enum of K destinations, every third an alert or a
                     confirmation dialog
    nested:N         rows whose rows have rows, N levels of `forEach`
    recursive        a feature whose rows are the feature itself

With COMPILE_BENCH_SETTINGS=main-actor-5 or main-actor-6 in the environment, every module of the
app is compiled in a new app project's settings (docs/new-projects.md): default actor isolation
`MainActor`, in Swift 5 mode, or in Swift 6 mode with `NonisolatedNonsendingByDefault` and
`InferIsolatedConformances`.

Each shape's module and types carry a name of their own (module `R12x8x2x30`, types
`R12x8x2x30_...`), and each shape has a check (`PREFIX_check()`, called from the app's
`main.swift`) that sends an action to a child, a row and a screen and fails (exit 1) if the state
is not what the action made it.
"""

import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def child(prefix, name, identifiable=False, bindable=False):
  """A small feature: five actions (one of them a `.perform`), in the idiom of the README."""
  state = f"{prefix}{name}State"
  action = f"{prefix}{name}Action"
  ident = ", Identifiable" if identifiable else ""
  binding_case = f"\n  case binding(BindingAction<{state}>)" if bindable else ""
  # In an extension, as docs/new-projects.md says: declared in the enum's own declaration, a
  # protocol that refines `Sendable` makes the enum nonisolated in a module whose default
  # isolation is `MainActor`, and `@CasePathable`'s expansion is then refused.
  bindable_action = f"\nextension {action}: BindableAction {{}}\n" if bindable else ""
  binding_handler = "\n      case .binding: return .state" if bindable else ""
  binding_child = "\n    BindingInteractor()" if bindable else ""
  bindable_state = (
    f"""
extension {state}: BindableState {{
  static let bindableFields: BindableFields<Self> = [.field("name", \\.name)]
}}
"""
    if bindable
    else ""
  )
  return f"""
struct {state}: Equatable, Sendable{ident} {{
  var id = 0
  var count = 0
  var name = ""
}}
{bindable_state}
@CasePathable
enum {action}: Equatable, Sendable {{
  case increment
  case decrement
  case rename(String)
  case reset
  case load{binding_case}
}}
{bindable_action}
@Interactor<{state}, {action}>
struct {prefix}{name}: Sendable {{
  var body: some InteractorOf<Self> {{{binding_child}
    Interact(initialValue: {state}()) {{ state, action in
      switch action {{
      case .increment:
        state.count += 1
        return .state
      case .decrement:
        state.count -= 1
        return .state
      case .rename(let name):
        state.name = name
        return .state
      case .reset:
        state = {state}(id: state.id)
        return .state
      case .load:
        return .perform {{ _, send in
          await send {{ $0.count += 10 }}
        }}{binding_handler}
      }}
    }}
  }}
}}
"""


def screen_enum(prefix, name, count, buttons=False):
  """An `@Interactor` enum of `count` screens, each a small feature of its own; with `buttons`,
  every third case is an alert or a confirmation dialog."""
  out = []
  cases = []
  for i in range(1, count + 1):
    if buttons and i % 3 == 0:
      kind = "AlertState" if i % 6 == 0 else "ConfirmationDialogState"
      out.append(f"\nenum {prefix}Button{i}: Equatable, Sendable {{ case confirm, cancel }}\n")
      cases.append(f"  case b{i}({kind}<{prefix}Button{i}>)")
    else:
      out.append(child(prefix, f"Screen{i}"))
      cases.append(f"  case s{i}({prefix}Screen{i})")
  out.append(f"\n@Interactor\nenum {prefix}{name} {{\n" + "\n".join(cases) + "\n}\n")
  return "".join(out)


def header():
  return "import UnoArchitecture\n"


def root(prefix, stored, optional, lists, screens, rich=False):
  out = [header()]
  for i in range(1, stored + 1):
    out.append(child(prefix, f"Stored{i}", bindable=rich and i % 2 == 0))
  for i in range(1, optional + 1):
    out.append(child(prefix, f"Optional{i}"))
  for i in range(1, lists + 1):
    out.append(child(prefix, f"Row{i}", identifiable=True))
  if screens:
    out.append(screen_enum(prefix, "Path", screens))
  fields = []
  actions = []
  for i in range(1, stored + 1):
    fields.append(f"  var stored{i} = {prefix}Stored{i}State()")
    actions.append(f"  case stored{i}({prefix}Stored{i}Action)")
  for i in range(1, optional + 1):
    fields.append(f"  var optional{i}: {prefix}Optional{i}State?")
    actions.append(f"  case optional{i}({prefix}Optional{i}Action)")
  for i in range(1, lists + 1):
    fields.append(f"  var rows{i}: IdentifiedArrayOf<{prefix}Row{i}State> = []")
    actions.append(f"  case rows{i}(IdentifiedAction<Int, {prefix}Row{i}Action>)")
  if screens:
    fields.append(f"  var path = StackState<{prefix}Path.State>()")
    actions.append(f"  case path(StackAction<{prefix}Path.State, {prefix}Path.Action>)")
  if rich:
    fields.append("  var changes = 0")
  actions += ["  case present", "  case addRow", "  case dismiss"]
  out.append(f"\nstruct {prefix}RootState: Sendable {{\n" + "\n".join(fields) + "\n}\n")
  out.append(f"\n@CasePathable\nenum {prefix}RootAction: Sendable {{\n" + "\n".join(actions) + "\n}\n")
  present = "".join(f"\n        state.optional{i} = {prefix}Optional{i}State()" for i in range(1, optional + 1))
  dismiss = "".join(f"\n        state.optional{i} = nil" for i in range(1, optional + 1))
  add = "".join(
    f"\n        state.rows{i}.append({prefix}Row{i}State(id: state.rows{i}.count))" for i in range(1, lists + 1)
  )
  chain = []
  for i in range(1, stored + 1):
    body = f"{prefix}Stored{i}()"
    if rich and i % 3 == 1:
      body = f"{prefix}Stored{i}().dependency(\\.uuid, .incrementing)"
    elif rich and i % 3 == 2:
      body = f"Debounce(for: .milliseconds(300)) {{ {prefix}Stored{i}() }}"
    chain.append(f"    .when(stateIs: \\.stored{i}, actionIs: \\.stored{i}) {{ {body} }}")
    if rich and i % 4 == 0:
      chain.append(
        f"    .onChange(of: \\.stored{i}.count) {{ _, state in\n"
        f"      state.changes += 1\n"
        f"      return .state\n"
        f"    }}"
      )
  for i in range(1, optional + 1):
    chain.append(f"    .when(stateIs: \\.optional{i}, actionIs: \\.optional{i}) {{ {prefix}Optional{i}() }}")
  for i in range(1, lists + 1):
    chain.append(f"    .forEach(stateIs: \\.rows{i}, actionIs: \\.rows{i}) {{ {prefix}Row{i}() }}")
  if screens:
    chain.append(f"    .forEach(stateIs: \\.path, actionIs: \\.path) {{ {prefix}Path() }}")
  out.append(
    f"""
@Interactor<{prefix}RootState, {prefix}RootAction>
struct {prefix}Root: Sendable {{
  var body: some InteractorOf<Self> {{
    Interact(initialValue: {prefix}RootState()) {{ state, action in
      switch action {{
      case .present:{present}
        return .state
      case .addRow:{add}
        return .state
      case .dismiss:{dismiss}
        return .state
      default:
        return .state
      }}
    }}
"""
    + "\n".join(chain)
    + "\n  }\n}\n"
  )
  # The check: a send to a stored child, to an optional one, to a row and to a screen.
  checks = [f"  let runtime = InteractorRuntime({prefix}Root())"]
  if stored:
    checks.append(f"  await runtime.send(.stored{stored}(.load)).finish()")
    checks.append(f'  expect(runtime.state.stored{stored}.count == 10, "{prefix}: stored child")')
  if optional:
    checks.append("  runtime.send(.present)")
    checks.append(f"  runtime.send(.optional{optional}(.increment))")
    checks.append(f'  expect(runtime.state.optional{optional}?.count == 1, "{prefix}: optional child")')
  if lists:
    checks.append("  runtime.send(.addRow)")
    checks.append(f"  runtime.send(.rows{lists}(.element(id: 0, action: .increment)))")
    checks.append(f'  expect(runtime.state.rows{lists}[id: 0]?.count == 1, "{prefix}: row")')
  if screens:
    checks.append(f"  runtime.send(.path(.push(id: 0, state: .s{screens}({prefix}Screen{screens}State()))))")
    checks.append(f"  runtime.send(.path(.element(id: 0, action: .s{screens}(.increment))))")
    checks.append(
      f'  expect(runtime.state.path[id: 0, case: \\.s{screens}]?.count == 1, "{prefix}: screen")'
    )
  out.append(check(prefix, checks))
  return "".join(out)


def check(prefix, lines):
  return f"\n@MainActor\npublic func {prefix}check() async {{\n" + "\n".join(lines) + "\n}\n"


def screens(prefix, count, buttons=False):
  name = "Destination" if buttons else "Screens"
  out = [header(), screen_enum(prefix, name, count, buttons)]
  last = count if not (buttons and count % 3 == 0) else count - 1
  checks = [
    f"  let runtime = InteractorRuntime(initialState: .s{last}({prefix}Screen{last}State()), interactor: {prefix}{name}())",
    f"  runtime.send(.s{last}(.increment))",
    f'  expect(runtime.state[case: \\.s{last}]?.count == 1, "{prefix}: screen")',
  ]
  out.append(check(prefix, checks))
  return "".join(out)


def nested(prefix, levels):
  """Rows whose rows have rows: level 1 is the innermost row, level `levels` the root."""
  out = [header()]
  out.append(child(prefix, "Level1", identifiable=True))
  for level in range(2, levels + 1):
    inner = f"{prefix}Level{level - 1}"
    out.append(
      f"""
struct {prefix}Level{level}State: Equatable, Sendable, Identifiable {{
  var id = 0
  var rows: IdentifiedArrayOf<{inner}State> = []
}}

@CasePathable
enum {prefix}Level{level}Action: Equatable, Sendable {{
  case add
  case rows(IdentifiedAction<Int, {inner}Action>)
}}

@Interactor<{prefix}Level{level}State, {prefix}Level{level}Action>
struct {prefix}Level{level}: Sendable {{
  var body: some InteractorOf<Self> {{
    Interact(initialValue: {prefix}Level{level}State()) {{ state, action in
      switch action {{
      case .add:
        state.rows.append({inner}State(id: state.rows.count))
        return .state
      case .rows:
        return .state
      }}
    }}
    .forEach(stateIs: \\.rows, actionIs: \\.rows) {{ {inner}() }}
  }}
}}
"""
    )
  # Add a row at every level, then send to the innermost one.
  lines = [f"  let runtime = InteractorRuntime({prefix}Level{levels}())"]
  path = ""
  for level in range(levels, 1, -1):
    lines.append(f"  runtime.send({wrap(path, '.add')})")
    path += f".rows(.element(id: 0, action: "
  lines.append(f"  runtime.send({wrap(path, '.increment')})")
  read = "runtime.state" + "".join(".rows[id: 0]!" for _ in range(levels - 2)) + ".rows[id: 0]?.count"
  lines.append(f'  expect({read} == 1, "{prefix}: innermost row")')
  out.append(check(prefix, lines))
  return "".join(out)


def wrap(path, action):
  return path + action + "))" * path.count("(.element")


def recursive(prefix):
  out = [header()]
  out.append(
    f"""
struct {prefix}NodeState: Equatable, Sendable, Identifiable {{
  var id = 0
  var count = 0
  var children: IdentifiedArrayOf<{prefix}NodeState> = []
}}

@CasePathable
indirect enum {prefix}NodeAction: Equatable, Sendable {{
  case increment
  case addChild
  case children(IdentifiedAction<Int, {prefix}NodeAction>)
}}

@Interactor<{prefix}NodeState, {prefix}NodeAction>
struct {prefix}Node: Sendable {{
  var body: some InteractorOf<Self> {{
    Interact(initialValue: {prefix}NodeState()) {{ state, action in
      switch action {{
      case .increment:
        state.count += 1
        return .state
      case .addChild:
        state.children.append({prefix}NodeState(id: state.children.count))
        return .state
      case .children:
        return .state
      }}
    }}
    .forEach(stateIs: \\.children, actionIs: \\.children) {{ {prefix}Node() }}
  }}
}}
"""
  )
  out.append(
    check(
      prefix,
      [
        f"  let runtime = InteractorRuntime({prefix}Node())",
        "  runtime.send(.addChild)",
        "  runtime.send(.children(.element(id: 0, action: .addChild)))",
        "  runtime.send(.children(.element(id: 0, action: .children(.element(id: 0, action: .increment)))))",
        f'  expect(runtime.state.children[id: 0]?.children[id: 0]?.count == 1, "{prefix}: grandchild")',
      ],
    )
  )
  return "".join(out)


def parse(spec):
  kind, _, args = spec.partition(":")
  numbers = [int(x) for x in args.split(",")] if args else []
  if kind == "root" and len(numbers) == 4:
    s, o, l, k = numbers
    return f"R{s}x{o}x{l}x{k}_", lambda p: root(p, s, o, l, k)
  if kind == "rich" and len(numbers) == 2:
    s, o = numbers
    return f"Rich{s}x{o}_", lambda p: root(p, s, o, 1, 4, rich=True)
  if kind == "screens" and len(numbers) == 1:
    return f"S{numbers[0]}_", lambda p: screens(p, numbers[0])
  if kind == "destinations" and len(numbers) == 1:
    return f"D{numbers[0]}_", lambda p: screens(p, numbers[0], buttons=True)
  if kind == "nested" and len(numbers) == 1 and numbers[0] >= 2:
    return f"N{numbers[0]}_", lambda p: nested(p, numbers[0])
  if kind == "recursive" and not numbers:
    return "Rec_", recursive
  sys.exit(f"generate.py: unknown shape '{spec}' (see the usage at the top of Tools/compile-bench/generate.py)")


def write(path, text):
  os.makedirs(os.path.dirname(path), exist_ok=True)
  # Unchanged files keep their modification time, so a rebuild compiles only what changed.
  if os.path.exists(path) and open(path).read() == text:
    return
  with open(path + ".tmp", "w") as f:
    f.write(text)
  os.replace(path + ".tmp", path)


# The settings of every module of the app, by COMPILE_BENCH_SETTINGS (see the top of this file).
# Every module also asks the compiler for its bodies' times (`-debug-time-function-bodies`), which
# Tools/compile-bench.sh reads: here, not on the command line, so that the library and its packages
# are compiled as any package that depends on them compiles them, and a build folder shared with
# the other packages outside the root (Tools/compile-bench.sh) compiles them once.
TIMES = '.unsafeFlags(["-Xfrontend", "-debug-time-function-bodies"])'
SETTINGS = {
  "": [TIMES],
  "main-actor-5": [
    ".swiftLanguageMode(.v5)", '.unsafeFlags(["-default-isolation", "MainActor"])', TIMES,
  ],
  "main-actor-6": [
    '.unsafeFlags(["-default-isolation", "MainActor"])', TIMES,
    '.enableUpcomingFeature("NonisolatedNonsendingByDefault")',
    '.enableUpcomingFeature("InferIsolatedConformances")',
  ],
}


# What each shape's module adds to its file: the check's way to fail.
EXPECT = """
/// Fails the run, naming the shape, when a check does not hold.
@MainActor
private func expect(_ condition: Bool, _ what: String) {
  if !condition {
    print("compile-bench: \\(what) is not what its action made it")
    exit(1)
  }
}
"""

PLATFORM_IMPORTS = """#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
"""


def main():
  if len(sys.argv) < 3:
    sys.exit(__doc__)
  out = sys.argv[1]
  shapes = [parse(spec) for spec in sys.argv[2:]]
  modules = [prefix.rstrip("_") for prefix, _ in shapes]
  product = f'.product(name: "UnoArchitecture", package: "{os.path.basename(REPO)}")'
  settings = ", swiftSettings: [\n" + "".join(
    f"      {setting},\n" for setting in SETTINGS[os.environ.get("COMPILE_BENCH_SETTINGS", "")]
  ) + "    ]"
  targets = [
    f"""    .target(name: "{module}", dependencies: [{product}]{settings}),\n""" for module in modules
  ]
  app_dependencies = ", ".join(f'"{module}"' for module in modules)
  write(
    os.path.join(out, "Package.swift"),
    f"""// swift-tools-version: 6.1
// Generated by Tools/compile-bench/generate.py: the compile-time benchmark's app.
import PackageDescription

let package = Package(
  name: "CompileBenchApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(path: "{REPO}")],
  targets: [
{"".join(targets)}    .executableTarget(name: "CompileBenchApp", dependencies: [{app_dependencies}]{settings}),
  ]
)
""",
  )
  root = os.path.join(out, "Sources")
  keep = {"CompileBenchApp"}
  for (prefix, make), module in zip(shapes, modules):
    keep.add(module)
    write(os.path.join(root, module, module + ".swift"), PLATFORM_IMPORTS + make(prefix) + EXPECT)
  if os.path.isdir(root):
    for name in os.listdir(root):
      if name not in keep:
        shutil.rmtree(os.path.join(root, name))
  app = os.path.join(root, "CompileBenchApp")
  if os.path.isdir(app):
    for name in os.listdir(app):
      if name != "main.swift":
        os.remove(os.path.join(app, name))
  imports = "".join(f"import {module}\n" for module in modules)
  calls = "\n".join(f"await {prefix}check()" for prefix, _ in shapes)
  write(
    os.path.join(root, "CompileBenchApp", "main.swift"),
    f"""{imports}
{calls}
print("compile-bench: every shape ran")
""",
  )


if __name__ == "__main__":
  main()
