import CodeGateBase
/// How the request button words the remaining cooldown, e.g. "获取验证码({s})".
///
/// Placeholders: `{s}` is the remaining whole seconds ("5"), `{ss}` the same zero-padded to two
/// digits ("05"). A format must hold at least one; any other `{…}` is an error, so a typo is
/// reported at start-up rather than shown to users. A format is a button's caption, so one
/// longer than `longest` is refused too.
public struct LabelFormat: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case seconds
        case paddedSeconds
    }

    let pieces: [Piece]

    /// The text the button shows when it is not counting down.
    public let idleText: String

    /// The most characters (Unicode scalars, placeholders counted as written) a format may
    /// have. The captions the controls ship are 9 to 14 characters long, so 64 leaves any
    /// language room for its own wording, while a format pasted by mistake (a probe's
    /// 3,500 characters made a label wider than X can allocate) is refused at start. Scalars,
    /// not characters, so that a pile of combining marks on one letter counts for what it is.
    /// Whatever fits this, the request button ellipsizes what its width cannot show.
    public static let longest = 64

    /// "获取验证码", in the user's language.
    public static var defaultIdleText: String { ControlsText.localized("获取验证码") }

    /// "获取验证码(59)" — the default.
    public static var parenthesized: LabelFormat {
        // TRANSLATORS: the request button while its cooldown runs: {s} is the seconds left and
        // must stay, written as it is.
        (try? LabelFormat(parsing: ControlsText.localized("获取验证码({s})")))
            ?? LabelFormat(pieces: [.text("获取验证码("), .seconds, .text(")")])
    }
    /// "05s重新发送".
    public static let resendSuffix = LabelFormat(pieces: [.paddedSeconds, .text("s重新发送")])
    /// "重新获取(59秒)".
    public static let retryIn = LabelFormat(pieces: [.text("重新获取("), .seconds, .text("秒)")])

    private init(pieces: [Piece], idleText: String = LabelFormat.defaultIdleText) {
        self.pieces = pieces
        self.idleText = idleText
    }

    /// Parses a format such as "{ss}s重新发送"; throws when it has no seconds placeholder or an
    /// unknown one, or is longer than `longest`.
    public init(parsing format: String, idleText: String = LabelFormat.defaultIdleText) throws(LabelFormatError) {
        guard format.unicodeScalars.count <= Self.longest else {
            throw .tooLong(format)
        }
        var pieces: [Piece] = []
        var rest = Substring(format)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex {
                pieces.append(.text(String(rest[..<open])))
            }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .unclosedBrace(format)
            }
            switch rest[rest.index(after: open)..<close] {
            case "s": pieces.append(.seconds)
            case "ss": pieces.append(.paddedSeconds)
            case let name: throw .unknownPlaceholder(String(name), format)
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty {
            pieces.append(.text(String(rest)))
        }
        guard pieces.contains(where: { !$0.isText }) else {
            throw .missingSeconds(format)
        }
        self.init(pieces: pieces, idleText: idleText)
    }

    /// The label while `seconds` whole seconds remain; the idle text once none do.
    public func text(secondsLeft seconds: Int) -> String {
        guard seconds > 0 else { return idleText }
        return pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .seconds: String(seconds)
            case .paddedSeconds: seconds < 10 ? "0\(seconds)" : String(seconds)
            }
        }.joined()
    }
}

extension LabelFormat.Piece {
    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}

/// Why a label format was refused; `description` is the sentence shown to the user.
public enum LabelFormatError: Error, Equatable, CustomStringConvertible {
    case missingSeconds(String)
    case unknownPlaceholder(String, String)
    case unclosedBrace(String)
    /// Longer than `LabelFormat.longest`.
    case tooLong(String)

    public var description: String {
        switch self {
        case .missingSeconds(let format):
            "label format \"\(format)\" has no seconds placeholder: use {s} or {ss}, as in \"获取验证码({s})\""
        case .unknownPlaceholder(let name, let format):
            "label format \"\(format)\" has an unknown placeholder {\(name)}: only {s} and {ss} exist"
        case .unclosedBrace(let format):
            "label format \"\(format)\" opens a { that is never closed"
        case .tooLong(let format):
            // Only its start is quoted: the line stays one readable line whatever was passed.
            "label format \"\(String(format.unicodeScalars.prefix(16)))…\" "
                + "has \(format.unicodeScalars.count) characters; "
                + "a button label takes at most \(LabelFormat.longest)"
        }
    }
}
