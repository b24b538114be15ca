import CCodeGateGObject
import CGtk
import CodeGateGtk
import CodeGateService

// The C API of a server's challenges (codegate.h, docs/requests.md): an app that asks a
// CodeGate server for codes solves the challenge each request carries, on a thread of GLib's
// pool, while its person slides. Callable from any thread: no GTK here.

/// Solves `challenge` (the text a server's `POST /v1/challenges` answered) in a GTask on a
/// worker thread; `callback` gets the result on the caller's thread-default main context.
@_cdecl("codegate_solve_challenge_async")
public func codegate_solve_challenge_async(
    _ challenge: UnsafePointer<CChar>?, _ cancellable: UnsafeMutablePointer<GCancellable>?,
    _ callback: GAsyncReadyCallback?, _ userData: gpointer?
) {
    guard let challenge else {
        cg_log_critical("codegate_solve_challenge_async: challenge is NULL")
        return
    }
    let text = String(validatingCString: challenge)
    ChallengeTask.start(text.flatMap(Challenge.init), cancellable: cancellable, callback: callback, userData: userData)
}

/// The solution `result` carries, or -1 with `error` set: `G_IO_ERROR_INVALID_DATA` (no
/// challenge, or none solvable) or `G_IO_ERROR_CANCELLED`.
@_cdecl("codegate_solve_challenge_finish")
public func codegate_solve_challenge_finish(
    _ result: OpaquePointer?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> Int64 {
    guard let result, ChallengeTask.isOurs(result) else {
        cg_log_critical("codegate_solve_challenge_finish: the result is not one of codegate_solve_challenge_async")
        return -1
    }
    return ChallengeTask.solution(of: result, error: error)
}
