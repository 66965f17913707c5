import Dependencies
import Foundation
import TodosFeature
import UnoAppInspection
import UnoCore
import UnoPresentation

// An app on the library, inspected: the Todos feature (a list, an optional editor, a debounced
// save and a delayed sort: effects that start, write, end and are cancelled), driven by lines on
// standard input, each change of its state printed as a line on standard output.
//
//   inspected-app --connect 127.0.0.1:7433 --token <token> [--app <name>] [--ids incrementing]
//
// Commands: `add <title>`, `toggle <row>`, `open <row>`, `close`, `open-missing` (an issue), `filter <all|active|completed>`,
// `screen-add <title>` and `screen-filter <filter>` (through the view model "Todos screen", whose
// rows are then read: child view models),
// `flood <n>` (n changes at once, unprinted), `release` (the runtime goes, a new one comes),
// `quit`.

/// Writes `line` to standard output at once (the tests read it as it comes).
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
func argument(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
if let address = argument("--connect") {
  UnoInspection.connect(
    to: address, token: argument("--token") ?? "", app: argument("--app") ?? "inspected-app")
}

/// The lines of standard input, read on a thread of their own.
let input = AsyncStream<String> { continuation in
  let reader = Thread {
    while let line = readLine() { continuation.yield(line) }
    continuation.finish()
  }
  reader.start()
}

@MainActor
final class App {
  var runtime: InteractorRuntime<TodosState, TodosAction>
  var quiet = false

  init() {
    runtime = Self.makeRuntime()
    observe()
  }

  static func makeRuntime() -> InteractorRuntime<TodosState, TodosAction> {
    withDependencies {
      $0.todosStore = .inMemory()
      // `--ids incrementing`: ids a replay of its recording makes again.
      if argument("--ids") == "incrementing" { $0.uuid = .incrementing }
    } operation: {
      InteractorRuntime(TodosInteractor())
    }
  }

  func observe() {
    runtime.addObserver { [weak self] state in
      guard let self, !self.quiet else { return }
      emit(Self.line(state))
    }
  }

  /// The state as the tests read it: the titles, done or not, the filter and the editor.
  static func line(_ state: TodosState) -> String {
    let todos = state.todos.map { "\($0.isComplete ? "x" : " ") \($0.title)" }
    let fields: [String: Any] = [
      "todos": todos, "filter": state.filter.rawValue, "editor": state.editor?.title ?? NSNull(),
    ]
    let data = try! JSONSerialization.data(withJSONObject: ["state": fields], options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  func handle(_ line: String) -> Bool {
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard let command = parts.first else { return true }
    let rest = parts.count > 1 ? parts[1] : ""
    let todos = runtime.state.todos
    switch command {
    case "add": runtime.send(.add(title: rest))
    case "toggle":
      guard let row = Int(rest), todos.indices.contains(row) else { return report("no row \(rest)") }
      runtime.send(.todo(row: .element(id: todos[row].id, action: .toggle)))
    case "open":
      guard let row = Int(rest), todos.indices.contains(row) else { return report("no row \(rest)") }
      runtime.send(.openEditor(id: todos[row].id))
    case "close": runtime.send(.closeEditor)
    case "open-missing":
      // A todo that is not in the list: the feature reports the dropped action as an issue.
      runtime.send(.openEditor(id: UUID()))
    case "filter":
      guard let filter = Filter(rawValue: rest) else { return report("no filter \(rest)") }
      runtime.send(.filterPicked(filter))
    case "flood":
      quiet = true
      for index in 0..<(Int(rest) ?? 0) {
        runtime.send(.filterPicked(index.isMultiple(of: 2) ? .active : .all))
      }
      quiet = false
      emit(#"{"flooded":\#(Int(rest) ?? 0)}"#)
    case "release":
      runtime = Self.makeRuntime()
      observe()
      emit(#"{"released":true}"#)
    case "screen-add", "screen-filter":
      // Through the "Todos screen" view model, whose rows a view then reads: a child view model
      // per row shown, made and gone as rows come and go.
      let screen = screens[0]
      if command == "screen-add" {
        screen.sendViewEvent(.add(title: rest))
      } else {
        guard let filter = Filter(rawValue: rest) else { return report("no filter \(rest)") }
        screen.sendViewEvent(.filterPicked(filter))
      }
      emit(#"{"screenRows":\#(screen.rowViewModels.count)}"#)
    case "quit": return false
    default: return report("unknown command \(command)")
    }
    return true
  }

  func report(_ message: String) -> Bool {
    FileHandle.standardError.write(Data("inspected-app: \(message)\n".utf8))
    return true
  }
}

let app = App()
// View models are sessions too: one named, one left out, one named after its state's type.
let screens = [
  TodosInteractor.makeViewModel(withDependencies: { $0.todosStore = .inMemory() }).inspected(
    as: "Todos screen"),
  TodosInteractor.makeViewModel(withDependencies: { $0.todosStore = .inMemory() }).inspected(as: nil),
  TodosInteractor.makeViewModel(withDependencies: { $0.todosStore = .inMemory() }),
]
emit(#"{"ready":true}"#)
for await line in input {
  guard app.handle(line) else { break }
}
withExtendedLifetime(screens) {}
