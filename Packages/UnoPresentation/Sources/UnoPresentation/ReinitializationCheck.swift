import IssueReporting
@_spi(Internals) import UnoCore

/// Debug-only detection of a view model re-created while the previous one from the same call site
/// is still alive, which usually means a SwiftUI view stores it without `@State`.
struct LiveViewModelSite: Sendable {
  let key: String

  private static let live = Locked<[String: Int]>([:])

  /// Registers a view model created at `fileID:line`, reporting if one from there is alive.
  /// Returns `nil` in release builds.
  static func register(fileID: StaticString, line: UInt) -> LiveViewModelSite? {
    #if DEBUG
      let key = "\(fileID):\(line)"
      let alreadyLive = live.withLock { live -> Bool in
        defer { live[key, default: 0] += 1 }
        return live[key, default: 0] > 0
      }
      if alreadyLive {
        CallSite(fileID: fileID, line: line).reportIssue(
          """
          A ViewModel was created at \(key) while a previous one from there is still alive.

          This usually means a view stores its view model in a plain property, so SwiftUI creates \
          a new one each time it re-creates the view, losing state and cancelling effects:

            struct MyView: View {
              let viewModel = ViewModel(...)        // re-created with the view
            }

          Store it with @State so that it is created once:

            struct MyView: View {
              @State var viewModel = ViewModel(...)
            }

          If several live view models from one place are intended, pass \
          'reportsReinitialization: false'.
          """
        )
      }
      return LiveViewModelSite(key: key)
    #else
      return nil
    #endif
  }

  func unregister() {
    Self.live.withLock { live in
      live[key, default: 1] -= 1
      if live[key] == 0 { live[key] = nil }
    }
  }
}
