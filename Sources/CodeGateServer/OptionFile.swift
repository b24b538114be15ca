import Glibc

/// A file an option names (`--budgets`, `--sms-webhook-key-file`), read whole at start: a
/// regular file, not a link, within a size, and for a secret, open to its owner alone. Its
/// reason for refusing one is the line printed on stderr.
enum OptionFile {
    /// The bytes of `path`, at most `maxBytes`; `secret` refuses a file others may read.
    static func contents(of path: String, maxBytes: Int, secret: Bool) -> Result<[UInt8], OptionFileError> {
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return .failure(OptionFileError(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(OptionFileError(path: path, reason: "not a regular file"))
        }
        if secret && status.st_mode & 0o077 != 0 {
            return .failure(OptionFileError(path: path, reason: "open to others: chmod 600 it"))
        }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes[count...].withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                return .failure(OptionFileError(path: path, reason: String(cString: strerror(errno))))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else {
            return .failure(OptionFileError(path: path, reason: "larger than \(maxBytes) bytes"))
        }
        return .success(Array(bytes.prefix(count)))
    }
}

/// Why an option's file was refused.
struct OptionFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "\(path): \(reason)" }
}
