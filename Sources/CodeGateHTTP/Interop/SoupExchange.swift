import CSoup
import CodeGateBase
import CodeGateProtocol

/// One request sent on a libsoup session and its answer read, all on the GLib main loop:
/// `soup_session_send_async`, then `g_input_stream_read_bytes_async` until the end of the body
/// or the limit. No thread of ours, no libdispatch worker: the callbacks run on the main
/// context the request was sent from, the app's main thread.
///
/// The exchange keeps itself alive while GLib holds a callback for it (one retain per pending
/// call, released in the callback), so it ends exactly once however it ends: an answer, an
/// error, or `cancellable` cancelled — which GLib reports as the pending call's error.
@MainActor
package final class SoupExchange {
    /// How an exchange ended without an answer.
    package enum Failure: Error, Equatable {
        /// `cancellable` was cancelled.
        case cancelled
        /// The connection failed: no route, refused, reset, a TLS error, a malformed answer.
        case transport(String)
        /// The body is longer than the limit.
        case tooLarge
    }

    /// The most read at once.
    private static let block = 4096

    private let soup: CGSoup
    private let session: UnsafeMutablePointer<SoupSession>
    private let message: OpaquePointer
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private let limit: Int
    private var answer = HTTPAnswer(status: 0, body: [])
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var continuation: CheckedContinuation<Result<HTTPAnswer, Failure>, Never>?

    private init(
        soup: CGSoup, session: UnsafeMutablePointer<SoupSession>, message: OpaquePointer,
        cancellable: UnsafeMutablePointer<GCancellable>, limit: Int
    ) {
        self.soup = soup
        self.session = session
        self.message = message
        self.cancellable = cancellable
        self.limit = limit
        g_object_ref(UnsafeMutableRawPointer(session))
        g_object_ref(UnsafeMutableRawPointer(message))
        g_object_ref(UnsafeMutableRawPointer(cancellable))
    }

    isolated deinit {
        if let stream {
            // Unread data left: libsoup closes the connection rather than reuse it.
            g_object_unref(UnsafeMutableRawPointer(stream))
        }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(message))
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Sends `message` on `session` (libsoup's functions `soup`) and reads its answer, at most
    /// `limit` bytes of body.
    static func run(
        _ message: OpaquePointer, on session: UnsafeMutablePointer<SoupSession>, soup: CGSoup,
        cancellable: UnsafeMutablePointer<GCancellable>, limit: Int
    ) async -> Result<HTTPAnswer, Failure> {
        let exchange = SoupExchange(
            soup: soup, session: session, message: message, cancellable: cancellable, limit: limit)
        return await withMainQueueContinuation { continuation in
            exchange.continuation = continuation
            soup.session_send_async(session, message, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
                MainActor.assumeIsolated { SoupExchange.resume(data).sent(result) }
            }, exchange.retainForCallback())
        }
    }

    private func retainForCallback() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The exchange a callback is for, its callback's retain handed back.
    private nonisolated static func resume(_ data: gpointer?) -> SoupExchange {
        Unmanaged<SoupExchange>.fromOpaque(data!).takeRetainedValue()
    }

    private func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let stream = soup.session_send_finish(session, result, &error) else {
            return finish(.failure(Self.failure(error)))
        }
        self.stream = stream
        let headers = soup.message_get_response_headers(message)
        func header(_ name: String) -> String? {
            soup.message_headers_get_one(headers, name).map { String(cString: $0) }
        }
        answer.status = Int(soup.message_get_status(message).rawValue)
        answer.contentType = header("Content-Type")
        answer.retryAfter = header(ProtocolHeader.retryAfter)
        answer.replayed = header(ProtocolHeader.idempotentReplayed)
        // A caller that reads no body has its answer: the body is left unread, and libsoup
        // closes the connection rather than reuse it.
        guard limit > 0 else { return finish(.success(answer)) }
        // A declared length over the limit is refused before a byte of it is read.
        if soup.message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH,
           soup.message_headers_get_content_length(headers) > goffset(limit) {
            return finish(.failure(.tooLarge))
        }
        read()
    }

    /// Reads on, a block at a time (GIO allocates what is asked for: answers are small), and at
    /// most one byte more than the limit leaves, so an overlong body shows.
    private func read() {
        guard let stream else { return }
        let count = min(Self.block, limit - answer.body.count + 1)
        g_input_stream_read_bytes_async(
            stream, gsize(count), G_PRIORITY_DEFAULT, cancellable,
            { _, result, data in
                MainActor.assumeIsolated { SoupExchange.resume(data).readDone(result) }
            }, retainForCallback())
    }

    private func readDone(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = g_input_stream_read_bytes_finish(stream, result, &error) else {
            return finish(.failure(Self.failure(error)))
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else {
            return close()
        }
        answer.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
        guard answer.body.count <= limit else { return finish(.failure(.tooLarge)) }
        read()
    }

    /// Closes the body read to its end, which hands the connection back to the session for
    /// the next request (keep-alive); the answer is complete either way.
    private func close() {
        g_input_stream_close_async(stream, G_PRIORITY_DEFAULT, cancellable, { source, result, data in
            MainActor.assumeIsolated {
                let exchange = SoupExchange.resume(data)
                g_input_stream_close_finish(exchange.stream, result, nil)
                exchange.finish(.success(exchange.answer))
            }
        }, retainForCallback())
    }

    private func finish(_ outcome: Result<HTTPAnswer, Failure>) {
        continuation?.resume(returning: outcome)
        continuation = nil
    }

    /// The failure a GError stands for, the error freed.
    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> Failure {
        guard let error else { return .transport("no error given") }
        defer { g_error_free(error) }
        if error.pointee.domain == g_io_error_quark(), error.pointee.code == Int32(G_IO_ERROR_CANCELLED.rawValue) {
            return .cancelled
        }
        return .transport(String(cString: error.pointee.message))
    }
}
