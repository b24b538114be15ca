/// Words a text message in one language: runs `words`, which word it with `localized`, with
/// gettext speaking that language meanwhile. The gateway's server passes its request's
/// language (`Accept-Language`); the app's window, the user's own.
public typealias SMSWording = @MainActor (_ words: () -> String) -> String
