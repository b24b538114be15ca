import CodeGateBase
import CodeGateFlow
import CodeGateGateway
import CodeGateCore

/// Everything a service delivers from the moment the log is made, for tests that read the
/// code from the message as the user would.
@MainActor
public final class MessageLog {
    /// The delivered messages, oldest first.
    public private(set) var messages: [SMSMessage] = []

    /// Starts recording what `outbox` delivers.
    public init(_ outbox: ObserverList<SMSMessage>) {
        outbox.add { [weak self] message in self?.messages.append(message) }
    }

    /// The code in the newest message, if any.
    public var lastCode: String? {
        messages.last.map { String($0.text.split(separator: " ")[1].prefix(6)) }
    }
}
