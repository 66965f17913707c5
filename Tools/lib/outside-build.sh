# Sourced by the tools that build a package outside the root package which depends on this
# repository: the compile-time benchmark's app (Tools/compile-bench.sh), the installation check's
# app (Tools/install-check.sh), the macros' test package (Tools/macro-tests.sh); the host kit's
# outside package (HostKitTests) uses the same folder.
#
# They share one build folder, `.build-outside` at the repository's root, so that what they have
# in common is compiled once: swift-syntax for the macros (about a minute on the 2-core CI machine)
# and the pointfreeco packages. This repository's own modules are compiled again by each, as the
# packages differ in how they add it (by path or by URL, with the `Host` trait or without), and the
# last one's build is the one kept. Not the root's `.build`: the root compiles every target with
# its trait's `-DHost` and its own package name, so each package would compile the library again
# there, and the root's next build everything that uses the macros.
#
# `outside_flags` are the arguments each of their `swift build`, `swift run` and `swift test`
# takes. The index store stays on, as SwiftPM's default: `swift test` needs it to discover tests on
# Linux, and a command line without it is another command line, which would compile everything
# again for the next user of the folder.
outside_build="$PWD/.build-outside"
outside_flags=(--scratch-path "$outside_build")
