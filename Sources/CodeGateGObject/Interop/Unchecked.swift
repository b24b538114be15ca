/// A value carried out of `MainActor.assumeIsolated`, which returns only Sendable values: the C
/// API hands raw pointers (a widget, a string the object owns) back to its C caller, on the
/// same main thread.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// Runs `body` with `arguments` on the main actor from a C entry point — a GObject vfunc or a
/// function of the C API — that GTK calls on the main thread (it traps on any other): the raw
/// pointers among the arguments stay on that thread.
func onMainThread<Arguments, Value>(_ arguments: Arguments, _ body: @MainActor (Arguments) -> Value) -> Value {
    withoutActuallyEscaping(body) { body in
        let unchecked = Unchecked(value: (arguments, body))
        return MainActor.assumeIsolated { Unchecked(value: unchecked.value.1(unchecked.value.0)) }.value
    }
}
