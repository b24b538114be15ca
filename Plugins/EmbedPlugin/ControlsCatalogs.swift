import Foundation
import PackagePlugin

/// The controls' translations, `po/controls/<language>.po` for each language
/// `po/controls/LINGUAS` lists, compiled with `msgfmt` and embedded in the target as base64
/// string literals keyed by language, `compiledCatalogs`. So the controls carry their own
/// words: an app that depends on the package finds them with no install step and no
/// `bindtextdomain`, wherever its binary lives.
enum ControlsCatalogs {
    /// One command compiles every catalog into `CompiledCatalogs.swift`.
    static func command(context: PluginContext, folder: URL) throws -> Command {
        let linguas = folder.appending(path: "LINGUAS")
        let languages = try String(contentsOf: linguas, encoding: .utf8)
            .split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let catalogs = languages.map { folder.appending(path: "\($0).po") }
        let msgfmt = try tool("msgfmt", package: "gettext")
        let swift = context.pluginWorkDirectoryURL.appending(path: "CompiledCatalogs.swift")
        // Each catalog is checked (`--check`: a translation that drops a placeholder fails the
        // build) and written out as one dictionary entry.
        let script = #"""
            set -e
            out="$1"; msgfmt="$2"; shift 2
            {
                printf '// Generated from po/controls by EmbedPlugin.\n'
                printf '/// The controls'"'"' compiled gettext catalogs, base64-encoded, by language.\n'
                printf 'let compiledCatalogs: [String: String] = [\n'
                for po in "$@"; do
                    "$msgfmt" --check -o "$out.mo" "$po"
                    printf '    "%s": "%s",\n' "$(basename "$po" .po)" "$(base64 -w0 "$out.mo")"
                done
                printf ']\n'
            } > "$out.tmp"
            rm -f "$out.mo"
            mv "$out.tmp" "$out"
            """#
        return .buildCommand(
            displayName: "Compiling the controls' translations",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "catalogs", swift.path, msgfmt.path] + catalogs.map(\.path),
            inputFiles: [linguas] + catalogs,
            outputFiles: [swift])
    }
}
