import Testing
import UnoComposition

/// Appends its tag to the log on every action, so order is visible.
struct Tagger: Interactor {
  typealias DomainState = [String]
  typealias Action = Int
  let tag: String
  var initial: [String]? = nil

  var body: some InteractorOf<Self> {
    Interact(initialValue: initial ?? ["start:\(tag)"]) { [tag] state, _ in
      state.append(tag)
      return .state
    }
  }
}

struct BlockFeature: Interactor {
  typealias DomainState = [String]
  typealias Action = Int
  var flag: Bool
  var optional: Bool
  var tags: [String]

  @InteractorBuilder<[String], Int>
  var body: some InteractorOf<Self> {
    Tagger(tag: "a")
    if flag {
      Tagger(tag: "if")
    } else {
      Tagger(tag: "else")
    }
    if optional {
      Tagger(tag: "optional")
    }
    for tag in tags {
      Tagger(tag: tag)
    }
    if #available(macOS 15, iOS 18, *) {
      Tagger(tag: "available")
    }
    Tagger(tag: "z")
  }
}

struct OptionalFirst: Interactor {
  typealias DomainState = [String]
  typealias Action = Int
  var optional: Bool

  @InteractorBuilder<[String], Int>
  var body: some InteractorOf<Self> {
    if optional {
      Tagger(tag: "optional")
    }
    for tag in [String]() {
      Tagger(tag: tag)
    }
    Empty()
    Tagger(tag: "second")
  }
}

@MainActor
@Suite struct BuilderTests {
  @Test func childrenRunInOrderEachSeeingThePreviousState() {
    var state: [String] = []
    _ = BlockFeature(flag: true, optional: true, tags: ["x", "y"]).interact(state: &state, action: 0)
    #expect(state == ["a", "if", "optional", "x", "y", "available", "z"])

    state = []
    _ = BlockFeature(flag: false, optional: false, tags: []).interact(state: &state, action: 0)
    #expect(state == ["a", "else", "available", "z"])
  }

  @Test func initialValueIsTheFirstChildThatHasOne() {
    #expect(BlockFeature(flag: true, optional: true, tags: []).initialValue == ["start:a"])
    #expect(OptionalFirst(optional: true).initialValue == ["start:optional"])
    // An absent `if`, an empty `for` and `Empty` defer to the next child.
    #expect(OptionalFirst(optional: false).initialValue == ["start:second"])
    #expect(MergeMany([Tagger(tag: "m1"), Tagger(tag: "m2")]).initialValue == ["start:m1"])
    #expect(ConditionalInteractor<Tagger, Tagger>.second(Tagger(tag: "s")).initialValue == ["start:s"])
  }

  @Test func emissionsOfAllChildrenMerge() async {
    struct Effectful: Interactor {
      typealias DomainState = [String]
      typealias Action = Int
      let tag: String
      var body: some InteractorOf<Self> {
        Interact(initialValue: []) { [tag] _, _ in
          .perform { _, send in await send { $0.append(tag) } }
        }
      }
    }
    let interactor = Merge(
      Effectful(tag: "one"), MergeMany([Effectful(tag: "two"), Effectful(tag: "three")]))
    let runtime = InteractorRuntime(interactor)
    await runtime.send(1).finish()
    #expect(runtime.state.sorted() == ["one", "three", "two"])
  }

  @Test func emptyDoesNothing() {
    var state = ["x"]
    let emission = Empty<[String], Int>().interact(state: &state, action: 1)
    #expect(state == ["x"])
    #expect(emission.isEmpty)
  }
}
