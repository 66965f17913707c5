import Foundation
import Testing
import UnoComposition
import UnoPlugin
import UnoPresentation

@testable import UnoHostCore

// A feature with a navigation stack, hosted: its screens are pushed, driven and popped with the
// JSON forms of docs/guides/Navigation.md.

struct PageState: Sendable, Equatable, Codable {
  var title: String
  var count = 0
}

@CasePathable
enum PageAction: Sendable, Equatable, Codable {
  case increment
  /// Dismisses the page from an effect.
  case close
}

@Interactor<PageState, PageAction>
struct Page: Sendable {
  @Dependency(\.dismiss) var dismiss

  var body: some InteractorOf<Self> {
    Interact(initialValue: PageState(title: "")) { [dismiss] state, action in
      switch action {
      case .increment:
        state.count += 1
        return .state
      case .close:
        return .perform { _, _ in await dismiss() }
      }
    }
  }
}

@Interactor
enum BookPath {
  case page(Page)
}
extension BookPath.State: Equatable, Codable {}
extension BookPath.Action: Equatable, Codable {}

struct BookState: Sendable, Equatable, Codable {
  var path = StackState<BookPath.State>()
}

@CasePathable
enum BookAction: Sendable, Equatable, Codable {
  case open(String)
  case path(StackAction<BookPath.State, BookPath.Action>)
}

@Interactor<BookState, BookAction>
struct Book: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: BookState()) { state, action in
      if case .open(let title) = action { state.path.append(.page(PageState(title: title))) }
      return .state
    }
    .forEach(stateIs: \.path, actionIs: \.path) { BookPath() }
  }
}

let bookPlugin = FeaturePlugin(
  name: "book",
  summary: "Pages on a navigation stack.",
  actions: [
    .init(BookAction.open("Intro"), summary: "Pushes a page."),
    .init(.path(.push(id: 0, state: .page(PageState(title: "Intro")))), summary: "Pushes a page with an id."),
    .init(.path(.element(id: 0, action: .page(.increment))), summary: "Counts on the page 0."),
    .init(.path(.element(id: 0, action: .page(.close))), summary: "The page 0 dismisses itself."),
    .init(.path(.popFrom(id: 0)), summary: "Pops the page 0 and every page above it."),
  ],
  makeViewModel: {
    DirectViewModel(BookState(), Book().eraseToAnyInteractor(), reportsReinitialization: false)
  }
)

@MainActor
@Suite struct StackHostTests {
  @Test func aStackedFeatureIsDrivenWithTheStacksJSONForms() async throws {
    let host = try RecordingHost([bookPlugin], sessionDependencies: { $0.stackElementID = .incrementing() })
    let send = host.send

    _ = await send(#"{"op":"open","feature":"book"}"#)
    // An unlabeled value as itself; a case without values as its bare name, at any depth.
    _ = await send(#"{"op":"send","session":1,"action":{"open":"Intro"},"id":"a"}"#)
    let counted = await send(
      #"{"op":"send","session":1,"action":{"path":{"element":{"id":0,"action":{"page":"increment"}}}},"id":"b"}"#
    )
    #expect(
      counted.first?.contains(#""path":[{"id":0,"state":{"page":{"count":1,"title":"Intro"}}}]"#) == true)
    let pushed = await send(
      #"{"op":"send","session":1,"action":{"path":{"push":{"id":5,"state":{"page":{"title":"Five","count":0}}}}},"id":"c"}"#
    )
    #expect(pushed.first?.contains(#"{"id":5,"state":{"page":{"count":0,"title":"Five"}}}]"#) == true)
    // The page dismisses itself from its effect: it is popped.
    let closed = await send(
      #"{"op":"send","session":1,"action":{"path":{"element":{"id":5,"action":{"page":"close"}}}},"id":"d"}"#)
    #expect(closed.contains { $0.contains(#""path":[{"id":0,"#) && !$0.contains(#""id":5"#) })
    // Swift's own form is still read.
    let popped = await send(
      #"{"op":"send","session":1,"action":{"path":{"_0":{"popFrom":{"id":0}}}},"id":"e"}"#)
    #expect(popped.first?.contains(#""path":[]"#) == true)
    host.closeAll()
  }

  @Test func featuresListsTheStacksFormsWithExamples() throws {
    #expect(
      bookPlugin.actionPaths == [
        "open", "path.push", "path.page.increment", "path.page.close", "path.popFrom",
      ])
    let examples = bookPlugin.actions.map(\.example.text)
    #expect(
      examples == [
        #"{"open":"Intro"}"#,
        #"{"path":{"push":{"id":0,"state":{"page":{"count":0,"title":"Intro"}}}}}"#,
        #"{"path":{"element":{"action":{"page":{"increment":{}}},"id":0}}}"#,
        #"{"path":{"element":{"action":{"page":{"close":{}}},"id":0}}}"#,
        #"{"path":{"popFrom":{"id":0}}}"#,
      ])
  }
}
