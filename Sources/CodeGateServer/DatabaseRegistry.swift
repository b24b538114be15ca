import CodeGateGateway

/// The shared databases a `codegate-gateway` links, each under the URL schemes that name it:
/// the database URL (`--database`, its file or its variable) picks one by its scheme. The
/// executable fills it, one line a backend, so that a new backend is a module and that line,
/// and neither this library nor the app links a database client.
package struct DatabaseRegistry: Sendable {
    /// One backend: the schemes its URLs start with, and how to make it once one is chosen.
    private struct Backend: Sendable {
        let schemes: [String]
        let make: @MainActor @Sendable () -> any SharedDatabase
    }

    private var backends: [Backend] = []

    /// No backend yet: every database URL is refused until one is registered.
    package init() {}

    /// Adds the backend `make` makes under `schemes` (`postgresql`, without "://"). It is made
    /// only when a URL names it: a backend the gateway does not use costs nothing at start.
    package mutating func register(
        _ schemes: [String], make: @escaping @MainActor @Sendable () -> any SharedDatabase
    ) {
        // Two backends under one scheme would leave the choice to the order of the lines.
        precondition(!schemes.isEmpty && schemes.allSatisfy { !self.schemes.contains($0) }, "schemes taken")
        backends.append(Backend(schemes: schemes, make: make))
    }

    /// Every scheme registered, in the order given: what a refusal and `--help` name.
    package var schemes: [String] { backends.flatMap(\.schemes) }

    /// Whether `url` names a registered backend.
    package func knows(_ url: String) -> Bool { backend(for: url) != nil }

    /// A new handle on the database `url` names; nil when its scheme is none registered.
    @MainActor
    package func database(for url: String) -> (any SharedDatabase)? { backend(for: url)?.make() }

    /// The backend whose scheme `url` starts with, followed by "://". The scheme is compared as
    /// typed, as libpq compares its own; a URL is one line, as it always had to be.
    private func backend(for url: String) -> Backend? {
        guard !url.contains(where: \.isNewline), let colon = url.firstIndex(of: ":"),
            url[colon...].hasPrefix("://")
        else { return nil }
        let scheme = url[..<colon]
        return backends.first { $0.schemes.contains { $0 == scheme } }
    }
}
