/// A list that keeps its first element inline: the effect registry's lists per group (its
/// effects, the tasks awaiting it) mostly hold one element, and an array would allocate a buffer
/// for it. (A step's plan keeps an array: a plan holding its first effect inline is large, and
/// every step made one.)
@usableFromInline
struct OneOrMore<Element>: Sequence {
  @usableFromInline var first: Element?
  @usableFromInline var rest: [Element] = []

  @inlinable init() {}

  @inlinable var isEmpty: Bool { first == nil }

  @inlinable var count: Int { first == nil ? 0 : 1 + rest.count }

  @inlinable
  mutating func append(_ element: Element) {
    if first == nil { first = element } else { rest.append(element) }
  }

  /// Removes the first element that `matches`, if there is one; the others keep their order.
  @inlinable
  mutating func removeFirst(where matches: (Element) -> Bool) {
    guard let head = first else { return }
    if matches(head) {
      first = rest.isEmpty ? nil : rest.removeFirst()
    } else if let index = rest.firstIndex(where: matches) {
      rest.remove(at: index)
    }
  }

  @inlinable
  func makeIterator() -> Iterator {
    Iterator(list: self)
  }

  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline let list: OneOrMore
    @usableFromInline var index = -1

    @inlinable init(list: OneOrMore) { self.list = list }

    @inlinable
    mutating func next() -> Element? {
      defer { index += 1 }
      if index < 0 { return list.first }
      return index < list.rest.count ? list.rest[index] : nil
    }
  }
}

extension OneOrMore: Sendable where Element: Sendable {}
