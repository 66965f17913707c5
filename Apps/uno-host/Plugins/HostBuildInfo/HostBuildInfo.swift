import Foundation
import PackagePlugin

/// Writes the commit the host is built from into the host kit, for `uno-host --version`.
///
/// Before each build it runs `git rev-parse HEAD` in the package's directory (a clone, or the
/// checkout SwiftPM made of this repository for a package that depends on it) and writes
/// `HostBuildInfo.swift`, declaring `hostBuildCommit`: the commit, or `nil` where there is no git
/// or no repository (a source archive). The file is rewritten only when the commit changed, so a
/// build at the same commit compiles nothing again.
@main
struct HostBuildInfo: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
    let file = output.appending(path: "HostBuildInfo.swift")
    let script = #"""
      commit=$(git -C "$1" rev-parse HEAD 2>/dev/null) && value="\"$commit\"" || value=nil
      new="/// The commit the host was built from (\`git rev-parse HEAD\`), or nil where none was found.
      let hostBuildCommit: String? = $value"
      mkdir -p "$(dirname "$2")"
      [ -f "$2" ] && [ "$(cat "$2")" = "$new" ] || printf '%s\n' "$new" > "$2"
      """#
    return [
      .prebuildCommand(
        displayName: "Reading the commit uno-host is built from",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "sh", context.package.directoryURL.path, file.path],
        outputFilesDirectory: output
      )
    ]
  }
}
