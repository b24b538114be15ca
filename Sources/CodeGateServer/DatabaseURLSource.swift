import Glibc

/// Where `codegate-gateway` finds the URL of its shared database, first found first:
/// `--database`, the file `--database-file` names (its first line), or the environment variable
/// `CODEGATE_DATABASE_URL`. A URL with a password belongs in the file or the variable (a
/// systemd credential, an `EnvironmentFile=` of mode 0600): a process list shows arguments.
enum DatabaseURLSource {
    /// The environment variable read when neither option is given.
    static let variable = "CODEGATE_DATABASE_URL"

    /// The URL to use, nil for SQLite in the state folder, or why none can be used: wherever it
    /// comes from, its scheme must name one of the backends in `databases`.
    static func resolve(_ options: GatewayOptions, databases: DatabaseRegistry) -> Result<String?, GatewayOptionError> {
        if let url = options.databaseURL { return .success(url) }
        if let path = options.databaseFile {
            // The URL may hold a password: a file open to others is refused.
            switch OptionFile.contents(of: path, maxBytes: 4096, secret: true) {
            case .failure(let error): return .failure(.unreadableDatabaseFile(error.path, error.reason))
            case .success(let bytes):
                let url = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self).trimmingSpaces
                return databases.knows(url)
                    ? .success(url) : .failure(.badDatabaseURL(path, schemes: databases.schemes))
            }
        }
        guard let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty else { return .success(nil) }
        return databases.knows(value)
            ? .success(value) : .failure(.badDatabaseURL(variable, schemes: databases.schemes))
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
