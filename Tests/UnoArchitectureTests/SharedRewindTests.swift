import Testing
@_spi(Internals) import UnoArchitecture

// Rewinding a runtime that holds shared values: to a recorded entry, the values come back with
// the state; to a bare state, they stay as they are.

struct LedgerHolderState: Equatable, Sendable {
  @Shared var balance: Int
  var note = ""
}

enum LedgerHolderAction: Sendable, Equatable {
  /// Adds to the shared balance.
  case add(Int)
  /// Changes the runtime's own note.
  case note(String)
}

@MainActor
func ledgerHolder(_ balance: Shared<Int>) -> InteractorRuntime<LedgerHolderState, LedgerHolderAction> {
  InteractorRuntime(
    Interact(initialValue: LedgerHolderState(balance: balance)) { state, action in
      switch action {
      case .add(let amount): state.$balance.withLock { $0 += amount }
      case .note(let text): state.note = text
      }
      return .state
    })
}

@MainActor
@Suite struct SharedRewindTests {
  @Test func aRewindToARecordedEntrySetsTheSharedValuesBackAndEveryHolderSeesIt() {
    let balance = Shared(value: 0)
    let recorded = ledgerHolder(balance)
    let other = ledgerHolder(balance)
    recorded.record()
    recorded.send(.add(1))  // entry 0: 1
    recorded.send(.add(2))  // entry 1: 3
    recorded.send(.note("paid"))  // entry 2: 3, "paid"
    let seenByRecorded = Publications(recorded) { ($0.balance, $0.note) }
    let seenByOther = Publications(other) { $0.balance }

    #expect(recorded.rewind(toRecordedEntry: 0))
    #expect(balance.wrappedValue == 1)
    #expect(recorded.state.note == "")
    // One change for the rewinding runtime, with its state and the value together; the other
    // holder is told of the value, as of any write it did not make.
    #expect(seenByRecorded.seen.map(\.0.0) == [1])
    #expect(seenByRecorded.seen.map(\.0.1) == [""])
    #expect(seenByRecorded.sources == [.rewind])
    #expect(seenByOther.values == [1])
    #expect(seenByOther.sources == [.sharedValue])
    // The rewind is one entry, which keeps the value it set.
    let recording = try! #require(recorded.recording)
    #expect(recording.entries.map(\.kind) == [.action, .action, .action, .rewind])
    #expect(recording.stateDumps.last?.contains("balance: 1") == true)

    // Nothing is lost: forward again, to the entry after the note.
    #expect(recorded.rewind(toRecordedEntry: 2))
    #expect(balance.wrappedValue == 3)
    #expect(recorded.state.note == "paid")
    #expect(seenByOther.values == [1, 3])
  }

  @Test func aRewindToTheStateBeforeTheFirstEntrySetsTheValueItHadThen() {
    let balance = Shared(value: 5)
    let recorded = ledgerHolder(balance)
    recorded.record()
    recorded.send(.add(1))
    #expect(recorded.rewind(toRecordedEntry: -1))
    #expect(balance.wrappedValue == 5)
  }

  @Test func aSharedValueEqualToItsKeptOneIsLeftAlone() {
    let balance = Shared(value: 0)
    let recorded = ledgerHolder(balance)
    let other = ledgerHolder(balance)
    recorded.record()
    recorded.send(.add(1))  // entry 0: 1
    recorded.send(.note("a"))  // entry 1: 1, "a"
    let seenByOther = Publications(other) { $0.balance }
    #expect(recorded.rewind(toRecordedEntry: 0))
    #expect(recorded.state.note == "")
    #expect(seenByOther.seen.isEmpty)
  }

  @Test func aRewindToABareStateLeavesTheSharedValuesAsTheyAre() {
    let balance = Shared(value: 0)
    let runtime = ledgerHolder(balance)
    let before = runtime.state
    runtime.send(.add(4))
    runtime.send(.note("x"))
    runtime.rewind(to: before)
    #expect(runtime.state.note == "")
    #expect(balance.wrappedValue == 4)
  }
}
