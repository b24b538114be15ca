// Written by scripts/controls.py from gobject/controls.toml: change that file and run `make controls`.

extension SlideToUnlock: ControlInstance {
    /// CodeGateSlideToUnlock's properties, in the order of their ids (gobject/controls.toml).
    package enum PropertyID: Int, ControlPropertyID {
        case unlocked
        case hint
        case unlockedHint
        case keyboardHint
        case focusedHint
        case progressText
        case returnedText
        case lockedAccessibleName
        case unlockedAccessibleName
        case positionText
        case unlockedPositionText
        case tooltip
        case groupName
        case note

        package var name: String {
            switch self {
            case .unlocked: "unlocked"
            case .hint: "hint"
            case .unlockedHint: "unlocked-hint"
            case .keyboardHint: "keyboard-hint"
            case .focusedHint: "focused-hint"
            case .progressText: "progress-text"
            case .returnedText: "returned-text"
            case .lockedAccessibleName: "locked-accessible-name"
            case .unlockedAccessibleName: "unlocked-accessible-name"
            case .positionText: "position-text"
            case .unlockedPositionText: "unlocked-position-text"
            case .tooltip: "tooltip"
            case .groupName: "group-name"
            case .note: "note"
            }
        }

        package var blurb: String {
            switch self {
            case .unlocked: "Whether the check is passed"
            case .hint: "A text of the control"
            case .unlockedHint: "A text of the control"
            case .keyboardHint: "A text of the control"
            case .focusedHint: "A text of the control"
            case .progressText: "A text of the control"
            case .returnedText: "A text of the control"
            case .lockedAccessibleName: "A text of the control"
            case .unlockedAccessibleName: "A text of the control"
            case .positionText: "A text of the control"
            case .unlockedPositionText: "A text of the control"
            case .tooltip: "A text of the control"
            case .groupName: "A text of the control"
            case .note: "A line said before the description"
            }
        }

        package var isWritable: Bool {
            switch self {
            case .unlocked: false
            case .hint: true
            case .unlockedHint: true
            case .keyboardHint: true
            case .focusedHint: true
            case .progressText: true
            case .returnedText: true
            case .lockedAccessibleName: true
            case .unlockedAccessibleName: true
            case .positionText: true
            case .unlockedPositionText: true
            case .tooltip: true
            case .groupName: true
            case .note: true
            }
        }
    }
}
