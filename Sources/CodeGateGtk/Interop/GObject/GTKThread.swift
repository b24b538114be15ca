import CCodeGateGObject
import CGtk

/// A value carried in and out of `MainActor.assumeIsolated`, which takes and returns only
/// Sendable values: the C API hands raw pointers (a widget, a string the object owns) across,
/// always on the GTK thread, which is checked before.
package struct Unchecked<Value>: @unchecked Sendable {
    package let value: Value

    package init(value: Value) {
        self.value = value
    }
}

/// Runs `body` with `arguments` on the main actor from a C entry point — a GObject vfunc or a
/// function of the C API. Called on any other thread than GTK's (a Python worker thread, say),
/// it logs one critical naming `function`, the C function called, and answers `fallback`,
/// where the main actor's own check would stop the process.
package func onGTKThread<Arguments, Value>(
    _ function: String, _ arguments: Arguments, fallback: Value, _ body: @MainActor (Arguments) -> Value
) -> Value {
    guard cg_is_main_thread() != 0 else {
        cg_log_critical(
            "\(function): called from a thread other than GTK's; CodeGate's objects belong to the thread that runs GTK")
        return fallback
    }
    return withoutActuallyEscaping(body) { body in
        let unchecked = Unchecked(value: (arguments, body))
        return MainActor.assumeIsolated { Unchecked(value: unchecked.value.1(unchecked.value.0)) }.value
    }
}

/// `onGTKThread` for a body that answers nothing.
package func onGTKThread<Arguments>(_ function: String, _ arguments: Arguments, _ body: @MainActor (Arguments) -> Void)
{
    onGTKThread(function, arguments, fallback: (), body)
}
