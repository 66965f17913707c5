import Testing

@testable import UnoCore

/// The runtime's small list, which keeps its first element inline.
struct OneOrMoreTests {
  @Test func anEmptyListHasNothingToIterate() {
    let list = OneOrMore<Int>()
    #expect(list.isEmpty)
    #expect(list.count == 0)
    #expect(Array(list) == [])
  }

  @Test func elementsComeBackInTheOrderAppended() {
    var list = OneOrMore<Int>()
    for element in 1...5 { list.append(element) }
    #expect(!list.isEmpty)
    #expect(list.count == 5)
    #expect(Array(list) == [1, 2, 3, 4, 5])
  }

  @Test func removingTheFirstMovesTheSecondUp() {
    var list = OneOrMore<Int>()
    for element in 1...3 { list.append(element) }
    list.removeFirst { $0 == 1 }
    #expect(Array(list) == [2, 3])
    list.removeFirst { $0 == 2 }
    list.removeFirst { $0 == 3 }
    #expect(list.isEmpty)
    // Appending after it emptied starts over inline.
    list.append(4)
    #expect(Array(list) == [4])
  }

  @Test func removingFromTheRestRemovesOnlyTheFirstMatch() {
    var list = OneOrMore<Int>()
    for element in [1, 2, 3, 2] { list.append(element) }
    list.removeFirst { $0 == 2 }
    #expect(Array(list) == [1, 3, 2])
    list.removeFirst { $0 == 9 }
    #expect(Array(list) == [1, 3, 2])
  }
}
