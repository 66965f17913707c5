// Built without the `Host` trait (`swift test` at the root, as a Swift developer types it first),
// every test of this target compiles to nothing: they run uno-host, which needs the trait. This
// one says so in the test run's output, as a skipped test with the command to type instead.
#if !Host
  import Testing

  @Suite struct WithoutTheHostTrait {
    @Test(
      .disabled(
        """
        uno-host's tests need the Host trait: run `swift test --traits Host`, or every test with \
        `bash Tools/test.sh`
        """))
    func theHostsTestsNeedTheHostTrait() {}
  }
#endif
