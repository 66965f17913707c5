/// An object that a ``SlotTable`` holds, and that keeps where.
protocol SlotTableElement: AnyObject {
  /// Where the table keeps it: set by the table, read by nobody else.
  var slot: Int { get set }
}

/// Objects kept in an array, each knowing its place in it: adding one appends it, removing one
/// moves the last into its place. Either is a couple of array writes, without hashing. The effect
/// registry lists its running effects and its open groups in two tables, each entered and left
/// once in every effect's life (a dictionary keyed by a number cost a round trip its hashing: see
/// docs/performance-history.md, "The registry's tables"), and an empty table is one array, as small as the
/// dictionary was (every runtime has two, and an idle view model's size has a target).
///
/// Not ordered: a caller that needs the order of insertion keeps it in the objects.
struct SlotTable<Element: SlotTableElement> {
  /// The objects, in no particular order.
  private(set) var elements: [Element] = []

  /// How many objects the table holds.
  var count: Int { elements.count }

  var isEmpty: Bool { elements.isEmpty }

  /// Keeps `element`, which no table holds.
  mutating func insert(_ element: Element) {
    element.slot = elements.count
    elements.append(element)
  }

  /// Lets go of `element`, which this table holds.
  mutating func remove(_ element: Element) {
    let slot = element.slot
    precondition(
      slot < elements.count && elements[slot] === element, "removing an object the table does not hold")
    let last = elements.removeLast()
    if last !== element {
      last.slot = slot
      elements[slot] = last
    }
  }
}

extension SlotTable: Sendable where Element: Sendable {}
