import CGtk
import Glibc
import CodeGateCore

/// Keeps a `Countdown` across restarts of the app in a one-line state file: written when a
/// cooldown starts, removed when it ends, read back when the window opens.
@MainActor
final class CooldownFile {
    /// `$XDG_STATE_HOME/codegate/cooldown`.
    static var defaultPath: String {
        String(cString: g_get_user_state_dir()) + "/codegate/cooldown"
    }

    private let path: String
    private let countdown: Countdown
    private var savedDeadline: ContinuousClock.Instant?
    private var observation: ObservationToken?

    /// Resumes the cooldown saved at `path`, if one is still running, and saves `countdown`'s
    /// cooldowns there from now on.
    init(path: String, countdown: Countdown) {
        self.path = path
        self.countdown = countdown
        restore()
        savedDeadline = countdown.deadline
        observation = countdown.changes.add { [weak self] in self?.countdownChanged() }
    }

    /// Stops saving.
    func stop() {
        if let observation {
            countdown.changes.remove(observation)
        }
        observation = nil
    }

    private func restore() {
        var contents: UnsafeMutablePointer<gchar>?
        guard g_file_get_contents(path, &contents, nil, nil) != 0, let contents else { return }
        defer { g_free(contents) }
        guard let saved = SavedCooldown(text: String(cString: contents)) else { return }
        countdown.resume(remaining: saved.remaining(at: .now()), of: saved.total)
    }

    private func countdownChanged() {
        guard countdown.deadline != savedDeadline else { return }
        savedDeadline = countdown.deadline
        guard countdown.isCounting else {
            unlink(path)
            return
        }
        let record = SavedCooldown(remaining: countdown.remaining, total: countdown.total, at: .now())
        let directory = g_path_get_dirname(path)
        defer { g_free(directory) }
        var error: UnsafeMutablePointer<GError>?
        if g_mkdir_with_parents(directory, 0o700) != 0 || g_file_set_contents(path, record.text, -1, &error) == 0 {
            // The countdown itself is unaffected; only a restart would forget it.
            cg_log_warning("cannot save the cooldown to \(path): \(error.map { String(cString: $0.pointee.message) } ?? "cannot create its folder")")
            g_clear_error(&error)
        }
    }
}
