import CodeGateCore
/// The cooldown kept in a `StateFile`: `$XDG_STATE_HOME/codegate/cooldown` in the app.
///
/// A file that cannot be trusted — a FIFO, a link, another user's, huge, binary or a record
/// that does not parse — is reported once, ignored, and replaced by the next save; it never
/// stops the app.
@MainActor
public final class CooldownFile: CooldownStore {
    private let path: String
    private let report: @MainActor (String) -> Void

    /// A store at `path`; `report` gets one line for each file it has to ignore or cannot write.
    public init(path: String, report: @escaping @MainActor (String) -> Void) {
        self.path = path
        self.report = report
    }

    public func load() -> SavedCooldown? {
        switch StateFile.readRecord(path: path, describedAs: "cooldown record", SavedCooldown.init(text:)) {
        case .success(let record):
            return record
        case .failure(let error):
            report("\(error); ignored")
            return nil
        }
    }

    public func save(_ record: SavedCooldown) {
        if case .failure(let error) = StateFile.write(record.text, to: path) {
            // The countdown itself is unaffected; only a restart would forget it.
            report("\(error); the cooldown is not saved")
        }
    }

    public func clear() {
        if case .failure(let error) = StateFile.remove(path: path) {
            report("\(error); the old cooldown stays saved")
        }
    }
}
