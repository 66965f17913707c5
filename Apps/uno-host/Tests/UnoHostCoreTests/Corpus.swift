import Foundation

/// The JSONTestSuite files in the repository's `Tests/Fixtures/JSONTestSuite`.
enum Corpus {
  static let directory: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { url.deleteLastPathComponent() }  // .../Apps/uno-host/Tests/UnoHostCoreTests/Corpus.swift
    return url.appendingPathComponent("Tests/Fixtures/JSONTestSuite/test_parsing")
  }()

  /// Every file, by name, sorted.
  static let files: [(name: String, bytes: [UInt8])] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { name in
      (name, Array((try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()))
    }
  }()
}
