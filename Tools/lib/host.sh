# The flags every script gives `swift build` and `swift test` to build the host: uno-host,
# UnoHostKit and their tests are behind the package's `Host` trait, off by default so that an app
# adding the library resolves none of the host's packages (README, "Installation"). This is the
# one place that says so; a script sources it and passes "${host_flags[@]}".
host_flags=(--traits Host)
