import Glibc

/// Where `codegate-gateway` finds the URL of its PostgreSQL database, first found first:
/// `--database`, the file `--database-file` names (its first line), or the environment variable
/// `CODEGATE_DATABASE_URL`. A URL with a password belongs in the file or the variable (a
/// systemd credential, an `EnvironmentFile=` of mode 0600): a process list shows arguments.
enum DatabaseURLSource {
    /// The environment variable read when neither option is given.
    static let variable = "CODEGATE_DATABASE_URL"

    /// The URL to use, nil for SQLite in the state folder, or why none can be used.
    static func resolve(_ options: GatewayOptions) -> Result<String?, GatewayOptionError> {
        if let url = options.databaseURL { return .success(url) }
        if let path = options.databaseFile {
            return readFile(path).flatMap { text in
                let url = String(text.prefix { !$0.isNewline }).trimmingSpaces
                return GatewayOptions.isDatabaseURL(url) ? .success(url) : .failure(.badDatabaseURL(path))
            }
        }
        guard let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty else { return .success(nil) }
        return GatewayOptions.isDatabaseURL(value) ? .success(value) : .failure(.badDatabaseURL(variable))
    }

    /// The text of the regular file at `path`, at most 4 KiB.
    private static func readFile(_ path: String) -> Result<String, GatewayOptionError> {
        func failure(_ reason: String) -> Result<String, GatewayOptionError> {
            .failure(.unreadableDatabaseFile(path, reason))
        }
        let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return failure(String(cString: strerror(errno))) }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return failure("not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: 4097)
        let count = read(file, &bytes, bytes.count)
        guard count >= 0 else { return failure(String(cString: strerror(errno))) }
        guard count <= 4096 else { return failure("larger than 4 KiB") }
        return .success(String(decoding: bytes.prefix(count), as: UTF8.self))
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
