import Observation

/// A part of a view state that a view has read: its value, the ids of the rows it holds, or
/// whether it is there.
///
/// Each field a view model's views have read is a key path of its own to its
/// `ObservationRegistrar` (`ObservationSubject.keyPath(ofField: n)`, `n` its place in the view
/// model's ``FieldObservation``), so that a change tells only the observers of the fields it
/// changed.
@usableFromInline
struct ObservedField: Hashable {
  @usableFromInline
  enum Kind: UInt8 {
    /// The field's value (compared with `==`, or changed whenever the view state is).
    case value
    /// The ids of the rows of a collection, in order: what a list view draws its rows from.
    case ids
    /// Whether an optional holds a value: what a view presents a child from.
    case presence
  }

  let kind: Kind
  let keyPath: AnyKeyPath

  @usableFromInline
  init(kind: Kind, keyPath: AnyKeyPath) {
    self.kind = kind
    self.keyPath = keyPath
  }
}

/// The fields of a view state that views have read, and which of them a change changed.
///
/// Observation keeps each observer until the first change of anything it read, so a field that
/// nobody has read since its last change has no observer: only the fields read since then are
/// compared when the view state changes, and a view model nobody reads field by field compares
/// nothing. Comparing is what tells a change that leaves a field equal from one that does not.
@MainActor
@usableFromInline
final class FieldObservation<Action: Sendable, ViewState> {
  @usableFromInline typealias FieldKeyPath = KeyPath<ObservationSubject, Int>

  // One entry per field ever read (as many as the key paths the views name), in parallel arrays:
  // a read touches only those whose types are fixed (`fields`, `keyPaths`, `isRead`); kept in one
  // array of a struct nested here, each read looked up that struct's generic metadata.
  //
  // None of them is checked for exclusive access at run time (`@exclusivity(unchecked)`): every
  // access to them is instantaneous (no `inout` or mutating call on one spans a call out of this
  // class, the comparisons in `takeChanged` included), all on the main actor, so no two accesses
  // can overlap; the checks were a twentieth of a send while a view reads a field.

  /// Each entry's field.
  @exclusivity(unchecked) private var fields: [ObservedField] = []
  /// Each entry's key path for the registrar.
  @exclusivity(unchecked) private var keyPaths: [FieldKeyPath] = []
  /// Whether each entry was read since its last change.
  @exclusivity(unchecked) private var isRead: [Bool] = []
  /// Whether each entry's field differs between two view states; `nil`: it always does (a field
  /// that cannot be compared). Not an array of `(ViewState, ViewState) -> Bool`: reading one from
  /// an array whose element type depends on `ViewState` looked up that closure type's metadata,
  /// and `Optional`'s of it, at every change (a tenth of a send while a view reads a field).
  @exclusivity(unchecked) private var differs: [FieldComparison?] = []
  /// The entries, by field.
  @exclusivity(unchecked) private var index: [ObservedField: Int] = [:]
  /// The same, by the identity of the field's key path: a literal at a call site is one object,
  /// read again at every draw, and hashing its identity is much cheaper than hashing the path.
  @exclusivity(unchecked) private var byIdentity: [ObjectIdentifier: Int] = [:]
  /// The entries read since their last change, each once.
  @exclusivity(unchecked) private var read: [Int] = []
  /// What ``takeChanged(from:to:)`` returned last, kept so that the next change reuses its buffer
  /// instead of allocating one (the caller has let go of it by then).
  @exclusivity(unchecked) private var changed: [FieldKeyPath] = []

  /// Marks `field` read and returns its key path for the registrar. `differs` is asked for only
  /// the first time the field is read.
  @usableFromInline
  func read(
    _ field: ObservedField, differs: () -> ((ViewState, ViewState) -> Bool)?
  ) -> FieldKeyPath {
    let position: Int
    if let found = byIdentity[ObjectIdentifier(field.keyPath)], fields[found] == field {
      position = found
    } else if let found = index[field] {
      position = found
      byIdentity[ObjectIdentifier(field.keyPath)] = found
    } else {
      position = fields.count
      fields.append(field)
      keyPaths.append(ObservationSubject.keyPath(ofField: position))
      isRead.append(false)
      self.differs.append(differs().map(FieldComparison.init))
      index[field] = position
      // The entry holds the key path, so no other object can take its identity while it lives.
      byIdentity[ObjectIdentifier(field.keyPath)] = position
    }
    if !isRead[position] {
      isRead[position] = true
      read.append(position)
    }
    return keyPaths[position]
  }

  /// The key paths of the fields read since their last change that differ between `old` and
  /// `new`; they count as unread from now on (their observers are told, and forgotten).
  ///
  /// Called before any observer is told, so that an observer that reads a field again while it
  /// is told marks it read for the next change.
  func takeChanged(from old: ViewState, to new: ViewState) -> [FieldKeyPath] {
    guard !read.isEmpty else { return [] }
    changed.removeAll(keepingCapacity: true)
    var kept = 0
    withUnsafePointer(to: old) { old in
      withUnsafePointer(to: new) { new in
        for position in read.indices {
          let entry = read[position]
          if differs[entry]?.differs(old, new) ?? true {
            isRead[entry] = false
            changed.append(keyPaths[entry])
          } else {
            read[kept] = entry
            kept += 1
          }
        }
      }
    }
    read.removeLast(read.count - kept)
    return changed
  }
}

/// A field's comparison of two view states, given pointers to them: a type that does not depend on
/// the view state's, so that ``FieldObservation`` keeps its comparisons in an array it reads
/// without looking up any metadata.
final class FieldComparison {
  /// Whether the field differs between the view states `old` and `new` point to.
  let differs: (UnsafeRawPointer, UnsafeRawPointer) -> Bool

  /// The comparison `differs` of view states of type `ViewState`; the pointers it is given must
  /// point to values of that type (those of the ``FieldObservation`` that made it).
  init<ViewState>(_ differs: @escaping (ViewState, ViewState) -> Bool) {
    self.differs = { old, new in
      differs(
        old.assumingMemoryBound(to: ViewState.self).pointee,
        new.assumingMemoryBound(to: ViewState.self).pointee)
    }
  }
}

/// What a view model tells its `ObservationRegistrar` that a read or a change was of: the whole
/// view state (`\.whole`) or a field (`\.field0`, …: ``keyPath(ofField:)``).
///
/// The registrar tells observers apart by the registrar and the key path, never by the subject
/// it is handed, so every view model hands this one. A view model's own type would do as well,
/// but it is generic and, `AnyViewModel` not being final, its metadata was looked up at every
/// send: 12% of one.
@usableFromInline
final class ObservationSubject: Observable, Sendable {
  @usableFromInline static let shared = ObservationSubject()

  private init() {}

  /// The whole view state.
  var whole: Int { 0 }

  /// The key path of the `position`th field a view model's views read (see ``ObservedField``):
  /// one of sixteen properties, then a subscript. Not a path that holds the field's own key path:
  /// the registrar hashes the path at every read and change, and that one cost three times as
  /// much to hash as a property's, an `Int` subscript's twice.
  static func keyPath(ofField position: Int) -> KeyPath<ObservationSubject, Int> {
    switch position {
    case 0: \.field0
    case 1: \.field1
    case 2: \.field2
    case 3: \.field3
    case 4: \.field4
    case 5: \.field5
    case 6: \.field6
    case 7: \.field7
    case 8: \.field8
    case 9: \.field9
    case 10: \.field10
    case 11: \.field11
    case 12: \.field12
    case 13: \.field13
    case 14: \.field14
    case 15: \.field15
    default: \.[field: position]
    }
  }

  var field0: Int { 0 }
  var field1: Int { 0 }
  var field2: Int { 0 }
  var field3: Int { 0 }
  var field4: Int { 0 }
  var field5: Int { 0 }
  var field6: Int { 0 }
  var field7: Int { 0 }
  var field8: Int { 0 }
  var field9: Int { 0 }
  var field10: Int { 0 }
  var field11: Int { 0 }
  var field12: Int { 0 }
  var field13: Int { 0 }
  var field14: Int { 0 }
  var field15: Int { 0 }

  /// A field past the sixteenth.
  subscript(field position: Int) -> Int { 0 }
}
