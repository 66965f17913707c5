import Testing
import UnoHostCore

@Suite struct LineSplitterTests {
  @Test func splitsLinesAcrossChunks() {
    var splitter = LineSplitter(maximumLength: 100)
    #expect(splitter.append(Array("ab".utf8)) == [])
    #expect(
      splitter.append(Array("c\nd\r\n\nef".utf8)) == [
        .line(Array("abc".utf8)), .line(Array("d".utf8)), .line([]),
      ])
    #expect(splitter.finish() == [.line(Array("ef".utf8))])
    #expect(splitter.finish() == [])
  }

  @Test func dropsTooLongLinesWithBoundedMemoryAndReportsThemOnce() {
    var splitter = LineSplitter(maximumLength: 10)
    var events: [LineSplitter.Event] = []
    for _ in 0..<1000 { events += splitter.append([UInt8](repeating: 0x61, count: 1000)) }
    events += splitter.append(Array("\nok\n".utf8))
    #expect(events == [.tooLong(length: 1_000_000), .line(Array("ok".utf8))])
  }

  @Test func tooLongLastLineWithoutNewline() {
    var splitter = LineSplitter(maximumLength: 3)
    #expect(splitter.append(Array("abcdef".utf8)) == [])
    #expect(splitter.finish() == [.tooLong(length: 6)])
  }
}
