import CustomDump

/// A line-by-line difference of two dumps: the lines of the longest common subsequence kept,
/// the others marked removed (`first`) or added (`second`), and long runs of unchanged lines
/// folded into `… (N unchanged)`, as swift-custom-dump folds unchanged fields.
///
/// Used where a structural diff cannot be: between two states that hold shared values, each read
/// from its own snapshot (``SharedSnapshot/difference(_:_:_:_:format:)``).
struct LineDifference {
  let text: String

  /// Unchanged lines kept around each change.
  static let context = 2

  init(_ old: String, _ new: String, format: DiffFormat) {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    // Trim the common head and tail before the quadratic part.
    var head = 0
    while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] {
      tail += 1
    }
    let midA = Array(a[head..<(a.count - tail)])
    let midB = Array(b[head..<(b.count - tail)])
    // lengths[i][j]: the longest common subsequence of midA[i...] and midB[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: midB.count + 1), count: midA.count + 1)
    for i in stride(from: midA.count - 1, through: 0, by: -1) {
      for j in stride(from: midB.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          midA[i] == midB[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    enum Mark { case both, first, second }
    var lines: [(Mark, Substring)] = a[..<head].map { (.both, $0) }
    var (i, j) = (0, 0)
    while i < midA.count || j < midB.count {
      if i < midA.count, j < midB.count, midA[i] == midB[j] {
        lines.append((.both, midA[i]))
        i += 1
        j += 1
      } else if j < midB.count, i == midA.count || lengths[i][j + 1] > lengths[i + 1][j] {
        lines.append((.second, midB[j]))
        j += 1
      } else {
        lines.append((.first, midA[i]))
        i += 1
      }
    }
    lines += a[(a.count - tail)...].map { (.both, $0) }

    // Fold runs of unchanged lines far from any change.
    let changed = lines.indices.filter { lines[$0].0 != .both }
    var output: [String] = []
    var index = 0
    while index < lines.count {
      let (mark, line) = lines[index]
      let near = changed.contains { abs($0 - index) <= Self.context }
      if mark == .both && !near {
        var end = index
        while end < lines.count, lines[end].0 == .both,
          !changed.contains(where: { abs($0 - end) <= Self.context })
        {
          end += 1
        }
        let indent = line.prefix { $0 == " " }
        output.append("\(format.both) \(indent)… (\(end - index) unchanged)")
        index = end
        continue
      }
      let prefix = mark == .first ? format.first : mark == .second ? format.second : format.both
      output.append("\(prefix) \(line)")
      index += 1
    }
    text = output.joined(separator: "\n")
  }
}
