#if canImport(Glibc)
import Glibc
#endif

/// A small file a gateway reads whole at start, as its key file and its options' files are:
/// opened without following a symbolic link and without waiting on a FIFO, judged by its
/// status before a byte is read, and read to its end or one byte past the most it may hold.
package enum WholeFile {
    /// The bytes of `path`, at most `maxBytes + 1`, so that the caller tells a larger file. A
    /// failed system call is reported by `failure` with its name and errno; `refuse` sees the
    /// file's status first and may give a reason of its own.
    package static func contents<Failure: Error>(
        of path: String, maxBytes: Int, failure: (_ call: String, _ code: Int32) -> Failure,
        refuse: (stat) -> Failure?
    ) -> Result<[UInt8], Failure> {
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return .failure(failure("open", errno)) }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { return .failure(failure("fstat", errno)) }
        if let refusal = refuse(status) { return .failure(refusal) }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes[count...].withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return .failure(failure("read", errno)) }
            if got == 0 { break }
            count += got
        }
        return .success(Array(bytes.prefix(count)))
    }
}
