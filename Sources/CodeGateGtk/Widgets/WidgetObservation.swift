import CGtk
import CodeGateCore

extension ObserverList {
    /// Registers `callback` for as long as `widget` lives: the registration ends when the
    /// widget is destroyed, so a model that outlives what shows it stops calling into it.
    func add(until widget: UnsafeMutablePointer<GtkWidget>, _ callback: @escaping @MainActor (Value) -> Void) {
        let token = add(callback)
        Signal.connect(widget, "destroy") { [weak self] in self?.remove(token) }
    }
}
