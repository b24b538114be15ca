import CGtk
import CodeGateService

/// A challenge solved in a GTask on GLib's thread pool, for `codegate_solve_challenge_async`:
/// the challenge rides in the task's data, and the task's cancellable stops the search.
enum ChallengeTask {
    /// The challenge a task solves, owned by the task's data.
    private final class Work {
        let challenge: Challenge
        init(_ challenge: Challenge) { self.challenge = challenge }
    }

    /// Starts solving `challenge` (nil: not one) in a new task answering `callback`.
    static func start(
        _ challenge: Challenge?, cancellable: UnsafeMutablePointer<GCancellable>?, callback: GAsyncReadyCallback?,
        userData: gpointer?
    ) {
        let task = g_task_new(nil, cancellable, callback, userData)
        defer { g_object_unref(UnsafeMutableRawPointer(task)) }
        g_task_set_source_tag(task, sourceTag)
        guard let challenge else {
            fail(task, "not a challenge a CodeGate server issues")
            return
        }
        g_task_set_task_data(task, Unmanaged.passRetained(Work(challenge)).toOpaque()) {
            Unmanaged<Work>.fromOpaque($0!).release()
        }
        g_task_run_in_thread(task) { task, _, data, cancellable in
            let challenge = Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().challenge
            let solution = ChallengeSolver.solve(challenge) { g_cancellable_is_cancelled(cancellable) != 0 }
            guard g_task_return_error_if_cancelled(task) == 0 else { return }
            guard let solution else {
                ChallengeTask.fail(task, "no number up to the challenge's bound solves it")
                return
            }
            g_task_return_int(task, gssize(solution))
        }
    }

    /// Whether `result` is a task `start` made.
    static func isOurs(_ result: OpaquePointer?) -> Bool {
        guard let result else { return false }
        return g_task_is_valid(UnsafeMutableRawPointer(result), nil) != 0 && g_task_get_source_tag(result) == sourceTag
    }

    /// The solution `result` carries, or -1 with `error` set.
    static func solution(of result: OpaquePointer, error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Int64
    {
        Int64(g_task_propagate_int(result, error))
    }

    /// Ends `task` with `G_IO_ERROR_INVALID_DATA` and `message`.
    private static func fail(_ task: OpaquePointer?, _ message: String) {
        g_task_return_error(
            task, g_error_new_literal(g_io_error_quark(), gint(G_IO_ERROR_INVALID_DATA.rawValue), message))
    }

    /// What marks the tasks `start` makes: an address of this module's own, never written.
    nonisolated(unsafe) private static let sourceTag: gpointer = {
        UnsafeMutableRawPointer(mutating: ("codegate_solve_challenge_async" as StaticString).utf8Start)
    }()
}
