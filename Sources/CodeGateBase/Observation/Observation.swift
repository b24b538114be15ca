/// One registration of a callback with a model or a control. It ends when `cancel()` is called
/// or when nothing holds it any more, so an observer that goes away cannot be called into and
/// a forgotten token cannot leak a cycle. A control also holds the observations made through
/// it until its widget is destroyed.
@MainActor
public final class Observation {
    private var end: (@MainActor () -> Void)?

    /// An observation that runs `end` once, when it is cancelled or let go of.
    package init(end: @escaping @MainActor () -> Void) {
        self.end = end
    }

    /// Stops the callback; later calls do nothing.
    public func cancel() {
        let end = end
        self.end = nil
        end?()
    }

    deinit {
        UIThread.assume { cancel() }
    }
}
