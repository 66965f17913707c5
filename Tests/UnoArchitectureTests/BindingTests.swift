import Foundation
import Testing
import UnoArchitecture
import UnoArchitectureTesting

enum FormTheme: String, Sendable, Equatable, Codable {
  case bubblegum, orange
}

struct FormState: Sendable, Equatable, Codable {
  var title = ""
  var minutes = 5
  var theme = FormTheme.bubblegum
  /// Not bindable from JSON: it is not listed below.
  var notes = ""
  /// What the interactor after the bindings saw of the title, in the same step.
  var titleSeen = ""
  var minutesChanges = 0
}

extension FormState: BindableState {
  static let bindableFields: BindableFields<Self> = [
    .field("title", \.title),
    .field("minutes", \.minutes),
    .field("theme", \.theme),
  ]
}

@CasePathable
enum FormAction: BindableAction, Equatable, Codable {
  case binding(BindingAction<FormState>)
  case addAttendeeTapped
}

@Interactor<FormState, FormAction>
struct FormInteractor: Sendable {
  var body: some InteractorOf<Self> {
    BindingInteractor()
    Interact(initialValue: FormState()) { state, action in
      switch action {
      case .binding(\.minutes):
        state.minutes = max(1, state.minutes)
        return .state
      case .binding(\.title):
        state.titleSeen = state.title
        return .state
      case .binding:
        return .state
      case .addAttendeeTapped:
        return .state
      }
    }
  }
}

/// The same form, with an `onChange` on the block that starts with the bindings.
@Interactor<FormState, FormAction>
struct WatchedForm: Sendable {
  var body: some InteractorOf<Self> {
    FormInteractor()
      .onChange(of: \.minutes) { _, state in
        state.minutesChanges += 1
        return .state
      }
  }
}

@MainActor
@Suite struct BindingTests {
  @Test func aBindingSetsItsFieldBeforeTheInteractorsAfterItHearIt() async {
    let harness = await InteractorTestHarness(FormInteractor())
    harness.send(.binding(.set(\.title, "Morning sync"))) {
      $0.title = "Morning sync"
      $0.titleSeen = "Morning sync"
    }
    // Matched by its key path: the handler clamps what was set.
    harness.send(.binding(.set(\.minutes, 0))) { $0.minutes = 1 }
    harness.send(.binding(.set(\.theme, .orange))) { $0.theme = .orange }
    // A field with no JSON name is still bindable in code.
    harness.send(.binding(.set(\.notes, "Bring cake"))) { $0.notes = "Bring cake" }
    harness.send(.addAttendeeTapped) { _ in }
  }

  @Test func bindingsAreEqualWhenTheySetTheSameFieldToEqualValues() {
    let title = BindingAction<FormState>.set(\.title, "A")
    #expect(title == .set(\.title, "A"))
    #expect(title != .set(\.title, "B"))
    #expect(title != .set(\.notes, "A"))
    #expect(FormAction.binding(title) == .binding(.set(\.title, "A")))
    #expect(title.description.contains("title") && title.description.contains("\"A\""))
  }

  @Test func aPatternMatchesOnlyItsField() {
    let action = BindingAction<FormState>.set(\.minutes, 3)
    var matched: [String] = []
    switch action {
    case \.title: matched.append("title")
    case \.minutes: matched.append("minutes")
    default: matched.append("other")
    }
    #expect(matched == ["minutes"])
  }

  @Test func onChangeOnTheBlockSeesTheBindingsChanges() async {
    let harness = await InteractorTestHarness(WatchedForm())
    harness.send(.binding(.set(\.minutes, 10))) {
      $0.minutes = 10
      $0.minutesChanges = 1
    }
    harness.send(.binding(.set(\.minutes, 10))) { _ in }
    harness.send(.binding(.set(\.title, "X"))) {
      $0.title = "X"
      $0.titleSeen = "X"
    }
  }

  @Test func aBindingIsCodedAsItsFieldsNameAndValue() throws {
    let data = try JSONEncoder().encode(BindingAction<FormState>.set(\.title, "Morning sync"))
    #expect(String(decoding: data, as: UTF8.self) == #"{"title":"Morning sync"}"#)
    let decoded = try JSONDecoder().decode(BindingAction<FormState>.self, from: Data(#"{"minutes":10}"#.utf8))
    #expect(decoded == .set(\.minutes, 10))
    let theme = try JSONDecoder().decode(
      BindingAction<FormState>.self, from: Data(#"{"theme":"orange"}"#.utf8))
    var state = FormState()
    theme.apply(to: &state)
    #expect(state.theme == .orange)
    // Round trip of an action.
    let action = FormAction.binding(.set(\.theme, .orange))
    #expect(try JSONDecoder().decode(FormAction.self, from: JSONEncoder().encode(action)) == action)
  }

  @Test func anUnknownFieldIsAnErrorNamingTheBindableOnes() {
    #expect {
      try JSONDecoder().decode(BindingAction<FormState>.self, from: Data(#"{"colour":"red"}"#.utf8))
    } throws: { error in
      "\(error)".contains(
        "'colour' is not a bindable field of FormState. Bindable fields: title, minutes, theme")
    }
    #expect {
      try JSONDecoder().decode(BindingAction<FormState>.self, from: Data(#"{"notes":"x"}"#.utf8))
    } throws: { error in
      "\(error)".contains("'notes' is not a bindable field")
    }
  }

  @Test func aValueOfTheWrongTypeIsAnErrorNamingTheField() {
    #expect {
      try JSONDecoder().decode(BindingAction<FormState>.self, from: Data(#"{"minutes":"ten"}"#.utf8))
    } throws: { error in
      "\(error)".contains("The field 'minutes' of FormState expects Int")
    }
    #expect {
      try JSONDecoder().decode(BindingAction<FormState>.self, from: Data(#"{"theme":"purple"}"#.utf8))
    } throws: { error in
      "\(error)".contains("The field 'theme' of FormState expects FormTheme")
    }
  }

  @Test func aBindingSetsOneField() {
    #expect {
      try JSONDecoder().decode(BindingAction<FormState>.self, from: Data(#"{"title":"a","minutes":1}"#.utf8))
    } throws: { error in
      "\(error)".contains("A binding sets one field")
    }
    #expect {
      try JSONDecoder().decode(BindingAction<FormState>.self, from: Data("{}".utf8))
    } throws: { error in
      "\(error)".contains("this one has 0 members")
    }
  }

  @Test func encodingAFieldWithoutANameSaysHowToFixIt() {
    #expect {
      try JSONEncoder().encode(BindingAction<FormState>.set(\.notes, "x"))
    } throws: { error in
      "\(error)".contains("is not a bindable field of FormState: list it in its 'bindableFields'")
    }
  }

  @Test func aViewBindingReadsTheFieldAndWritesByABindingAction() async {
    let viewModel: DirectViewModel<FormAction, FormState> = ViewModel(
      FormState(), FormInteractor().eraseToAnyInteractor())
    let title = viewModel.binding(\.title)
    #expect(title.wrappedValue == "")
    title.wrappedValue = "Morning sync"
    #expect(viewModel.domainState.title == "Morning sync")
    #expect(viewModel.domainState.titleSeen == "Morning sync")
    #expect(title.wrappedValue == "Morning sync")
    let minutes = viewModel.binding(\.minutes)
    minutes.wrappedValue = -3
    #expect(minutes.wrappedValue == 1)
  }
}
