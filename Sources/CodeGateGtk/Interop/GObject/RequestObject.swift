import CCodeGateGObject
import CGtk

/// CodeGateRequest: one press of a CodeGateCountdownButton, handed to the app with the
/// `request` signal, emitted within the press. The app answers it once — sent, failed or
/// refused — inside its handler or later; the button shows the answer before the call that
/// gave it returns. A request is pending until it is answered, times out, is reset, superseded
/// or its button goes away; then its GCancellable is cancelled (the app's own I/O can stop),
/// and a late answer to it does nothing but a debug message, so it never lands on the next
/// request; a second answer is a critical, as a GTask's second return is. Like a GTask, its last reference may go on any thread; its methods are GTK's
/// thread's.
@MainActor
package final class RequestObject: ObjectInstance {
    /// The registered type.
    package nonisolated static let type = ObjectType(
        name: "CodeGateRequest", symbolPrefix: "codegate_request", parent: { cg_type_object() },
        classSize: MemoryLayout<GObjectClass>.size, instanceSize: MemoryLayout<GObject>.size,
        properties: { propertyTable.map { $0.definition() } },
        signals: [], disposesAnywhere: true,
        make: { _ = RequestObject(object: $0, answer: nil) })
    /// Its GType, registered on first use.
    package nonisolated static let gtype = type.register()
    private static let cancellableKey = "codegate-request-cancellable"

    package nonisolated static var objectType: ObjectType { type }
    /// CodeGateRequest's one property.
    package enum PropertyID: Int, ControlPropertyID {
        case pending

        package var name: String { "pending" }
        package var blurb: String { "Whether the request waits for its answer" }
        package var isWritable: Bool { false }
    }

    /// `pending`, read-only and notified.
    package static let pending = Property<RequestObject, Bool>(
        PropertyID.pending, kind: { .boolean(default: false) }, get: { $0.isPending })
    package static let propertyTable = [pending.erased]

    /// The GObject, which owns this.
    package let object: UnsafeMutableRawPointer
    /// Cancelled when the request stops being pending unanswered.
    package let cancellable: UnsafeMutablePointer<GCancellable>
    /// Whether the button still waits for the answer.
    package var isPending: Bool { answer != nil }
    /// Where the answer goes while the button waits for it.
    private var answer: (@MainActor (Result<Duration, any Error>) -> Void)?
    /// Whether the app answered it.
    private var isAnswered = false

    private init(object: UnsafeMutableRawPointer, answer: (@MainActor (Result<Duration, any Error>) -> Void)?) {
        self.object = object
        self.answer = answer
        cancellable = g_cancellable_new()!
        g_object_set_data_full(
            object.assumingMemoryBound(to: GObject.self), Self.cancellableKey, UnsafeMutableRawPointer(cancellable),
            g_object_unref)
        attach(self, to: object.assumingMemoryBound(to: GObject.self), key: ObjectType.instanceKey)
    }

    /// A new request pending until `answer` gets its answer: its GObject (a full reference,
    /// the caller's) and its Swift side.
    static func make(
        answering answer: @escaping @MainActor (Result<Duration, any Error>) -> Void
    ) -> (object: UnsafeMutableRawPointer, request: RequestObject) {
        let object = ObjectType.newInstance(of: gtype)
        return (object, RequestObject(object: object, answer: answer))
    }

    /// The Swift side of `object`, a CodeGateRequest.
    static func of(_ object: UnsafeMutableRawPointer) -> RequestObject? {
        ObjectType.instance(of: object) as? RequestObject
    }

    /// Answers the request while it is pending; `function` (the C function the app called)
    /// is named in a critical when it was answered already, in a debug message when it timed
    /// out, was reset or superseded. The button has taken the answer in when `pending` is
    /// notified.
    package func answer(_ outcome: Result<Duration, any Error>, by function: String) {
        guard !isAnswered else {
            cg_log_critical("\(function): the request was answered already")
            return
        }
        isAnswered = true
        guard let answer else {
            cg_log_debug("\(function): the request timed out, was reset or superseded: answer ignored")
            return
        }
        self.answer = nil
        answer(outcome)
        Self.type.notify(object, Self.pending.index)
    }

    /// Ends the request unanswered (a timeout, a reset, its button disposed, a new request):
    /// its GCancellable is cancelled, so the app's own work for it can stop.
    func cancel() {
        guard isPending else { return }
        answer = nil
        g_cancellable_cancel(cancellable)
        Self.type.notify(object, Self.pending.index)
    }

    package func disposeObject() {}
}
