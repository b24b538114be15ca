import CodeGateBase
import CCodeGateGObject
import CGtk
import CodeGateCore
import CodeGateGLib

/// A value carried across an isolation boundary that takes only Sendable values: the C API
/// hands raw pointers (a widget, a string the object owns) across, always on GTK's thread,
/// which is checked before.
package struct Unchecked<Value>: @unchecked Sendable {
    package let value: Value

    package init(value: Value) {
        self.value = value
    }
}

/// Runs `body` with `arguments` on the main actor from a C entry point — a GObject vfunc or a
/// function of the C API. Called on any other thread than GTK's (`GTKThread`: a Python worker
/// thread while GTK runs elsewhere, say), it logs one critical naming `function`, the C
/// function called, and answers `fallback`.
package func onGTKThread<Arguments, Value>(
    _ function: String, _ arguments: Arguments, fallback: Value, _ body: @MainActor (Arguments) -> Value
) -> Value {
    guard GTKThread.isCurrent else {
        cg_log_critical(
            "\(function): called from a thread other than GTK's; CodeGate's objects belong to the thread that runs GTK")
        return fallback
    }
    GTKThread.adopt()
    return withoutActuallyEscaping(body) { body in
        let unchecked = Unchecked(value: (arguments, body))
        return UIThread.assume { Unchecked(value: unchecked.value.1(unchecked.value.0)) }.value
    }
}

/// `onGTKThread` for a body that answers nothing.
package func onGTKThread<Arguments>(_ function: String, _ arguments: Arguments, _ body: @MainActor (Arguments) -> Void)
{
    onGTKThread(function, arguments, fallback: (), body)
}
