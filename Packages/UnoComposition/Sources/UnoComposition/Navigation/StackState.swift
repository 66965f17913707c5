import CasePaths
import Dependencies

/// A navigation stack in a feature's state: the screens pushed on top of the root, in order,
/// each with a ``StackElementID`` given when it is added.
///
/// ```swift
/// struct AppState: Equatable {
///   var list = ListState()
///   var path = StackState<Path.State>()
/// }
///
/// // in the parent's interactor: push and pop by changing state
/// state.path.append(.detail(DetailState(id: id)))
/// state.path.removeLast()
/// ```
///
/// Run the screens' interactors with
/// `Interactor.forEach(stateIs:actionIs:fileID:filePath:line:column:_:)` over a
/// ``StackAction``: a screen's effects are cancelled in the step that removes it, however it was
/// removed.
///
/// It is a random-access collection of its elements, bottom first. Reaching an element by id is
/// one hash lookup whatever the depth. Ids come from the ``StackElementIDGenerator`` dependency,
/// so a test's ids are `0`, `1`, `2`… and a step assertion pushes by naming the id:
///
/// ```swift
/// await harness.send(.list(.rowTapped(id))) { $0.path[id: 0] = .detail(DetailState(id: id)) }
/// await harness.send(.path(.popFrom(id: 0))) { $0.path.removeLast() }
/// ```
///
/// Two stacks are equal when they hold the same ids, in the same order, with equal elements.
/// Encoded, a stack is an array of `{"id": n, "state": element}`, bottom first.
public struct StackState<Element> {
  @usableFromInline var order: [StackElementID]
  @usableFromInline var elements: [StackElementID: Element]

  /// An empty stack.
  public init() {
    order = []
    elements = [:]
  }

  /// A stack of `elements`, bottom first, each with a new id.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the elements, bottom first.
  public var ids: [StackElementID] { order }

  /// The element with `id`, or `nil` if the stack has none.
  ///
  /// Setting `nil` removes that element (and only it); setting an element for an id that is not
  /// in the stack pushes it with that id, on top. This is how a step assertion writes a push,
  /// `$0.path[id: 0] = .detail(…)`, and a pop, `$0.path[id: 1] = nil`.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id] }
    set {
      guard let newValue else {
        guard elements.removeValue(forKey: id) != nil else { return }
        order.remove(at: order.lastIndex(of: id)!)
        return
      }
      if elements.updateValue(newValue, forKey: id) == nil { order.append(id) }
    }
  }

  /// Changes the element with `id` in place; `nil` if there is none.
  @inlinable
  mutating func modify<Result>(id: StackElementID, _ body: (inout Element) -> Result) -> Result? {
    guard elements[id] != nil else { return nil }
    return body(&elements[id]!)
  }

  /// Whether the stack holds an element with `id`.
  @inlinable
  public func contains(id: StackElementID) -> Bool { elements[id] != nil }

  /// Pushes `element` on top, with a new id from the ``StackElementIDGenerator`` dependency.
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var nextID
    var id = nextID()
    // A stack decoded from elsewhere may hold ids the generator has not made yet.
    while elements[id] != nil { id = nextID() }
    order.append(id)
    elements[id] = element
  }

  /// Pushes `element` on top with `id`; returns `false`, and changes nothing, if the stack
  /// already holds `id`.
  @discardableResult
  public mutating func append(_ element: Element, id: StackElementID) -> Bool {
    guard elements[id] == nil else { return false }
    order.append(id)
    elements[id] = element
    return true
  }

  /// Removes and returns the top element. The stack must not be empty.
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!order.isEmpty, "removeLast() on an empty StackState: there is no screen to pop")
    return elements.removeValue(forKey: order.removeLast())!
  }

  /// Removes the top `k` elements. The stack must hold at least `k`.
  public mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= order.count, "removeLast(\(k)) on a StackState of \(order.count)")
    for _ in 0..<k { removeLast() }
  }

  /// Removes and returns the top element; `nil` if the stack is empty.
  public mutating func popLast() -> Element? {
    order.isEmpty ? nil : removeLast()
  }

  /// Removes every element.
  public mutating func removeAll() {
    order.removeAll()
    elements.removeAll()
  }

  /// Removes the element with `id` and every element above it; returns `false`, and changes
  /// nothing, if the stack has no element with `id`.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = order.lastIndex(of: id) else { return false }
    for removed in order[index...] { elements[removed] = nil }
    order.removeSubrange(index...)
    return true
  }

  /// Removes every element above the one with `id`; returns `false`, and changes nothing, if the
  /// stack has no element with `id`.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = order.lastIndex(of: id) else { return false }
    guard index + 1 < order.count else { return true }
    return pop(from: order[index + 1])
  }
}

extension StackState where Element: CasePathable {
  /// The element with `id` as the case `path`, or `nil` if there is no such element or it is in
  /// another case. Setting changes the element in place (a `nil` is ignored).
  ///
  /// A step assertion reaches into a screen with it:
  ///
  /// ```swift
  /// await harness.send(.path(.element(id: 0, action: .detail(.editTapped)))) {
  ///   $0.path[id: 0, case: \.detail]?.isEditing = true
  /// }
  /// ```
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case? {
    get { elements[id].flatMap { $0[case: path] } }
    set {
      guard let newValue, elements[id] != nil else { return }
      elements[id] = path(newValue)
    }
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { order.count }

  /// The element at `position`, counted from the bottom of the stack.
  public subscript(position: Int) -> Element {
    get { elements[order[position]]! }
    set { elements[order[position]] = newValue }
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the given elements, bottom first, each with a new id.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.order == rhs.order && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    for id in order {
      hasher.combine(id)
      hasher.combine(elements[id]!)
    }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Codable where Element: Codable {
  private enum CodingKeys: String, CodingKey { case id, state }

  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let entry = try container.nestedContainer(keyedBy: CodingKeys.self)
      let id = try entry.decode(StackElementID.self, forKey: .id)
      guard append(try entry.decode(Element.self, forKey: .state), id: id) else {
        throw DecodingError.dataCorruptedError(
          forKey: .id, in: entry, debugDescription: "The id \(id.rawValue) is in the stack twice.")
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for id in order {
      var entry = container.nestedContainer(keyedBy: CodingKeys.self)
      try entry.encode(id, forKey: .id)
      try entry.encode(elements[id]!, forKey: .state)
    }
  }
}

extension StackState: CustomReflectable {
  /// The elements by id, bottom first, as test failures and `_printChanges` show them.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: order.map { (key: $0, value: elements[$0]!) }, displayStyle: .dictionary)
  }
}
