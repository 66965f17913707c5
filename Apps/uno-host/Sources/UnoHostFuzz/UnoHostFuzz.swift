import BundledFeatures
import Foundation
import UnoHostCore
import UnoPlugin

// uno-host's fuzz target: every input is a stream of request lines for a fresh host
// (`hostTranscript(of:registry:)`). `bash Tools/fuzz.sh` builds it with coverage instrumentation,
// AddressSanitizer and libFuzzer (the UNO_FUZZ condition) and runs it. Built normally it is a replay tool:
// `swift run UnoHostFuzz file...` runs each file as one input.

@MainActor
enum Fuzz {
  static let registry = try! makeRegistry()

  static func run(_ input: UnsafeRawBufferPointer) {
    _ = hostTranscript(of: input, registry: registry)
    // Let main-actor work queued by cancelled effects run: libFuzzer keeps the main thread busy,
    // and the main queue would otherwise only grow.
    RunLoop.main.run(until: Date())
  }
}

#if UNO_FUZZ
  // libFuzzer without its own `main` (the macro tools built alongside have theirs), driven from
  // ours. Its entry point, declared by hand: LLVMFuzzerRunDriver(&argc, &argv, callback).
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  @main
  struct FuzzMain {
    static func main() {
      var argc = CommandLine.argc
      var argv = Optional(CommandLine.unsafeArgv)
      exit(
        LLVMFuzzerRunDriver(&argc, &argv) { data, size in
          // libFuzzer calls back on the main thread, outside any task: the main actor's thread.
          MainActor.assumeIsolated {
            Fuzz.run(UnsafeRawBufferPointer(start: data, count: size))
          }
          return 0
        })
    }
  }
#else
  @main
  struct Replay {
    @MainActor
    static func main() throws {
      for path in CommandLine.arguments.dropFirst() {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        data.withUnsafeBytes { Fuzz.run($0) }
        print("ok \(path)")
      }
    }
  }
#endif
