import Testing

@testable import UnoCore

/// The effect registry's tables of running effects and open groups.
struct SlotTableTests {
  final class Item: SlotTableElement {
    let name: String
    var slot = -1
    init(_ name: String) { self.name = name }
  }

  private func names(_ table: SlotTable<Item>) -> Set<String> {
    Set(table.elements.map(\.name))
  }

  /// Every object is where it says it is.
  private func expectConsistent(_ table: SlotTable<Item>, sourceLocation: SourceLocation = #_sourceLocation) {
    for (index, item) in table.elements.enumerated() {
      #expect(
        item.slot == index, "\(item.name) says \(item.slot), is at \(index)", sourceLocation: sourceLocation)
    }
  }

  @Test func anEmptyTableHoldsNothing() {
    let table = SlotTable<Item>()
    #expect(table.isEmpty)
    #expect(table.count == 0)
    #expect(table.elements.isEmpty)
  }

  @Test func insertedObjectsAreHeldAndKnowWhere() {
    var table = SlotTable<Item>()
    for name in ["a", "b", "c"] { table.insert(Item(name)) }
    #expect(table.count == 3)
    #expect(names(table) == ["a", "b", "c"])
    expectConsistent(table)
  }

  @Test func removingTheFirstMiddleOrLastLeavesTheOthers() {
    for removed in 0..<3 {
      var table = SlotTable<Item>()
      let items = ["a", "b", "c"].map(Item.init)
      for item in items { table.insert(item) }
      table.remove(items[removed])
      #expect(names(table) == Set(items.map(\.name)).subtracting([items[removed].name]))
      expectConsistent(table)
    }
  }

  @Test func removingEverythingInAnyOrderEmptiesIt() {
    var table = SlotTable<Item>()
    let items = (0..<5).map { Item("\($0)") }
    for item in items { table.insert(item) }
    for index in [3, 0, 4, 1, 2] {
      table.remove(items[index])
      expectConsistent(table)
    }
    #expect(table.isEmpty)
    // Reinserted after leaving, an object is held again.
    table.insert(items[2])
    #expect(names(table) == ["2"])
  }

  @Test func theTableLetsGoOfWhatItRemoves() {
    var table = SlotTable<Item>()
    weak var released: Item?
    do {
      let item = Item("a")
      released = item
      table.insert(item)
      table.insert(Item("b"))
      table.remove(item)
    }
    #expect(released == nil)
    #expect(names(table) == ["b"])
  }

  @Test func manyComingAndGoingKeepTheTableAsLargeAsWhatItHolds() {
    var table = SlotTable<Item>()
    var held: [Item] = []
    for round in 0..<1_000 {
      let item = Item("\(round)")
      table.insert(item)
      held.append(item)
      if held.count == 3 { table.remove(held.removeFirst()) }
    }
    #expect(table.count == 2)
    #expect(names(table) == Set(held.map(\.name)))
    expectConsistent(table)
  }
}
