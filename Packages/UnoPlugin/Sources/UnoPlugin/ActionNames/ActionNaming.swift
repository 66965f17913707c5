/// The name of every action of an action type, from its cases (``ActionSchema``), and the way
/// between a name and the JSON the host reads.
///
/// A name is the case names from the feature's action down to the case that does something,
/// joined by dots:
/// - a case that carries a child's action continues with that action's name (`detail.load`,
///   `editor.titleChanged` for `case editor(action: EditorAction)`), without its label;
/// - an action for one of several children (`element(id:action:)`) is named by the child's
///   action and takes the child's id (`todo.toggle <id>`); its `element` is left out of the name
///   unless another action of the same parent would then have the same name;
/// - a case that carries values ends the name: the values are its payload, whatever their type
///   (`filterPicked` takes a `Filter`);
/// - an optional child's action (an alert's buttons) also has a name of its own for `nil`.
struct ActionNaming: Sendable {
  /// One action's name and route.
  struct Entry: Sendable {
    /// The name hosts show and read.
    let name: String
    /// The steps from the feature's action to the case that does something, outermost first.
    let route: [Step]
    /// The case that does something.
    let leaf: String
    /// The values it carries, in order.
    let fields: [ActionSchema.Field]
    /// The names of the children whose ids it takes, outermost first (`todo`, `path`).
    var idOwners: [String] {
      route.compactMap { if case .element(let name, _, _, _) = $0 { return name } else { return nil } }
    }
    /// The entry's key: every case name on the way, `element` included.
    fileprivate let key: String
  }

  /// A step on the way to an action.
  enum Step: Sendable {
    /// Into a case that carries a child's action under `label` (`_0`: written as itself).
    case child(case: String, label: String)
    /// Into a case for one of several children: `idLabel` and `actionLabel` in it. `case` is the
    /// name of the parent case that holds it (`todo`), for what the id addresses; `id` is what
    /// the id is (its type, a value of it).
    case element(owner: String, case: String, labels: (id: String, action: String), id: ActionSchema.Field?)
  }

  /// Every action, in declaration order.
  let entries: [Entry]
  /// The entries of top-level cases that do something themselves (`increment`,
  /// `queryChanged`), by name: what most actions are, found with one lookup (a host finds the
  /// name of every action it is sent).
  let topLevelLeaves: [String: Int]
  private let indexByKey: [String: Int]
  private let schema: ActionSchema

  init(_ schema: ActionSchema) {
    self.schema = schema
    var collected: [(entry: Entry, long: String)] = []
    Self.collect(schema, route: [], short: [], long: [], owner: nil, into: &collected)
    // A name that two actions would share is written with every case on its way.
    var counts: [String: Int] = [:]
    for item in collected { counts[item.entry.name, default: 0] += 1 }
    entries = collected.map { item in
      guard counts[item.entry.name]! > 1 else { return item.entry }
      return Entry(
        name: item.long, route: item.entry.route, leaf: item.entry.leaf, fields: item.entry.fields,
        key: item.entry.key)
    }
    indexByKey = Dictionary(
      entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    let named = entries
    topLevelLeaves = indexByKey.filter { named[$0.value].route.isEmpty }
  }

  private static func collect(
    _ schema: ActionSchema, route: [Step], short: [String], long: [String], owner: String?,
    into entries: inout [(entry: Entry, long: String)]
  ) {
    for item in schema.cases {
      func leaf(_ fields: [ActionSchema.Field]) {
        let name = (short + [item.name]).joined(separator: ".")
        let key = (long + [item.name]).joined(separator: ".")
        entries.append(
          (Entry(name: name, route: route, leaf: item.name, fields: fields, key: key), key))
      }
      let payload = item.payload
      switch payload.kind {
      case .none:
        leaf([])
      case .values:
        leaf(payload.fields)
      case .child:
        if payload.optional { leaf([]) }
        collect(
          payload.child!, route: route + [.child(case: item.name, label: payload.label)],
          short: short + [item.name], long: long + [item.name], owner: item.name, into: &entries)
      case .element:
        collect(
          payload.child!,
          route: route + [
            .element(
              owner: owner ?? item.name, case: item.name, labels: (payload.label, payload.actionLabel),
              id: payload.fields.first)
          ],
          short: short, long: long + [item.name], owner: nil, into: &entries)
      }
    }
  }

  // MARK: From JSON to a name

  /// An action found in the JSON a host reads.
  struct Found {
    /// The entry's index in ``entries``.
    let index: Int
    /// The entry of ``entries``.
    let entry: Entry
    /// The ids of the children it addresses, outermost first.
    let ids: [JSONValue]
    /// What the case that does something carries, as written (`nil`: nothing).
    let payload: JSONValue?
  }

  /// Why JSON is not one of the actions.
  struct NotFound: Error {
    /// The name as far as it was read, the unknown part last.
    let name: String
    /// What was wrong, when it is not only an unknown name.
    let reason: String?
  }

  /// The index in ``entries`` of `action`: ``topLevelLeaves`` for a top-level case's, ``find(_:)``
  /// for any other.
  func index(of action: JSONValue, topLevel: String) -> Result<Int, NotFound> {
    if let index = topLevelLeaves[topLevel] { return .success(index) }
    return find(action).map(\.index)
  }

  /// The action `action` is, in the host's JSON (`"name"`, or `{"name": payload}` at each level,
  /// an unlabeled value written as itself) or as Swift's `Codable` writes it (`{"_0": value}`).
  func find(_ action: JSONValue) -> Result<Found, NotFound> {
    var cases = schema.cases
    var value = action
    var names: [String] = []
    var keys: [String] = []
    var ids: [JSONValue] = []
    while true {
      let name: String
      let payload: JSONValue?
      switch value {
      case .string(let bare):
        (name, payload) = (bare, nil)
      case .object(let object) where object.count == 1:
        (name, payload) = object.first!
      default:
        let shown = names.joined(separator: ".")
        return .failure(
          NotFound(
            name: shown,
            reason: shown.isEmpty
              ? nil : "'\(shown)' is followed by the action it carries, as a name or a one-key object"))
      }
      names.append(name)
      keys.append(name)
      guard let item = cases.first(where: { $0.name == name }) else {
        return .failure(NotFound(name: names.joined(separator: "."), reason: nil))
      }
      let carried = item.payload
      switch carried.kind {
      case .none, .values:
        return entry(keys, ids, Self.unwrapped(payload))
      case .child:
        let label = carried.label
        let inner = label == "_0" ? Self.unwrapped(payload) : payload?[label]
        if carried.optional, inner == nil || inner == .null || inner?.isEmptyObject == true {
          return entry(keys, ids, nil)
        }
        guard let inner else {
          return .failure(
            NotFound(name: names.joined(separator: "."), reason: "'\(name)' needs the action it carries"))
        }
        (cases, value) = (carried.child!.cases, inner)
      case .element:
        let (idLabel, actionLabel) = (carried.label, carried.actionLabel)
        guard let id = payload?[idLabel], let inner = payload?[actionLabel] else {
          return .failure(
            NotFound(
              name: names.joined(separator: "."),
              reason: "'\(name)' needs '\(idLabel)' and '\(actionLabel)'"))
        }
        names.removeLast()
        ids.append(id)
        (cases, value) = (carried.child!.cases, inner)
      }
    }
  }

  /// `value`, or the one unlabeled value it holds as Swift's `Codable` writes it (`{"_0": v}`).
  private static func unwrapped(_ value: JSONValue?) -> JSONValue? {
    if case .object(let object)? = value, object.count == 1, let inner = object["_0"] { return inner }
    return value
  }

  private func entry(_ keys: [String], _ ids: [JSONValue], _ payload: JSONValue?) -> Result<Found, NotFound> {
    guard let index = indexByKey[keys.joined(separator: ".")] else {
      return .failure(NotFound(name: keys.joined(separator: "."), reason: nil))
    }
    return .success(Found(index: index, entry: entries[index], ids: ids, payload: payload))
  }

  // MARK: From a name to JSON

  /// The entry named `name`.
  func entry(named name: String) -> Entry? {
    entries.first { $0.name == name }
  }

  /// The host's JSON for `entry` with `ids` (one per child it addresses, outermost first) and
  /// `payload` (what its case carries: an object of its fields, or its one unlabeled value).
  func json(for entry: Entry, ids: [JSONValue], payload: JSONValue?) -> JSONValue {
    var value: JSONValue = .object([entry.leaf: payload ?? .object([:])])
    var remaining = ids
    for step in entry.route.reversed() {
      switch step {
      case .child(let name, let label):
        value = .object([name: label == "_0" ? value : .object([label: value])])
      case .element(_, let name, let labels, _):
        let id = remaining.popLast() ?? .null
        value = .object([name: .object([labels.id: id, labels.action: value])])
      }
    }
    return value
  }

  /// An example of `entry` in the host's JSON, for an action its feature gives no example of:
  /// each id and value a value of its type as the schema made it (empty text, zero, the first
  /// case), `{}` where none could be made.
  func example(for entry: Entry) -> JSONValue {
    let ids: [JSONValue] = entry.route.compactMap { step in
      guard case .element(_, _, _, let id) = step else { return nil }
      return id?.example ?? .object([:])
    }
    let fields = entry.fields
    let payload: JSONValue?
    if fields.isEmpty {
      payload = nil
    } else if fields.count == 1, JSONCoding.isPosition(fields[0].label) {
      payload = fields[0].example ?? .object([:])
    } else {
      payload = .object(
        Dictionary(
          fields.map { ($0.label, $0.example ?? .object([:])) }, uniquingKeysWith: { first, _ in first }))
    }
    return json(for: entry, ids: ids, payload: payload)
  }
}
