import CodeGateBase
import CodeGateGLib
import CGtk
import CodeGateCore

extension ObserverList {
    /// Runs `callback` on every notification until `widget` is destroyed or the returned
    /// observation is cancelled: the widget holds the observation, so a model that outlives
    /// what shows it stops calling into it, and dropping the result does not end it early.
    @discardableResult
    package func observe(
        until widget: UnsafeMutablePointer<GtkWidget>, _ callback: @escaping @MainActor (Value) -> Void
    ) -> Observation {
        let observation = observe(callback)
        Signal.connect(widget, "destroy") { observation.cancel() }
        return observation
    }
}
