import Glibc

/// A fresh folder under /tmp, removed with everything in it by `remove()`.
public struct TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Makes the folder; throws when /tmp cannot hold one.
    public init() throws {
        var template = Array("/tmp/codegate-test.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw Unavailable(error: errno) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The path of `name` inside the folder.
    public func callAsFunction(_ name: String) -> String { path + "/" + name }

    /// Removes the folder and everything in it.
    public func remove() { Self.removeTree(path) }

    /// Why no folder could be made: `mkdtemp`'s errno.
    public struct Unavailable: Error {
        let error: Int32
    }

    private static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            for name in names(in: path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

/// Writes `bytes` to a new file at `path` with `permissions`, bypassing StateFolder.
public func makeFile(_ path: String, bytes: [UInt8], permissions: mode_t = 0o600) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, permissions)
    precondition(descriptor >= 0)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fchmod(descriptor, permissions)
    close(descriptor)
}

/// The names in folder `path`, without "." and "..".
public func names(in path: String) -> Set<String> {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: Set<String> = []
    while let entry = readdir(directory) {
        names.insert(
            withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    return names.subtracting([".", ".."])
}
