import CCodeGateGObject
import CGtk

/// CodeGateRequest: one press of a CodeGateCountdownButton, handed to the app with the
/// `request` signal. The app answers it once — sent, failed or refused — inside its handler or
/// later; the button waits for that answer. A request is pending until it is answered, times
/// out, is reset, superseded or its button goes away; then its GCancellable is cancelled (the
/// app's own I/O can stop), and an answer to it does nothing but a debug message, so a late
/// answer never lands on the next request.
@MainActor
package final class RequestObject: ObjectInstance {
    /// The registered type.
    package nonisolated static let type = ObjectType(
        name: "CodeGateRequest", symbolPrefix: "codegate_request", parent: { cg_type_object() },
        classSize: MemoryLayout<GObjectClass>.size, instanceSize: MemoryLayout<GObject>.size,
        properties: { propertyTable.map { $0.definition() } },
        signals: [],
        make: { _ = RequestObject(object: $0, pending: false) })
    /// Its GType, registered on first use.
    package nonisolated static let gtype = type.register()
    private static let cancellableKey = "codegate-request-cancellable"

    package nonisolated static var objectType: ObjectType { type }
    /// `pending`, read-only and notified.
    package static let pending = Property<RequestObject, Bool>(
        0,
        {
            PropertyDefinition(
                name: "pending", blurb: "Whether the request waits for its answer", kind: .boolean(default: false),
                isWritable: false)
        }, get: { $0.isPending })
    package static let propertyTable = [pending.erased]

    /// The GObject, which owns this.
    package let object: UnsafeMutableRawPointer
    /// Cancelled when the request stops being pending unanswered.
    package let cancellable: UnsafeMutablePointer<GCancellable>
    /// Whether the button still waits for the answer.
    package private(set) var isPending: Bool
    private var outcome: Result<Duration, any Error>?
    private var waiting: CheckedContinuation<Duration, any Error>?

    private init(object: UnsafeMutableRawPointer, pending: Bool) {
        self.object = object
        isPending = pending
        cancellable = g_cancellable_new()!
        g_object_set_data_full(
            object.assumingMemoryBound(to: GObject.self), Self.cancellableKey, UnsafeMutableRawPointer(cancellable),
            g_object_unref)
        attach(self, to: object.assumingMemoryBound(to: GObject.self), key: ObjectType.instanceKey)
    }

    /// A new pending request: its GObject (a full reference, the caller's) and its Swift side.
    static func make() -> (object: UnsafeMutableRawPointer, request: RequestObject) {
        let object = ObjectType.newInstance(of: gtype)
        return (object, RequestObject(object: object, pending: true))
    }

    /// The Swift side of `object`, a CodeGateRequest.
    static func of(_ object: UnsafeMutableRawPointer) -> RequestObject? {
        ObjectType.instance(of: object) as? RequestObject
    }

    /// Answers the request while it is pending; `function` (the C function the app called)
    /// is named in a debug message when it is not.
    package func answer(_ outcome: Result<Duration, any Error>, by function: String) {
        guard isPending else {
            cg_log_debug(
                "\(function): the request is no longer pending "
                    + "(answered, timed out, reset or superseded): answer ignored"
            )
            return
        }
        end(with: outcome)
    }

    /// Ends the request unanswered (a timeout, a reset, its button disposed, a new request):
    /// the wait ends with CancellationError.
    func cancel() {
        guard isPending else { return }
        end(with: .failure(CancellationError()))
        g_cancellable_cancel(cancellable)
    }

    private func end(with outcome: Result<Duration, any Error>) {
        isPending = false
        self.outcome = outcome
        let waiting = waiting
        self.waiting = nil
        Self.type.notify(object, Self.pending.index)
        waiting?.resume(with: outcome)
    }

    /// The cooldown the answer names, or its error; CancellationError when the waiting task is
    /// cancelled first.
    func value() async throws -> Duration {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    waiting = continuation
                }
            }
        } onCancel: {
            // The button's model cancels the task on the main thread (its timeout, a reset).
            MainActor.assumeIsolated { self.cancel() }
        }
    }

    package func disposeObject() {}
}
