import ConcurrencyExtras
import SearchFeature
import UnoCore
import UnoTesting

/// A search client the test controls: it records every call, and each query answers when (and
/// with what) the test says.
nonisolated final class FakeSearchClient: Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "the index is offline" }
  }

  private let state = LockIsolated<
    (
      calls: [String], gates: [String: TestGate], started: [String: TestGate],
      answers: [String: Result<[SearchResult], Failure>], details: TestGate?
    )
  >(([], [:], [:], [:], nil))

  /// Queries searched, in order.
  var calls: [String] { state.withValue { $0.calls } }

  /// Makes `query` wait for `gate.open()` before answering (even when cancelled, like a server).
  func hold(_ query: String, until gate: TestGate) {
    state.withValue { $0.gates[query] = gate }
  }

  /// Opens when a search for `query` has reached the client.
  func started(_ query: String) -> TestGate {
    state.withValue { state in
      if let gate = state.started[query] { return gate }
      let gate = TestGate()
      state.started[query] = gate
      return gate
    }
  }

  /// Makes every detail request wait for the returned gate to open (or for its task to be
  /// cancelled).
  func holdDetails() -> TestGate {
    let gate = TestGate()
    state.withValue { $0.details = gate }
    return gate
  }

  /// What `query` answers; unknown queries answer no results.
  func answer(_ query: String, with results: [SearchResult]) {
    state.withValue { $0.answers[query] = .success(results) }
  }

  func fail(_ query: String) {
    state.withValue { $0.answers[query] = .failure(Failure()) }
  }

  var client: SearchClient {
    SearchClient(
      search: { query, _ in
        let gate = self.state.withValue { state in
          state.calls.append(query)
          return state.gates[query]
        }
        self.started(query).open()
        await gate?.waitIgnoringCancellation()
        let answer = self.state.withValue { $0.answers[query] } ?? .success([])
        return try answer.get()
      },
      detail: { id in
        await self.state.withValue { $0.details }?.wait()
        guard id != 0xDEAD else { throw Failure() }
        return SearchDetail(
          id: id, name: "CHARACTER \(id)", character: "?", codePoint: "U+\(id)", utf8: "", utf16: "",
          category: "Other Symbol", age: "1.1", properties: []
        )
      }
    )
  }
}

nonisolated let cat = SearchResult(id: 0x1F408, name: "CAT", character: "🐈")
nonisolated let catFace = SearchResult(id: 0x1F431, name: "CAT FACE", character: "🐱")
let dog = SearchResult(id: 0x1F415, name: "DOG", character: "🐕")
