import CGtk
import CodeGateGtk

// codegate_init(): the library's types, registered. The library calls it itself when it loads
// (CodeGateOnLoad's ELF constructor); Python and GJS load the library only at the first use
// of the CodeGate namespace, which this call is when a GtkBuilder file comes first.

/// Registers CodeGateSlideToUnlock, CodeGateCountdownButton, CodeGateRequest,
/// CodeGateCountdownPhase and CodeGateFailureKind; safe to call any number of times, from any thread.
@_cdecl("codegate_init")
public func codegate_init() {
    _ = CountdownButton.phaseType
    _ = CountdownButton.failureKindType
    _ = RequestObject.gtype
    _ = SlideToUnlock.gtype
    _ = CountdownButton.gtype
}
