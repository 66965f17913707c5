/// The actions an exploration has made from choices, by the choices they were made from, so that
/// the same choices make the same action again without decoding it.
///
/// Decoding an action from choices goes through the action type's `Decodable` conformance and the
/// standard library's containers, unspecialized: about 70% of an exploration's time (perf,
/// 2026-12-04), most of it for actions an exploration then leaves out (`excluding:`) and draws
/// again. Making an action is a function of its choices alone, unless it takes an id from the
/// state; those are not kept. A decoding asks for choices one by one, each below a bound
/// (which case, which element of a list), and asks the same questions for the same answers, so
/// what is kept is a tree: each node the bound its question was asked below, each branch an
/// answer, each leaf the action made (or that none could be).
///
/// (A team's ``Generator`` makes its values from its choices alone, as an exploration's runs
/// must for the same seed to make the same runs; so its values are kept too.)
@MainActor
final class ActionMemo<Action> {
  /// A node of the tree. Not generic, so that walking the tree is plain code: the explorer runs
  /// unspecialized for the feature's types, where each generic step looks up metadata.
  private final class Node {
    /// The bound of the question asked here; `nil` at a leaf or a node not filled yet.
    var bound: UInt64?
    var branches: [UInt64: Node] = [:]
    /// At a leaf: the index in `made` of what the choices made.
    var leaf: Int?
  }

  private let root = Node()
  private var nodes = 1
  /// What each leaf's choices made (`nil`: no action could be made).
  private var made: [Action?] = []
  /// The most nodes kept: past it, new decodings are not kept (an action type whose payloads take
  /// many values, such as free text, would fill memory otherwise).
  private let limit: Int

  init(limit: Int = 200_000) {
    self.limit = limit
  }

  /// The action `choices` make, if it was kept, with `choices` moved past the choices it took.
  /// `.some(nil)`: those choices make no action.
  func action(from choices: inout Choices) -> Action?? {
    var probe = choices
    var node = root
    while let bound = node.bound {
      guard let next = node.branches[probe.next(below: bound)] else { return nil }
      node = next
    }
    guard let leaf = node.leaf else { return nil }
    choices = probe
    return .some(made[leaf])
  }

  /// Keeps `action` as what the choices `asked` (each with its bound, in order) make.
  func keep(_ action: Action?, asked: [(bound: UInt64, value: UInt64)]) {
    var node = root
    for question in asked {
      if node.leaf != nil { return }
      if let bound = node.bound {
        // The same answers always ask the same questions; if not, keep nothing.
        guard bound == question.bound else { return }
      } else {
        node.bound = question.bound
      }
      if let next = node.branches[question.value] {
        node = next
      } else {
        guard nodes < limit else { return }
        let next = Node()
        node.branches[question.value] = next
        nodes += 1
        node = next
      }
    }
    guard node.bound == nil, node.leaf == nil else { return }
    node.leaf = made.count
    made.append(action)
  }
}
