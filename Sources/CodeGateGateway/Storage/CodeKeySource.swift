import CodeGateBase
import CodeGateService

/// Where a store finds the key code digests are made under (`CodeKey`), read at its first use
/// and kept: the file at `--key-file`, or `gateway.key` in the state folder, made there from
/// the system's secure random source when there is none. Whatever database holds the records,
/// the key stays in a file, so the database or a backup of it alone cannot be tried.
@MainActor
package final class CodeKeySource {
    private let path: String?
    private let folder: Result<StateFolder, StateFileError>?
    private var loaded: [UInt8]?

    /// The key at `path`, or else in `folder`; with neither, a key of this process's own.
    package init(path: String?, folder: Result<StateFolder, StateFileError>?) {
        self.path = path
        self.folder = folder
    }

    /// The key; throws (after telling `report`) when it cannot be had: no code is then sent or
    /// checked.
    package func key(report: (String) -> Void) throws(StateProblem) -> [UInt8] {
        if let loaded { return loaded }
        var random = SystemRandomNumberGenerator()
        let result: Result<[UInt8], StateFileError>
        switch (path, folder) {
        case (let path?, _): result = CodeKey.load(path: path)
        case (nil, .success(let folder)?): result = CodeKey.load(from: folder, random: &random)
        case (nil, .failure(let error)?): result = .failure(error)
        case (nil, nil):
            result = .success((0..<CodeKey.size).map { _ in UInt8.random(in: .min ... .max, using: &random) })
        }
        switch result {
        case .success(let bytes):
            self.loaded = bytes
            return bytes
        case .failure(let error):
            report("cannot use the key for codes: \(error)")
            throw StateProblem(error)
        }
    }
}
