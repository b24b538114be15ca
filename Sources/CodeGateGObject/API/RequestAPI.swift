import CCodeGateGObject
import CGtk
import CodeGateCore
import CodeGateGtk

// The C API of CodeGateRequest (codegate.h): the answer to one press of a
// CodeGateCountdownButton. Each function checks its thread and instance; a late answer (after a
// timeout, a reset) does nothing but a debug message, a second answer gives a critical.

private typealias Object = RequestObject

private func request<Result>(
    _ pointer: UnsafeMutableRawPointer?, _ function: String, _ fallback: Result, _ body: @MainActor (Object) -> Result
) -> Result {
    Object.type.call(pointer, as: Object.self, function: function, fallback: fallback, body)
}

/// The GType of CodeGateRequest, registered when the library loads.
@_cdecl("codegate_request_get_type")
public func codegate_request_get_type() -> GType {
    Object.gtype
}

/// Answers the request: a code was sent, and the next may be asked for after `cooldownSeconds`
/// (cut to CODEGATE_LONGEST_COOLDOWN).
@_cdecl("codegate_request_sent")
public func codegate_request_sent(_ instance: UnsafeMutableRawPointer?, _ cooldownSeconds: guint) {
    let seconds = min(cooldownSeconds, CountdownButton.longestSeconds)
    request(instance, #function, ()) { $0.answer(.success(.seconds(seconds)), by: "codegate_request_sent") }
}

/// Answers the request: it failed with `message` (NULL: the controls' words).
@_cdecl("codegate_request_failed")
public func codegate_request_failed(_ instance: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    // Text that is not UTF-8 is warned about and answered with the controls' words.
    let message = validText(message, #function, instead: "the controls' words say it") ?? nil
    request(instance, #function, ()) { object in
        object.answer(
            .failure(RequestFailure(message: message ?? RequestFailure.defaultMessage)), by: "codegate_request_failed")
    }
}

/// Answers the request: refused, the number cools down `retryAfterSeconds` more (cut to
/// CODEGATE_LONGEST_COOLDOWN), which the button counts down; 0 is a plain failure, with no
/// cooldown.
@_cdecl("codegate_request_refused")
public func codegate_request_refused(
    _ instance: UnsafeMutableRawPointer?, _ retryAfterSeconds: guint, _ message: UnsafePointer<CChar>?
) {
    // Text that is not UTF-8 is warned about and answered with the controls' words.
    let message = validText(message, #function, instead: "the controls' words say it") ?? nil
    let seconds = min(retryAfterSeconds, CountdownButton.longestSeconds)
    request(instance, #function, ()) { object in
        let error: any Error =
            if seconds == 0 {
                RequestFailure(message: message ?? RequestFailure.defaultMessage)
            } else {
                RequestRefusal(
                    cooldownLeft: .seconds(seconds),
                    message: message ?? RequestFailure.defaultRefusalMessage(secondsLeft: seconds))
            }
        object.answer(.failure(error), by: "codegate_request_refused")
    }
}

/// Cancelled when the request stops being pending unanswered (owned by the request).
@_cdecl("codegate_request_get_cancellable")
public func codegate_request_get_cancellable(_ instance: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<
    GCancellable
>? {
    request(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cancellable) }.value
}

/// Whether the button still waits for this request's answer.
@_cdecl("codegate_request_get_pending")
public func codegate_request_get_pending(_ instance: UnsafeMutableRawPointer?) -> gboolean {
    request(instance, #function, 0) { $0.isPending ? 1 : 0 }
}
