import CGtk

/// The text a C caller passed, as Swift text: `.some(nil)` for NULL. Bytes that are not valid
/// UTF-8 are refused with a warning naming `function` (the C function called) — the outer nil —
/// rather than repaired into U+FFFD behind the caller's back; `instead` says what happens then.
package func validText(
    _ pointer: UnsafePointer<CChar>?, _ function: String, instead: String = "nothing changes"
) -> String?? {
    guard let pointer else { return .some(nil) }
    guard let text = String(validatingCString: pointer) else {
        cg_log_warning("\(function.prefix { $0 != "(" }): the text is not valid UTF-8; \(instead)")
        return nil
    }
    return .some(text)
}
