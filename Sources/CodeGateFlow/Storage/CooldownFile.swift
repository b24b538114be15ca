import CodeGateBase
import CodeGateCore
/// The cooldown kept in the file `cooldown` of the `StateFolder`.
///
/// A file that cannot be trusted — a FIFO, a link, another user's, huge, binary or a record
/// that does not parse — is reported once, ignored, and replaced by the next save; it never
/// stops the app.
@MainActor
public final class CooldownFile: CooldownStore {
    /// The file's name in the state folder.
    static let name = "cooldown"

    private let folder: StateFolder
    private let report: @MainActor (String) -> Void

    /// A store in `folder`; `report` gets one line for each file it has to ignore or cannot write.
    package init(folder: StateFolder, report: @escaping @MainActor (String) -> Void) {
        self.folder = folder
        self.report = report
    }

    public func load() -> SavedCooldown? {
        // Whatever a write that died left behind, here and in the gateway's files.
        folder.removeStaleTemporaries()
        switch folder.readRecord(Self.name, describedAs: "cooldown record", SavedCooldown.init(text:)) {
        case .success(let record):
            return record
        case .failure(let error):
            report("\(error); ignored")
            return nil
        }
    }

    public func save(_ record: SavedCooldown) {
        if case .failure(let error) = folder.write(record.text, to: Self.name) {
            // The countdown itself is unaffected; only a restart would forget it.
            report("\(error); the cooldown is not saved")
        }
    }

    public func clear() {
        // A file that is not there is already cleared: nothing to say.
        if case .failure(let error) = folder.remove(Self.name) {
            report("\(error); the old cooldown stays saved")
        }
    }
}
