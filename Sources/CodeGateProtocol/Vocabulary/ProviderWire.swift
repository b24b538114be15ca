/// The members of the JSON the gateway hands an SMS provider (`--sms-webhook`'s body,
/// `--sms-command`'s standard input; docs/gateway.md, "Delivery through a provider").
package enum ProviderField {
    /// The message's id, the same at every attempt: the provider deduplicates on it.
    package static let id = "id"
    /// The number, in E.164.
    package static let to = "to"
    /// The text of the message.
    package static let text = "text"
    /// When the message was written, in whole seconds since 1970 (UTC).
    package static let created = "created"
}

/// The headers of a webhook delivery.
package enum ProviderHeader {
    /// Whole seconds since 1970 when the request was signed; part of the signed bytes.
    package static let timestamp = "X-CodeGate-Timestamp"
    /// `sha256=` and the lowercase hex HMAC-SHA256, under the shared key, of the timestamp, a
    /// full stop, and the body's exact bytes.
    package static let signature = "X-CodeGate-Signature"
    /// The signature header's scheme, before its hex digits.
    package static let signatureScheme = "sha256="
}

/// The members of the JSON the gateway posts to `--alert-webhook` (docs/gateway.md, "The guard
/// against pumping"), signed as a provider's messages are (`ProviderHeader`).
package enum AlertField {
    /// What happened: `prefix_suspended` or `prefix_throttled` (`ProtocolErrorKind`'s names).
    package static let event = "event"
    /// "block", "range" or "segment".
    package static let level = "level"
    /// The numbers' first digits, in E.164: "+861700123".
    package static let prefix = "prefix"
    /// When the prefix takes codes again, in whole seconds since 1970 (UTC).
    package static let until = "until"
}
