import CodeGateCore
/// What a screen reader should hear with each control. GTK 4.8 has no way to announce a
/// status by itself, so each status travels with the control it concerns: in that control's
/// accessible description, heard when focus moves there (the flow moves it when a status
/// calls for action) or when the description of the focused control changes.
extension CodeFlow {
    /// The phone field's description: why the number is wrong or missing, or else that the
    /// cooldown is over, which is news wherever the focus is.
    public var phoneDescription: String { phoneStatus?.text ?? cooldownNews ?? "" }

    /// Whether the phone field holds a number that cannot be sent to, or is missing one after
    /// the user asked to go on.
    public var isPhoneInvalid: Bool { phoneStatus?.kind == .error }

    /// What the slider says before its own description: why it has to be passed again when a
    /// request failed or was asked for before the slide, or that the cooldown is over; nil
    /// otherwise.
    public var sliderNote: String? {
        if let slideStatus { return slideStatus.text }
        guard let requestStatus else { return nil }
        return requestStatus.kind == .error ? requestStatus.text : cooldownNews
    }

    /// The code field's description: the verdict on the code, or else the news of the request
    /// — where the code went, or that the cooldown is over. Nothing once the code is verified:
    /// the completion page, which takes the focus, says so, and once is enough.
    public var codeDescription: String {
        if isVerified { return "" }
        if let verifyStatus { return verifyStatus.text }
        guard let requestStatus, requestStatus.kind == .info else { return "" }
        return requestStatus.text
    }

    /// Whether the code field holds a code the service refused, or too few digits after the
    /// user asked to check them; editing the code clears it.
    public var isCodeInvalid: Bool { verifyStatus?.kind == .error }
}
