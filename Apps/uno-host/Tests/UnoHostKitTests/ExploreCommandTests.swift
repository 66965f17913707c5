// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing
  import UnoCore
  import UnoPlugin
  import UnoPresentation

  @testable import UnoHostKit

  /// `uno-host explore` over a host kit's feature: what the host finds, how it shows the shortest
  /// run, and the recording it gives back.
  @MainActor
  @Suite struct ExploreCommandTests {
    @Test func aBugThreeStepsDeepIsFoundShownAsTypedLinesAndItsRecordingReplays() async throws {
      let plugin = checklistPlugin(fixed: false)
      let failure = try #require(
        await exploreFeature(plugin, runs: 100, steps: 20, seed: 1, advances: [.zero]))
      #expect(failure.typedSteps == ["add", "toggle 0", "delete 0"])
      #expect(failure.report.contains("'completedCount counts the completed items'"))
      #expect(failure.report.contains("  1. add\n  2. toggle 0\n  3. delete 0\n"))
      // The recording names the feature and replays, state for state, on a fresh session.
      let recording = try #require(failure.recording)
      #expect(recording.hasPrefix("{") && recording.contains("\"feature\":\"checklist\""))
      #expect(try await plugin.replay(jsonLines: recording) == 3)
      // Checking the invariants instead of the recorded states: it fails at the step that broke
      // one while the bug is there, and passes once it is fixed.
      await #expect {
        try await plugin.replay(jsonLines: recording, checkingInvariants: true)
      } throws: { error in
        (error as? ReplayMismatch)?.entry == 2
          && (error as? ReplayMismatch)?.message.contains(
            "the invariant 'completedCount counts the completed items' does not hold") == true
      }
      #expect(
        try await checklistPlugin(fixed: true).replay(jsonLines: recording, checkingInvariants: true) == 3)
    }

    @Test func theFixedFeatureHoldsAndTheSameSeedMakesTheSameRuns() async throws {
      #expect(
        await exploreFeature(checklistPlugin(fixed: true), runs: 100, steps: 20, seed: 1, advances: [.zero])
          == nil)
      let plugin = checklistPlugin(fixed: false)
      let first = try #require(await exploreFeature(plugin, runs: 100, steps: 20, seed: 9, advances: [.zero]))
      let again = try #require(await exploreFeature(plugin, runs: 100, steps: 20, seed: 9, advances: [.zero]))
      #expect(first.report == again.report)
    }

    @Test func anExcludedActionIsNeverSent() async {
      // Without 'delete' the bug cannot be reached.
      #expect(
        await exploreFeature(
          checklistPlugin(fixed: false), runs: 100, steps: 20, seed: 1, advances: [.zero],
          excluding: ["delete"]) == nil)
    }

    @Test func eachRunsViewStateMustEncode() async throws {
      let failure = try #require(
        await exploreFeature(
          checklistPlugin(fixed: true, viewStateFailsAt: 2), runs: 50, steps: 10, seed: 3,
          advances: [.zero]))
      #expect(failure.report.contains("'the view state encodes as JSON'"))
      #expect(failure.typedSteps == ["add", "add"])
    }

    /// A list whose `delete` of a completed item forgets to count it out (unless `fixed`), and
    /// whose view state, the item count, fails to encode at `viewStateFailsAt` items.
    func checklistPlugin(fixed: Bool, viewStateFailsAt failing: Int? = nil) -> FeaturePlugin {
      FeaturePlugin(
        name: "checklist", summary: "A list with a planted bug.",
        actions: [.init(ChecklistAction.add, summary: "Adds an item.")],
        invariants: [
          FeatureInvariant("completedCount counts the completed items") { state in
            state.completedCount == state.items.filter(\.done).count
          }
        ],
        makeViewModel: {
          ViewModel(
            initialValue: ChecklistViewState(count: 0, failsAt: failing),
            AnyInteractor(Checklist(fixed: fixed)),
            BuildViewState { ChecklistViewState(count: $0.items.count, failsAt: failing) }
              .eraseToAnyViewStateReducer(),
            reportsReinitialization: false)
        })
    }
  }

  private struct ChecklistState: Codable, Equatable, Sendable {
    struct Item: Codable, Equatable, Sendable { var id: Int; var done = false }
    var items: [Item] = []
    var completedCount = 0
    var nextID = 0
  }

  private enum ChecklistAction: Codable, Equatable, Sendable {
    case add
    case toggle(id: Int)
    case delete(id: Int)
  }

  private struct ChecklistViewState: Encodable, Sendable, Equatable {
    var count: Int
    var failsAt: Int?
    struct TooMany: Error {}
    func encode(to encoder: any Encoder) throws {
      if count == failsAt { throw TooMany() }
      var container = encoder.singleValueContainer()
      try container.encode(count)
    }
  }

  private struct Checklist: Interactor {
    typealias DomainState = ChecklistState
    typealias Action = ChecklistAction
    var fixed: Bool

    var body: some Interactor<ChecklistState, ChecklistAction> {
      Interact(initialValue: ChecklistState()) { [fixed] state, action in
        switch action {
        case .add:
          state.items.append(.init(id: state.nextID))
          state.nextID += 1
        case .toggle(let id):
          guard let index = state.items.firstIndex(where: { $0.id == id }) else { return .state }
          state.items[index].done.toggle()
          state.completedCount += state.items[index].done ? 1 : -1
        case .delete(let id):
          guard let index = state.items.firstIndex(where: { $0.id == id }) else { return .state }
          if fixed, state.items[index].done { state.completedCount -= 1 }
          state.items.remove(at: index)
        }
        return .state
      }
    }
  }
#endif
