import CSoup
import Glibc
import CodeGateProtocol

/// A libsoup server message as the gateway reads and answers it: C strings in, Swift values out.
///
/// Sendable only so that a main-actor task can answer it after the handler returned: the
/// gateway touches it on the main thread alone, as libsoup requires.
struct ServerMessage: @unchecked Sendable {
    let pointer: OpaquePointer

    var method: String { String(cString: soup_server_message_get_method(pointer)) }

    var path: String {
        guard let uri = soup_server_message_get_uri(pointer), let path = g_uri_get_path(uri) else { return "/" }
        return String(cString: path)
    }

    var client: String {
        soup_server_message_get_remote_host(pointer).map { String(cString: $0) } ?? "unknown"
    }

    /// Whether the connection came through a Unix socket (the trusted proxy's, which only
    /// those the socket file's permissions let in can reach), not over IP.
    var isOnUnixSocket: Bool {
        guard let local = soup_server_message_get_local_address(pointer) else { return false }
        return g_socket_address_get_family(local) == G_SOCKET_FAMILY_UNIX
    }

    /// The client's end of the connection (its address and port), when it is an IP one.
    var clientEndpoint: SocketEndpoint? { Self.endpoint(soup_server_message_get_remote_address(pointer)) }

    /// The server's end of the connection, when it is an IP one.
    var serverEndpoint: SocketEndpoint? { Self.endpoint(soup_server_message_get_local_address(pointer)) }

    /// The uid that owns the client's socket, asked of `find` once per connection and kept on
    /// the connection's socket (so it goes with it): a socket's owner never changes, and the
    /// kernel's tables take milliseconds to read on a busy machine. Nothing is kept when
    /// `find` has no answer, so the next request asks again.
    func clientOwner(_ find: () -> UInt32?) -> UInt32? {
        guard let socket = soup_server_message_get_socket(pointer) else { return find() }
        let object = UnsafeMutablePointer<GObject>(OpaquePointer(socket))
        // uid + 1, so that root is not a null pointer; a number, not an allocation.
        if let kept = g_object_get_data(object, Self.ownerKey) { return UInt32(UInt(bitPattern: kept) - 1) }
        guard let uid = find() else { return nil }
        g_object_set_data(object, Self.ownerKey, UnsafeMutableRawPointer(bitPattern: UInt(uid) + 1))
        return uid
    }

    private static let ownerKey = "codegate-client-uid"

    private static func endpoint(_ socketAddress: UnsafeMutablePointer<GSocketAddress>?) -> SocketEndpoint? {
        guard let socketAddress,
            [G_SOCKET_FAMILY_IPV4, G_SOCKET_FAMILY_IPV6].contains(g_socket_address_get_family(socketAddress))
        else { return nil }
        let inet = UnsafeMutableRawPointer(socketAddress).assumingMemoryBound(to: GInetSocketAddress.self)
        guard let address = g_inet_socket_address_get_address(inet), let bytes = g_inet_address_to_bytes(address) else {
            return nil
        }
        return SocketEndpoint(
            address: Array(UnsafeBufferPointer(start: bytes, count: Int(g_inet_address_get_native_size(address)))),
            port: g_inet_socket_address_get_port(inet))
    }

    func header(_ name: String) -> String? {
        soup_message_headers_get_one(soup_server_message_get_request_headers(pointer), name).map { String(cString: $0) }
    }

    /// Every value of the header `name`, joined by ", " as libsoup keeps repeated ones.
    func headerList(_ name: String) -> String? {
        soup_message_headers_get_list(soup_server_message_get_request_headers(pointer), name).map {
            String(cString: $0)
        }
    }

    /// Whether the request has the header `name` more than once (or a list in it, which none
    /// of the headers asked about may hold).
    func isRepeated(_ name: String) -> Bool {
        headerList(name)?.contains(",") ?? false
    }

    /// The declared body length, when the request has one.
    var contentLength: Int? {
        let headers = soup_server_message_get_request_headers(pointer)
        guard soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH else { return nil }
        return Int(soup_message_headers_get_content_length(headers))
    }

    var isChunked: Bool {
        soup_message_headers_get_encoding(soup_server_message_get_request_headers(pointer)) == SOUP_ENCODING_CHUNKED
    }

    /// The body read, at most `limit + 1` bytes of it (enough to tell it is too long).
    func body(limit: Int) -> [UInt8] {
        guard let body = soup_server_message_get_request_body(pointer), let bytes = soup_message_body_flatten(body)
        else { return [] }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: min(Int(size), limit + 1)))
    }

    /// Writes an answer straight to the socket while libsoup has read only the headers, then
    /// takes the connection from libsoup and closes it: the client has its answer at once, and
    /// not a byte of the body is read (libsoup 3.2 reads a whole body before it answers, and
    /// would also read a negative `Content-Length` into a warning). The answer is small: the
    /// socket's buffer takes it whole.
    func answerAndClose(status: Int, headers: [(String, String)], body: [UInt8]) {
        guard let socket = soup_server_message_get_socket(pointer) else { return }
        let reason = Self.reasons[status] ?? soup_status_get_phrase(guint(status)).map { String(cString: $0) } ?? ""
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers + [
            ("Content-Type", "application/json; charset=utf-8"), ("Content-Length", String(body.count)),
        ] {
            head += "\(name): \(value)\r\n"
        }
        let bytes = Array((head + "\r\n").utf8) + body
        let descriptor = g_socket_get_fd(socket)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        shutdown(descriptor, Int32(SHUT_WR))
        guard let stream = soup_server_message_steal_connection(pointer) else { return }
        g_io_stream_close(stream, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(stream))
    }

    /// Sets the status, the headers, the body and its type of the answer.
    func respond(status: Int, headers: [(String, String)], body: [UInt8], type: String) {
        soup_server_message_set_status(pointer, guint(status), Self.reasons[status])
        g_object_set_data(
            UnsafeMutablePointer<GObject>(pointer), Self.answeredKey, UnsafeMutableRawPointer(bitPattern: 1))
        fill(headers: headers, body: body, type: type)
    }

    /// Whether `respond` made the answer: libsoup makes its own for a request it could not
    /// read or route.
    var isAnswered: Bool { g_object_get_data(UnsafeMutablePointer<GObject>(pointer), Self.answeredKey) != nil }

    private static let answeredKey = "codegate-answered"

    /// The status libsoup has set, 0 while none is.
    var status: Int { Int(soup_server_message_get_status(pointer)) }

    /// Sets the headers, the body and its type of the answer, leaving its status as it is:
    /// also the body of an answer libsoup makes itself. A `Content-Language` set before goes.
    func fill(headers: [(String, String)], body: [UInt8], type: String) {
        let responseHeaders = soup_server_message_get_response_headers(pointer)
        soup_message_headers_remove(responseHeaders, ProtocolHeader.contentLanguage)
        // libsoup appends a body to the one set before.
        soup_message_body_truncate(soup_server_message_get_response_body(pointer))
        for (name, value) in headers {
            soup_message_headers_replace(responseHeaders, name, value)
        }
        body.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                soup_server_message_set_response(pointer, type, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count))
            }
        }
    }

    /// Reason phrases libsoup 3.2 lacks (it says "Unknown Error" for 429).
    private static let reasons = [413: "Content Too Large", 422: "Unprocessable Content", 429: "Too Many Requests"]

    func retain() { g_object_ref(UnsafeMutableRawPointer(pointer)) }
    func release() { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    func pause() { soup_server_message_pause(pointer) }
    func unpause() { soup_server_message_unpause(pointer) }
}
