import Testing

@testable import UnoTesting

/// The memo of actions made from choices (`ActionMemo`): the same choices give the same action,
/// and the choices are moved past exactly those it took.
@MainActor
@Suite struct ActionMemoTests {
  @Test func keptChoicesMakeTheSameActionAndAreMovedPastAsADecodingWould() {
    let memo = ActionMemo<String>()
    // Nothing kept yet: nothing found, and the choices are left as they were.
    var choices = Choices(replaying: [1, 2, 9])
    #expect(memo.action(from: &choices) == nil)
    #expect(choices.made.isEmpty)
    // "b then c": a case below 3, then a value below 4.
    memo.keep("b2", asked: [(3, 1), (4, 2)])
    memo.keep("a", asked: [(3, 0)])
    var again = Choices(replaying: [1, 2, 9])
    #expect(memo.action(from: &again) == .some("b2"))
    #expect(again.made == [1, 2])
    // The next choice is the one after them.
    #expect(again.next(below: 10) == 9)
    var first = Choices(replaying: [0, 7])
    #expect(memo.action(from: &first) == .some("a"))
    #expect(first.made == [0])
    // An answer not kept yet is not found.
    var other = Choices(replaying: [1, 3])
    #expect(memo.action(from: &other) == nil)
    #expect(other.made.isEmpty)
  }

  @Test func choicesThatMakeNoActionAreKeptAsSuch() {
    let memo = ActionMemo<String>()
    memo.keep(nil, asked: [(2, 1)])
    var choices = Choices(replaying: [1])
    let found = memo.action(from: &choices)
    #expect(found != nil)
    #expect(found! == nil)
    #expect(choices.made == [1])
  }

  @Test func aDecodingThatAsksOtherQuestionsOfTheSameAnswersIsNotKept() {
    let memo = ActionMemo<String>()
    memo.keep("x", asked: [(3, 1), (4, 2)])
    // The same first answer asking below 5 instead of 4: not a pure decoding, not kept.
    memo.keep("y", asked: [(3, 1), (5, 2)])
    // Ending where another decoding asks on: not kept either.
    memo.keep("z", asked: [(3, 1)])
    var choices = Choices(replaying: [1, 2])
    #expect(memo.action(from: &choices) == .some("x"))
  }

  @Test func pastItsLimitNothingNewIsKept() {
    let memo = ActionMemo<Int>(limit: 3)
    memo.keep(1, asked: [(10, 1)])
    memo.keep(2, asked: [(10, 2)])
    memo.keep(3, asked: [(10, 3)])
    var kept = Choices(replaying: [2])
    #expect(memo.action(from: &kept) == .some(2))
    var dropped = Choices(replaying: [3])
    #expect(memo.action(from: &dropped) == nil)
  }
}

/// The walk of a state for its ids (`IDPool`), which learns which types hold nothing to walk.
@MainActor
@Suite struct IDPoolTests {
  struct Row: Identifiable {
    var id: Int
  }

  /// Reflects as its rows, however many: a type whose mirror is its own is never taken for one
  /// that holds nothing, though one of its values held nothing.
  final class Rows: CustomReflectable {
    var rows: [Row] = []
    var customMirror: Mirror { Mirror(self, children: rows.map { (label: "row", value: $0 as Any) }) }
  }

  struct State {
    var rows: Rows
    var title = "a"
    var nothing = Nothing()
  }

  struct Nothing {}

  @Test func aTypeWithAMirrorOfItsOwnIsWalkedEveryTime() {
    let rows = Rows()
    let state = State(rows: rows)
    #expect(IDPool(state: state).values(of: Int.self) == [])
    rows.rows = [Row(id: 7), Row(id: 9)]
    #expect(IDPool(state: state).values(of: Int.self) == [7, 9])
  }

  @Test func idsAreFoundInTheRowsOfAStructAfterAnEmptyOneOfTheSameType() {
    struct Holder { var rows: [Row] }
    #expect(IDPool(state: Holder(rows: [])).values(of: Int.self) == [])
    #expect(IDPool(state: Holder(rows: [Row(id: 3)])).values(of: Int.self) == [3])
  }
}
