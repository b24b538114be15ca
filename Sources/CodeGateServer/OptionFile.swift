import CodeGateBase
import CodeGateGateway
import Glibc

/// A file an option names (`--budgets`, `--sms-webhook-key-file`), read whole at start: a
/// regular file, not a link, within a size, and for a secret, open to its owner alone. Its
/// reason for refusing one is the line printed on stderr.
enum OptionFile {
    /// The bytes of `path`, at most `maxBytes`; `secret` refuses a file others may read.
    static func contents(of path: String, maxBytes: Int, secret: Bool) -> Result<[UInt8], OptionFileError> {
        let read = WholeFile.contents(
            of: path, maxBytes: maxBytes,
            failure: { _, code in OptionFileError(path: path, reason: String(cString: strerror(code))) },
            refuse: { status in
                guard status.st_mode & S_IFMT == S_IFREG else {
                    return OptionFileError(path: path, reason: "not a regular file")
                }
                guard !secret || status.st_mode & 0o077 == 0 else {
                    return OptionFileError(path: path, reason: "open to others: chmod 600 it")
                }
                return nil
            })
        return read.flatMap { bytes in
            bytes.count <= maxBytes
                ? .success(bytes) : .failure(OptionFileError(path: path, reason: "larger than \(maxBytes) bytes"))
        }
    }
}

/// Why an option's file was refused.
struct OptionFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "\(path): \(reason)" }
}
