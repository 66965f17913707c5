/// One step of an exploration's run: the choices its action was made from, and which of the
/// clock's moves followed it.
///
/// The same steps make the same run, so a run can be kept, sent to another process and run
/// there: a host that explores a feature in a child process (`uno-host explore`) has the child
/// announce each step before it sends the step's action, so that a crash leaves the run that
/// caused it behind, and then shrinks that run in further children.
@_spi(Internals)
public struct ExplorationStep: Codable, Equatable, Sendable {
  /// The choices the step's action was made from, in order (a choice that is not there reads as
  /// `0`, the simplest).
  public var choices: [UInt64]
  /// Which of the exploration's clock moves followed the action (an index into its `advances`).
  public var advance: Int

  public init(choices: [UInt64], advance: Int) {
    self.choices = choices
    self.advance = advance
  }
}

/// What an exploration announces as it goes (`onEvent:` of the host's `explore`).
@_spi(Internals)
public enum ExplorationEvent<Action> {
  /// A run begins: a generated one, one tried while shrinking, or given steps.
  case runStarted
  /// A step's action is about to be sent.
  case stepping(ExplorationStep, Action)
}

/// The shortest run found that still fails as `steps` does: steps removed (the run cut after the
/// failing step, then chunks of it taken out, largest first), each step's choices made fewer and
/// smaller, the clock's moves made shorter; repeated until nothing shrinks or `budget` candidates
/// have been tried.
///
/// `attempt` runs a candidate and says whether it fails the same way: `nil` if it does not;
/// otherwise the steps it took (each with the choices it used, which may be fewer than given) and
/// the index of the step that failed (`nil`: the failure came at the end of the run). The
/// explorer's attempt runs the candidate in the process; a host's, in a child process, so that a
/// crash is shrunk like any failure.
@_spi(Internals)
@MainActor
public func shrinkRun(
  _ steps: [ExplorationStep], failingAt step: Int?, budget: Int,
  attempt run: ([ExplorationStep]) async -> (steps: [ExplorationStep], failingAt: Int?)?
) async -> [ExplorationStep] {
  var best = steps
  if let step { best = Array(best.prefix(step + 1)) }
  var budget = budget
  func attempt(_ candidate: [ExplorationStep]) async -> Bool {
    guard budget > 0, candidate != best else { return false }
    budget -= 1
    guard let found = await run(candidate) else { return false }
    best = found.failingAt.map { Array(found.steps.prefix($0 + 1)) } ?? found.steps
    return true
  }
  var shrunk = true
  while shrunk, budget > 0 {
    shrunk = false
    // Remove chunks of steps, from half the run down to one step.
    var size = max(best.count / 2, 1)
    while size >= 1 {
      var start = 0
      while start < best.count {
        var candidate = best
        candidate.removeSubrange(start..<min(start + size, best.count))
        if await attempt(candidate) { shrunk = true } else { start += size }
      }
      size /= 2
    }
    // Simpler clock moves, then simpler choices.
    for index in best.indices where index < best.count {
      for advance in 0..<best[index].advance {
        var candidate = best
        candidate[index].advance = advance
        if await attempt(candidate) {
          shrunk = true
          break
        }
      }
    }
    for index in best.indices where index < best.count {
      var position = 0
      while index < best.count, position < best[index].choices.count {
        let value = best[index].choices[position]
        var improved = false
        for smaller in smallerChoices(than: value) {
          var candidate = best
          candidate[index].choices[position] = smaller
          if await attempt(candidate) {
            improved = true
            shrunk = true
            break
          }
        }
        if !improved { position += 1 }
      }
    }
  }
  return best
}

/// Values to try in place of `value`, simplest first.
private func smallerChoices(than value: UInt64) -> [UInt64] {
  guard value > 0 else { return [] }
  var result: [UInt64] = [0]
  if value > 2 { result.append(value / 2) }
  if value > 1 { result.append(value - 1) }
  return result
}
