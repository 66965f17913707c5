#if Host
  import BundledFeatures
  import UnoHostKit

  // uno-host is the host kit over the bundled features; a package hosts its own the same way.
  await UnoHost.main(features: bundledFeatures)
#else
  import Foundation

  // Built without the `Host` trait (off by default, so that an app adding the library resolves
  // none of the host's packages): there is no host to run.
  FileHandle.standardError.write(
    Data(
      """
      uno-host was built without the Host trait. Run it with:
        swift run --traits Host uno-host

      """.utf8))
  exit(2)
#endif
