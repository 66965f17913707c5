import Observation

/// A part of a view state that a view has read, as observation knows it: its value, the ids of
/// the rows it holds, or whether it is there.
///
/// It is the argument of the key path `\AnyViewModel.[observedField: field]`, so that each field
/// is a key path of its own to the `ObservationRegistrar`, and a change tells only the observers
/// of the fields it changed.
struct ObservedField: Hashable {
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
}

/// The fields of a view state that views have read, and which of them a change changed.
///
/// Observation keeps each observer until the first change of anything it read, so a field that
/// nobody has read since its last change has no observer: only the fields read since then are
/// compared when the view state changes, and a view model nobody reads field by field compares
/// nothing. Comparing is what tells a change that leaves a field equal from one that does not.
@MainActor
final class FieldObservation<Action: Sendable, ViewState: Sendable> {
  typealias FieldKeyPath = KeyPath<AnyViewModel<Action, ViewState>, Int>

  private struct Entry {
    let keyPath: FieldKeyPath
    /// Whether the field differs between two view states; `nil`: it always does (a field that
    /// cannot be compared).
    let differs: ((ViewState, ViewState) -> Bool)?
    var isRead = false
  }

  /// Every field ever read (as many as the key paths the views name), by field.
  private var index: [ObservedField: Int] = [:]
  private var entries: [Entry] = []
  /// The entries read since their last change, each once.
  private var read: [Int] = []

  /// Marks `field` read and returns its key path for the registrar. `differs` is asked for only
  /// the first time the field is read.
  func read(
    _ field: ObservedField, differs: () -> ((ViewState, ViewState) -> Bool)?
  ) -> FieldKeyPath {
    let position: Int
    if let found = index[field] {
      position = found
    } else {
      position = entries.count
      entries.append(
        Entry(keyPath: \AnyViewModel<Action, ViewState>.[observedField: field], differs: differs()))
      index[field] = position
    }
    if !entries[position].isRead {
      entries[position].isRead = true
      read.append(position)
    }
    return entries[position].keyPath
  }

  /// The key paths of the fields read since their last change that differ between `old` and
  /// `new`; they count as unread from now on (their observers are told, and forgotten).
  ///
  /// Called before any observer is told, so that an observer that reads a field again while it
  /// is told marks it read for the next change.
  func takeChanged(from old: ViewState, to new: ViewState) -> [FieldKeyPath] {
    guard !read.isEmpty else { return [] }
    var changed: [FieldKeyPath] = []
    var kept = 0
    for position in read.indices {
      let entry = read[position]
      if entries[entry].differs?(old, new) ?? true {
        entries[entry].isRead = false
        changed.append(entries[entry].keyPath)
      } else {
        read[kept] = entry
        kept += 1
      }
    }
    read.removeLast(read.count - kept)
    return changed
  }
}
