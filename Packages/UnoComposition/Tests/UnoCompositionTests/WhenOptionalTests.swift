import Clocks
import ConcurrencyExtras
import IssueReporting
import Testing
import UnoComposition

struct Draft: Sendable, Equatable {
  var title = ""
  var saves = 0
}

@CasePathable
enum DraftAction: Sendable, Equatable {
  case setTitle(String)
  /// Saves 1s later (an effect that writes the editor's state).
  case saveLater
  case close
}

struct DraftInteractor: Interactor {
  typealias DomainState = Draft
  typealias Action = DraftAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    Interact(initialValue: Draft()) { [clock] state, action in
      switch action {
      case .setTitle(let title):
        state.title = title
        return .state
      case .saveLater:
        let deadline = clock.now.advanced(by: .seconds(1))
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.saves += 1 }
        }
      case .close:
        return .state
      }
    }
  }
}

struct Note: Sendable, Equatable {
  var title = "Untitled"
  var editor: Draft?
  var heard: [String] = []
}

@CasePathable
enum NoteAction: Sendable {
  case open
  case dismiss
  /// Dismisses the editor 1s later, from an effect's write.
  case dismissLater
  case editor(DraftAction)
  case editorChanged(Draft)
}

/// The optional form where the parent hears the same action after the child.
struct NoteInteractor: Interactor {
  typealias DomainState = Note
  typealias Action = NoteAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    Interact(initialValue: Note()) { [clock] state, action in
      switch action {
      case .open:
        state.editor = Draft(title: state.title)
      case .dismiss:
        state.editor = nil
      case .dismissLater:
        let deadline = clock.now.advanced(by: .seconds(1))
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.editor = nil }
        }
      case .editor(let editorAction):
        state.heard.append("\(editorAction) -> \(state.editor?.title ?? "nil")")
        if editorAction == .close {
          state.title = state.editor?.title ?? state.title
          state.editor = nil
        }
      case .editorChanged(let editor):
        state.heard.append("changed \(editor.title)")
      }
      return .state
    }
    .when(stateIs: \.editor, actionIs: \.editor) { DraftInteractor(clock: clock) }
  }
}

/// The optional form with `stateAction`.
struct ObservedNoteInteractor: Interactor {
  typealias DomainState = Note
  typealias Action = NoteAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    NoteInteractor(clock: clock).body
      .when(stateIs: \.editor, actionIs: \.editor, stateAction: \.editorChanged) {
        DraftInteractor(clock: clock)
      }
  }
}

@MainActor
@Suite struct WhenOptionalTests {
  let clock = TestClock()

  @Test func theChildRunsWhilePresentAndThenTheParentHearsTheSameAction() {
    let runtime = InteractorRuntime(NoteInteractor(clock: clock))
    runtime.send(.open)
    runtime.send(.editor(.setTitle("Notes")))
    runtime.send(.editor(.close))
    #expect(runtime.state.editor == nil)
    #expect(runtime.state.title == "Notes")
    #expect(runtime.state.heard == ["setTitle(\"Notes\") -> Notes", "close -> Notes"])
  }

  @Test func withStateActionTheParentHearsTheChildsNewState() async {
    let runtime = InteractorRuntime(ObservedNoteInteractor(clock: clock))
    runtime.send(.open)
    runtime.send(.editor(.setTitle("A")))
    let save = runtime.send(.editor(.saveLater))
    await clock.advance(by: .seconds(1))
    await save.finish()
    #expect(runtime.state.editor == Draft(title: "A", saves: 1))
    // The inner `when` (same action) sits below the outer one (stateAction), which heard the
    // child's state after each action and after the effect's write.
    #expect(
      runtime.state.heard.filter { $0.hasPrefix("changed") } == ["changed A", "changed A", "changed A"])
  }

  @Test func anActionWhileNilIsDroppedAndReported() {
    let runtime = InteractorRuntime(NoteInteractor(clock: clock))
    withKnownIssue {
      runtime.send(.editor(.setTitle("lost")))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("editor") && text.contains("nil") && text.contains("dropped")
        && text.contains("setTitle")
        && text.contains("(written at UnoCompositionTests/WhenOptionalTests.swift:")
    }
    #expect(runtime.state == Note())
  }

  @Test func dismissingCancelsTheChildsEffectsInThatStep() async {
    let runtime = InteractorRuntime(NoteInteractor(clock: clock))
    runtime.send(.open)
    let save = runtime.send(.editor(.saveLater))
    runtime.send(.dismiss)
    #expect(save.isCancelled)
    await clock.advance(by: .seconds(1))
    await save.finish()
    #expect(runtime.state.editor == nil)
    #expect(runtime.diagnostics.isIdle)
    #expect(runtime.diagnostics.childScopes == 0)
  }

  @Test func dismissingFromAnEffectsWriteCancelsTheChildsEffects() async {
    let runtime = InteractorRuntime(NoteInteractor(clock: clock))
    runtime.send(.open)
    let dismissal = runtime.send(.dismissLater)
    await clock.advance(by: .milliseconds(500))
    let save = runtime.send(.editor(.saveLater))  // due at 1.5s, after the dismissal at 1s
    await clock.advance(by: .milliseconds(500))
    await dismissal.finish()
    #expect(runtime.state.editor == nil)
    #expect(save.isCancelled)
    await clock.advance(by: .seconds(1))
    await save.finish()
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func presentingAgainStartsFresh() async {
    let runtime = InteractorRuntime(NoteInteractor(clock: clock))
    runtime.send(.open)
    let old = runtime.send(.editor(.saveLater))
    runtime.send(.dismiss)
    runtime.send(.open)
    await clock.advance(by: .seconds(1))
    await old.finish()
    // The dismissed editor's save never reached the new editor.
    #expect(runtime.state.editor == Draft(title: "Untitled", saves: 0))
  }
}

/// The key-path form without `stateAction`.
@MainActor
@Suite struct WhenSameActionTests {
  struct State: Sendable, Equatable {
    var tally = Tally()
    var seen: [Int] = []
  }

  @CasePathable
  enum Action: Sendable { case tally(TallyAction) }

  struct Feature: Interactor {
    typealias DomainState = State
    typealias Action = WhenSameActionTests.Action
    let clock: TestClock<Duration>

    var body: some InteractorOf<Self> {
      Interact(initialValue: State()) { state, action in
        switch action {
        case .tally:
          state.seen.append(state.tally.value)
          return .state
        }
      }
      .when(stateIs: \.tally, actionIs: \.tally) { TallyInteractor(clock: clock, reads: LockIsolated([])) }
    }
  }

  @Test func theParentHearsTheActionAfterTheChildAndNotTheEffectsWrites() async {
    let clock = TestClock()
    let runtime = InteractorRuntime(Feature(clock: clock))
    runtime.send(.tally(.increment))
    let later = runtime.send(.tally(.incrementLater))
    runtime.send(.tally(.increment))
    await clock.advance(by: .seconds(1))
    await later.finish()
    #expect(runtime.state.tally.value == 3)
    #expect(runtime.state.seen == [1, 1, 2])
  }
}
