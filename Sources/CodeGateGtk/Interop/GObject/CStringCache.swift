import CGtk

/// The C strings a GObject's getters return: owned by the object (transfer none), each kept
/// until the text it copies changes or the object goes away, as C callers expect.
package final class CStringCache {
    package init() {}

    private var strings: [Int: (text: String, pointer: UnsafeMutablePointer<gchar>)] = [:]

    /// A C copy of `text` under `key`, the same pointer as last time while the text is the same.
    package func pointer(_ key: Int, for text: String?) -> UnsafePointer<gchar>? {
        guard let text else {
            drop(key)
            return nil
        }
        if let kept = strings[key], kept.text == text { return UnsafePointer(kept.pointer) }
        drop(key)
        guard let copy = g_strdup(text) else { return nil }
        strings[key] = (text, copy)
        return UnsafePointer(copy)
    }

    private func drop(_ key: Int) {
        if let kept = strings.removeValue(forKey: key) { g_free(kept.pointer) }
    }

    deinit {
        for kept in strings.values { g_free(kept.pointer) }
    }
}
