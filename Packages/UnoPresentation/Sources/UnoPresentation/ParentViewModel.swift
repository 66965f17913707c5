/// A view model that child view models are made from, as a child reaches it through its weak,
/// untyped reference to its parent: to tell a connected inspector of its children
/// (``AnyViewModel/childMade(_:name:)``), which it lists under the session of the view model at
/// the root (docs/inspector.md, "Your own app").
@MainActor
protocol ParentViewModel: AnyObject {
  func childMade(_ child: AnyObject, name: () -> String)
  func childGone(_ child: AnyObject)
}

extension AnyViewModel: ParentViewModel {}
