#if canImport(Glibc)
import CodeGateBase
import Glibc
#endif

/// The server's secret for code digests (`IssuedCode`): 32 random bytes, written as 64 hex
/// digits in a file of its own, apart from the database, so that the database or a backup of
/// it alone cannot be tried against the million six-digit codes.
///
/// By default `gateway.key` in the state folder, made on first use (mode 0600, never replaced:
/// two gateways starting at once keep the one written first; a damaged one is set aside). A deployment may keep it
/// elsewhere, e.g. as a systemd credential: a file of its own user, readable by no one else.
enum CodeKey {
    /// The key file's name in the state folder.
    static let name = "gateway.key"
    static let size = 32

    /// The key in `folder`, made there from `random` when there is none yet.
    static func load(from folder: StateFolder, random: inout some RandomNumberGenerator) -> Result<
        [UInt8], StateFileError
    > {
        switch folder.readRecord(name, maxBytes: 256, describedAs: "key of 64 hex digits", parse) {
        case .success(let key?): return .success(key)
        case .failure(let error) where error.reason == .notARecord("key of 64 hex digits"):
            // Damaged: the codes issued under it fail, but no rule is lost; a fresh key.
            if case .failure(let error) = folder.rename(name, to: name + ".set-aside") { return .failure(error) }
        case .failure(let error): return .failure(error)
        case .success(nil): break
        }
        let key = (0..<size).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        // Written under a name of its own, then linked to the key's name, which fails when
        // another gateway got there first: a key in use is never replaced.
        let draft = ".\(name).\(getpid())"
        if case .failure(let error) = folder.write(Hex.encode(key) + "\n", to: draft) { return .failure(error) }
        let linked = linkat(folder.descriptor, draft, folder.descriptor, name, 0) == 0 ? 0 : errno
        _ = folder.remove(draft)
        if linked != 0 && linked != EEXIST {
            return .failure(StateFileError(path: folder.path + "/" + name, reason: .system(call: "link", code: linked)))
        }
        return folder.readRecord(name, maxBytes: 256, describedAs: "key of 64 hex digits", parse).flatMap { key in
            key.map { .success($0) } ?? .failure(StateFileError(path: folder.path + "/" + name, reason: .missing))
        }
    }

    /// The key in the file at `path`, which must exist: a regular file of this user, readable
    /// by no one else.
    static func load(path: String) -> Result<[UInt8], StateFileError> {
        func refused(_ reason: StateFileError.Reason) -> StateFileError { StateFileError(path: path, reason: reason) }
        let read = WholeFile.contents(
            of: path, maxBytes: 256,
            failure: { call, code in
                refused(call == "open" && code == ELOOP ? .symbolicLink : .system(call: call, code: code))
            },
            refuse: { status in
                if let reason = StateFolder.problem(with: status) { return refused(reason) }
                return status.st_mode & 0o077 == 0 ? nil : refused(.folderNotPrivate("the key file is open to others"))
            })
        return read.flatMap { bytes in
            guard bytes.count <= 256, let key = parse(String(decoding: bytes, as: UTF8.self)) else {
                return .failure(refused(.notARecord("key of 64 hex digits")))
            }
            return .success(key)
        }
    }

    /// The key in a key file's text: 64 hex digits, and perhaps a newline.
    private static func parse(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8.filter { $0 != UInt8(ascii: "\n") })
        guard digits.count == size * 2 else { return nil }
        return Hex.decode(digits)
    }
}
