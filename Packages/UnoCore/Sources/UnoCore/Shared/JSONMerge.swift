import Foundation

/// A three-way merge of JSON values: what ``FileStorageKey`` saves when the file changed since it
/// last read or wrote it (another process saved in between), so that neither process's changes
/// undo the other's.
///
/// The rule, from the value both started from (`base`), the saving process's (`ours`) and the
/// file's (`theirs`):
/// - a part only one side changed takes that side's change;
/// - objects merge member by member, and arrays whose elements are all objects with an `"id"`
///   merge element by element, matched by id (an element added on either side is kept, one
///   removed on one side and unchanged on the other is removed; the order is that of the side that
///   reordered, else the file's, with the saving process's new elements after);
/// - where both changed the same member, element or other value, the saving process wins.
///
/// What it can still lose: the other process's change to a member the saving process changed
/// too, and any concurrent change inside an array without ids (the saving process's array wins
/// whole).
enum JSONMerge {
  static func merge(base: Any?, ours: Any, theirs: Any) -> Any {
    if let base, isEqual(ours, base) { return theirs }
    if let base, isEqual(theirs, base) { return ours }
    if isEqual(ours, theirs) { return ours }
    if let oursObject = ours as? [String: Any], let theirsObject = theirs as? [String: Any] {
      return mergeObjects(base: base as? [String: Any], ours: oursObject, theirs: theirsObject)
    }
    if let oursArray = identified(ours), let theirsArray = identified(theirs) {
      return mergeArrays(base: base.flatMap(identified), ours: oursArray, theirs: theirsArray)
    }
    return ours
  }

  private static func mergeObjects(
    base: [String: Any]?, ours: [String: Any], theirs: [String: Any]
  ) -> [String: Any] {
    var merged: [String: Any] = [:]
    for key in Set(ours.keys).union(theirs.keys) {
      if let value = mergeMember(base: base?[key], ours: ours[key], theirs: theirs[key]) {
        merged[key] = value
      }
    }
    return merged
  }

  /// One member or element on each side (`nil`: not there); `nil` when the merge drops it.
  private static func mergeMember(base: Any?, ours: Any?, theirs: Any?) -> Any? {
    switch (ours, theirs) {
    case (nil, nil):
      return nil
    case (let ours?, nil):
      // Absent from the file: removed there if it was in the base, unless we changed it since.
      guard let base else { return ours }
      return isEqual(ours, base) ? nil : ours
    case (nil, let theirs?):
      // Absent from ours: added by them, or removed by us (we win a conflict).
      return base == nil ? theirs : nil
    case (let ours?, let theirs?):
      return merge(base: base, ours: ours, theirs: theirs)
    }
  }

  /// An array whose elements are all objects with an `"id"`, as pairs of id and element.
  private static func identified(_ value: Any) -> [(id: String, element: Any)]? {
    guard let array = value as? [Any] else { return nil }
    var result: [(id: String, element: Any)] = []
    for element in array {
      guard let object = element as? [String: Any], let id = object["id"] else { return nil }
      result.append((canonical(id), element))
    }
    return result
  }

  private static func mergeArrays(
    base: [(id: String, element: Any)]?, ours: [(id: String, element: Any)],
    theirs: [(id: String, element: Any)]
  ) -> [Any] {
    let baseByID = Dictionary((base ?? []).map { ($0.id, $0.element) }, uniquingKeysWith: { a, _ in a })
    let oursByID = Dictionary(ours.map { ($0.id, $0.element) }, uniquingKeysWith: { a, _ in a })
    let theirsByID = Dictionary(theirs.map { ($0.id, $0.element) }, uniquingKeysWith: { a, _ in a })
    let oursReordered =
      ours.map(\.id).filter { baseByID[$0] != nil }
      != (base ?? []).map(\.id).filter { oursByID[$0] != nil }
    let (first, second) = oursReordered ? (ours, theirs) : (theirs, ours)
    var seen = Set<String>()
    var merged: [Any] = []
    for (id, _) in first + second where seen.insert(id).inserted {
      if let element = mergeMember(base: baseByID[id], ours: oursByID[id], theirs: theirsByID[id]) {
        merged.append(element)
      }
    }
    return merged
  }

  static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    canonical(lhs) == canonical(rhs)
  }

  /// The value as JSON with sorted keys: equal values, equal strings.
  private static func canonical(_ value: Any) -> String {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
    else { return "\(value)" }
    return String(decoding: data, as: UTF8.self)
  }
}
