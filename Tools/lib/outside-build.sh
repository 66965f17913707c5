# Sourced by the tools that build a package outside the root package: the compile-time
# benchmark's app (Tools/compile-bench.sh), the installation check's app (Tools/install-check.sh)
# and the macros' test package (Tools/macro-tests.sh).
#
# They share one build folder, `.build-outside` at the repository's root, so that what they have
# in common is compiled once: the two apps' swift-syntax for the macros (about a minute on the
# 2-core CI machine) and, for all three, the pointfreeco packages. This repository's own modules
# are compiled again by each app, as they add it differently (by path or by URL). Not the root's `.build`: the root compiles every target with
# its trait's `-DHost` and its own package name, so each app would compile the library again there,
# and the root's next build everything that uses the macros. (The host kit's outside package,
# which adds the repository by path with the trait, is built in the root's folder: HostKitTests.)
#
# `outside_flags` are the arguments each of their `swift build`, `swift run` and `swift test`
# takes. The index store stays on, as SwiftPM's default: `swift test` needs it to discover tests on
# Linux, and a command line without it is another command line, which would compile everything
# again for the next user of the folder.
outside_build="$PWD/.build-outside"
outside_flags=(--scratch-path "$outside_build")
