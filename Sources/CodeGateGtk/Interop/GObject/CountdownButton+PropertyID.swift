// Written by scripts/controls.py from gobject/controls.toml: change that file and run `make controls`.

extension CountdownButton: ControlInstance {
    /// CodeGateCountdownButton's properties, in the order of their ids (gobject/controls.toml).
    package enum PropertyID: Int, ControlPropertyID {
        case idleText
        case labelFormat
        case sendingText
        case requestTimeout
        case enabled
        case slider
        case phase
        case secondsLeft
        case fraction
        case counting
        case sendingAccessibleName
        case countingAccessibleName
        case sentNews
        case readyNews
        case failureKind

        package var name: String {
            switch self {
            case .idleText: "idle-text"
            case .labelFormat: "label-format"
            case .sendingText: "sending-text"
            case .requestTimeout: "request-timeout"
            case .enabled: "enabled"
            case .slider: "slider"
            case .phase: "phase"
            case .secondsLeft: "seconds-left"
            case .fraction: "fraction"
            case .counting: "counting"
            case .sendingAccessibleName: "sending-accessible-name"
            case .countingAccessibleName: "counting-accessible-name"
            case .sentNews: "sent-news"
            case .readyNews: "ready-news"
            case .failureKind: "failure-kind"
            }
        }

        package var blurb: String {
            switch self {
            case .idleText: "The label while idle"
            case .labelFormat: "The label while counting, with {s} or {ss}"
            case .sendingText: "The label while sending"
            case .requestTimeout: "Seconds the request may take"
            case .enabled: "The app's own gate"
            case .slider: "The slider to wait for"
            case .phase: "Idle, sending or counting"
            case .secondsLeft: "Whole seconds of the cooldown left"
            case .fraction: "How much of the cooldown has passed"
            case .counting: "Whether the cooldown runs"
            case .sendingAccessibleName:
                "The name while sending, {0} the idle text, {1} the sending text; NULL: the default"
            case .countingAccessibleName:
                "The name while counting, {0} the idle text, {1} the seconds left; NULL: the default"
            case .sentNews: "What a screen reader hears when a code was sent"
            case .readyNews: "What a screen reader hears when the cooldown ends"
            case .failureKind: "How the last failed request went wrong"
            }
        }

        package var isWritable: Bool {
            switch self {
            case .idleText: true
            case .labelFormat: true
            case .sendingText: true
            case .requestTimeout: true
            case .enabled: true
            case .slider: true
            case .phase: false
            case .secondsLeft: false
            case .fraction: false
            case .counting: false
            case .sendingAccessibleName: true
            case .countingAccessibleName: true
            case .sentNews: true
            case .readyNews: true
            case .failureKind: false
            }
        }
    }
}
