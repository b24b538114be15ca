import CodeGateBase
/// The words a new slider has, in the language of the moment: what each of its texts starts
/// as, and what the GObject properties name as their defaults.
extension SlideUnlock {
    package static var defaultHint: String { ControlsText.localized("滑动解锁/获取验证码") }
    package static var defaultUnlockedHint: String { ControlsText.localized("验证通过") }
    package static var defaultKeyboardHints: DirectionalText {
        DirectionalText(
            leftToRight: ControlsText.localized("按 → 键 10 次，或点击滑块 10 次，滑到最右端"),
            // TRANSLATORS: the same on a slider mirrored for a right-to-left language, which starts
            // at the right: ← moves it on, and its end is at the left.
            rightToLeft: ControlsText.localized("按 ← 键 10 次，或点击滑块 10 次，滑到最左端"))
    }
    package static var defaultFocusedHints: DirectionalText {
        DirectionalText(
            leftToRight: ControlsText.localized("按 → 键 10 次"),
            // TRANSLATORS: the same on a slider mirrored for a right-to-left language.
            rightToLeft: ControlsText.localized("按 ← 键 10 次"))
    }
    package static var defaultProgressText: String {
        ControlsText.localized(
            // TRANSLATORS: said after each step of the slider: {0} is how far it is, in per cent;
            // {1} how many presses of the arrow key (or clicks on the thumb) are still needed.
            "已滑动 {0}%，还需 {1} 步")
    }
    package static var defaultReturnedText: String { ControlsText.localized("滑块已退回起点") }
    /// The name holds the words on the track, so that a user who sees them can say them (WCAG
    /// 2.5.3, Label in Name) to speech control.
    package static var defaultLockedAccessibleName: String {
        // TRANSLATORS: the slider's name for a screen reader while the check is not passed: {0}
        // is the words on its track ("滑动解锁/获取验证码"), which the name must hold as they are.
        ControlsText.localized("{0}，未通过")
    }
    /// Once passed, the track's words ("验证通过") say it all.
    package static let defaultUnlockedAccessibleName = "{0}"
    package static var defaultPositionText: String {
        ControlsText.localized(
            // TRANSLATORS: the slider's position for a screen reader: {0} is a whole percentage.
            "已滑动 {0}%")
    }
    package static var defaultUnlockedPositionTexts: DirectionalText {
        DirectionalText(
            leftToRight: ControlsText.localized("已滑到最右端"),
            // TRANSLATORS: on a slider mirrored for a right-to-left language, whose end is at the left.
            rightToLeft: ControlsText.localized("已滑到最左端"))
    }
}
