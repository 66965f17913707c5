import ConcurrencyExtras
import Testing

@testable import UnoCore

/// Ids as the registry's dictionary keys: equal when they wrap equal values of one type.
struct IDKeyTests {
  struct Row: Hashable, Sendable { let id: Int }

  @Test func equalValuesOfOneTypeAreOneKey() {
    let keys: Set<IDKey> = [IDKey(AnyHashableSendable("search")), IDKey(AnyHashableSendable("search"))]
    #expect(keys.count == 1)
    #expect(IDKey(AnyHashableSendable(Row(id: 1))) == IDKey(AnyHashableSendable(Row(id: 1))))
    #expect(
      IDKey(AnyHashableSendable(Row(id: 1))).hashValue == IDKey(AnyHashableSendable(Row(id: 1))).hashValue)
  }

  @Test func differentValuesOrTypesAreDifferentKeys() {
    #expect(IDKey(AnyHashableSendable(Row(id: 1))) != IDKey(AnyHashableSendable(Row(id: 2))))
    #expect(IDKey(AnyHashableSendable("1")) != IDKey(AnyHashableSendable(1)))
    #expect(IDKey(AnyHashableSendable(1)) != IDKey(AnyHashableSendable(Row(id: 1))))
  }

  @Test func aDictionaryFindsWhatItWasGiven() {
    var listed: [IDKey: Int] = [:]
    for index in 0..<100 { listed[IDKey(AnyHashableSendable(Row(id: index)))] = index }
    listed[IDKey(AnyHashableSendable("other"))] = -1
    #expect(listed.count == 101)
    for index in 0..<100 { #expect(listed[IDKey(AnyHashableSendable(Row(id: index)))] == index) }
    #expect(listed[IDKey(AnyHashableSendable("other"))] == -1)
    #expect(listed[IDKey(AnyHashableSendable(Row(id: 100)))] == nil)
  }
}
