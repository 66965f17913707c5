/// How an exploration makes the values of one payload type, when a team knows better than the
/// type's `Decodable` conformance: an email address, a quantity within stock, a title from a
/// product's catalogue.
///
/// ```swift
/// await explore(
///   SignUpInteractor(), runs: 100, steps: 20, seed: 7,
///   generators: [
///     Generator(Email.self) { choose in
///       Email(["", "a@b.co", "not an address", "ada@example.com"][choose(4)])
///     }
///   ],
///   invariants: […])
/// ```
///
/// `choose(n)` is a choice from `0` to `n - 1`, drawn from the run's seed; shrinking makes it
/// smaller, down to `0`, so put the simplest value first. Values of the type anywhere in an action
/// (a case's payload, a field of a struct it carries, an element of an array) come from the
/// generator; an id of the type (a value under the key `id`) is still taken from the state first.
public struct Generator: Sendable {
  let type: ObjectIdentifier
  let make: @Sendable (_ choose: (Int) -> Int) -> Any

  /// Makes the values of `type` with `make`, from choices it asks for with `choose`.
  public init<Value>(_ type: Value.Type, _ make: @escaping @Sendable (_ choose: (Int) -> Int) -> Value) {
    self.type = ObjectIdentifier(type)
    self.make = { make($0) }
  }

  /// Makes the values of `Value` by picking one of `values`, the first being the simplest.
  public static func oneOf<Value: Sendable>(_ values: [Value]) -> Generator {
    precondition(!values.isEmpty, "Generator.oneOf was given no values: give at least one.")
    return Generator(Value.self) { choose in values[choose(values.count)] }
  }
}
