import Foundation
import Synchronization
import Testing

@testable import UnoCore

/// How an effect's task is handed to its record without the registry's lock: whichever of the
/// runtime (storing the task), a cancellation and the effect's end comes first decides who acts on
/// the task, and no cancellation is lost.
struct EffectRecordTests {
  /// A task that runs until it is cancelled, to be handed over.
  private func longTask() -> Task<Void, Never> {
    Task { try? await Task.sleep(for: .seconds(3_600)) }
  }

  @Test func aCancellationAfterTheTaskIsStoredTakesTheTask() {
    let record = EffectRecord(ids: [], origin: 0)
    let task = longTask()
    #expect(!record.hasTask)
    #expect(record.attach(task) == false)
    #expect(record.hasTask)
    let taken = record.takeTaskToCancel()
    #expect(taken != nil)
    taken?.cancel()
    #expect(task.isCancelled)
  }

  @Test func aCancellationBeforeTheTaskIsStoredLeavesItToTheRuntime() {
    let record = EffectRecord(ids: [], origin: 0)
    #expect(record.takeTaskToCancel() == nil)
    let task = longTask()
    // The runtime is told to cancel the task it brings, which is not kept.
    #expect(record.attach(task) == true)
    #expect(!record.hasTask)
    task.cancel()
  }

  @Test func anEffectThatEndedBeforeItsTaskWasStoredKeepsNoTask() {
    let record = EffectRecord(ids: [], origin: 0)
    record.dropTask()
    let task = longTask()
    #expect(record.attach(task) == false)
    #expect(!record.hasTask)
    #expect(record.takeTaskToCancel() == nil)
    task.cancel()
  }

  @Test func theEndOfTheEffectDropsAStoredTask() {
    let record = EffectRecord(ids: [], origin: 0)
    let task = longTask()
    #expect(record.attach(task) == false)
    record.dropTask()
    #expect(record.takeTaskToCancel() == nil)
    task.cancel()
  }

  /// The runtime stores each task while another thread cancels the effect, the two kept within a
  /// few records of each other so that either may come first at any record: every task ends up
  /// cancelled, by one side or the other.
  @Test func noCancellationIsLostWhenBothSidesRace() async {
    let count = 5_000
    let records = (0..<count).map { EffectRecord(ids: [], origin: $0) }
    let tasks = (0..<count).map { _ in longTask() }
    let progress = Progress()
    let attaching = Task.detached {
      for index in 0..<count {
        while index > progress.cancelled.load(ordering: .acquiring) + 4 { sched_yield() }
        if records[index].attach(tasks[index]) { tasks[index].cancel() }
        progress.attached.store(index + 1, ordering: .releasing)
      }
    }
    // On a thread of its own, not the cooperative pool: the pool may have one thread, and the
    // two sides wait for each other.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        for index in 0..<count {
          while index > progress.attached.load(ordering: .acquiring) + 4 { sched_yield() }
          records[index].takeTaskToCancel()?.cancel()
          progress.cancelled.store(index + 1, ordering: .releasing)
        }
        done.resume()
      }
    }
    await attaching.value
    #expect(tasks.allSatisfy { $0.isCancelled })
  }

  private final class Progress: Sendable {
    let attached = Atomic(0)
    let cancelled = Atomic(0)
  }
}
