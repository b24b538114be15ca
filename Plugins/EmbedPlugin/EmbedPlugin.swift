import Foundation
import PackagePlugin

/// Embeds in a target what it reads at run time, so that a plain `swift build` — the
/// package's own, or that of an app depending on it — is the whole build and nothing needs
/// installing beside the binary: the target's GResource bundle, when
/// `Resources/<target>.gresource.xml` exists; and the controls' translations, compiled into
/// the resources of the target that carries them (CControlsCatalogs), which SwiftPM copies
/// beside the binary.
@main
struct EmbedPlugin: BuildToolPlugin {
    /// The targets that carry the controls' catalogs, and the folder of their sources.
    private static let catalogFolders = ["CControlsCatalogs": "po/controls"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        var commands: [Command] = []
        let manifest = context.package.directoryURL.appending(path: "Resources/\(target.name).gresource.xml")
        if FileManager.default.fileExists(atPath: manifest.path) {
            commands.append(try GResourceBundle.command(context: context, manifest: manifest))
        }
        if let folder = Self.catalogFolders[target.name] {
            commands.append(
                try ControlsCatalogs.command(
                    context: context, folder: context.package.directoryURL.appending(path: folder)))
        }
        return commands
    }
}

/// `name` where the build's PATH finds it, as a shell would: the tool may live outside
/// /usr/bin (another prefix, a Nix or Homebrew profile).
func tool(_ name: String, package: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
        let candidate = URL(fileURLWithPath: String(folder)).appending(path: name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
    }
    throw PluginError("\(name) is not on PATH: install \(package) (Debian's package name)")
}

/// A failure the build reports with its reason.
struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
