import Foundation
import PackagePlugin

/// The controls' translations, `po/controls/<language>.po` for each language
/// `po/controls/LINGUAS` lists, compiled with `msgfmt` into a gettext locale folder,
/// `locale/<language>/LC_MESSAGES/codegate-controls.mo`. The folder is the target's resource:
/// SwiftPM copies it into the target's bundle beside the binary, where the controls bind their
/// domain, so an app that depends on the package translates them with no install step.
enum ControlsCatalogs {
    /// One command compiles every catalog into the `locale` folder.
    static func command(context: PluginContext, folder: URL) throws -> Command {
        let linguas = folder.appending(path: "LINGUAS")
        let languages = try String(contentsOf: linguas, encoding: .utf8)
            .split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let catalogs = languages.map { folder.appending(path: "\($0).po") }
        let msgfmt = try tool("msgfmt", package: "gettext")
        let locale = context.pluginWorkDirectoryURL.appending(path: "locale")
        // Each catalog is checked (`--check`: a translation that drops a placeholder fails the
        // build). The folder is made whole beside the old one and swapped in, so a failed build
        // leaves no half of it.
        let script = #"""
            set -e
            out="$1"; msgfmt="$2"; shift 2
            rm -rf "$out.tmp"
            for po in "$@"; do
                dir="$out.tmp/$(basename "$po" .po)/LC_MESSAGES"
                mkdir -p "$dir"
                "$msgfmt" --check -o "$dir/codegate-controls.mo" "$po"
            done
            rm -rf "$out"
            mv "$out.tmp" "$out"
            """#
        return .buildCommand(
            displayName: "Compiling the controls' translations",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "catalogs", locale.path, msgfmt.path] + catalogs.map(\.path),
            inputFiles: [linguas] + catalogs,
            outputFiles: [locale])
    }
}
