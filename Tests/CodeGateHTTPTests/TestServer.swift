import CSoup
import CGtk
import CodeGateTestSupport

/// A SoupServer on 127.0.0.1 in the test process, on the same GLib main loop as the client:
/// it records each request and answers as `reply` says — a well-formed answer, or one of the
/// hostile ones a broken or malicious server sends, written as raw bytes on the connection it
/// takes over from libsoup.
@MainActor
final class TestServer {
    /// One request as the server read it.
    struct Request {
        var path: String
        var headers: [String: String]
        var body: String
        /// The client's port: one per connection, so the count of distinct ports is the
        /// count of connections.
        var clientPort: UInt16
    }

    /// How the server answers a request.
    enum Reply {
        /// A normal answer through libsoup; a nil content type sends none.
        case answer(
            status: UInt32, contentType: String? = "application/json; charset=utf-8", body: String,
            headers: [(String, String)] = [])
        /// Raw bytes on the connection, taken over from libsoup.
        case raw(RawConnection.Script)
    }

    /// A challenge as a server issues one, whose solution is 7: what the server answers
    /// `/v1/challenges` with unless `challenge` says otherwise.
    static let challenge = SampleChallenge.text
    /// `challenge` as the body of a `201` to `/v1/challenges`.
    static let challengeBody = #"{"challenge": ""# + challenge + #"", "expires_in_seconds": 300}"#

    /// The base URL, `http://127.0.0.1:PORT/`.
    private(set) var url = ""
    /// What the server was asked, in order.
    private(set) var requests: [Request] = []
    /// How to answer the next request, but those for a challenge.
    var reply: (Request) -> Reply = { _ in .answer(status: 500, body: "") }
    /// How to answer a request for a challenge, which `requests` does not list: by default a
    /// good one (`challenge`).
    var challenge: (Request) -> Reply = { _ in .answer(status: 201, body: TestServer.challengeBody) }
    /// The requests for a challenge, in order.
    private(set) var challengeRequests: [Request] = []
    /// The connections taken over, kept until the server stops.
    private(set) var raw: [RawConnection] = []
    private let server: UnsafeMutablePointer<SoupServer>

    /// The count of connections the client opened.
    var connections: Int { Set(requests.map(\.clientPort)).count }

    /// A server on plain HTTP, or with `tls` on HTTPS with a self-signed certificate for
    /// 127.0.0.1, which no client trusts.
    init(tls: Bool = false) {
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!)
            .assumingMemoryBound(to: SoupServer.self)
        var error: UnsafeMutablePointer<GError>?
        var flags = SOUP_SERVER_LISTEN_IPV4_ONLY.rawValue
        if tls {
            let certificate = g_tls_certificate_new_from_pem(Self.selfSigned, -1, &error)
            precondition(certificate != nil, "the test certificate does not load")
            var value = GValue()
            g_value_init(&value, g_tls_certificate_get_type())
            g_value_take_object(&value, certificate)
            g_object_set_property(
                UnsafeMutableRawPointer(server).assumingMemoryBound(to: GObject.self), "tls-certificate", &value)
            g_value_unset(&value)
            flags |= SOUP_SERVER_LISTEN_HTTPS.rawValue
        }
        precondition(
            soup_server_listen_local(server, 0, SoupServerListenOptions(flags), &error) != 0,
            "the test server cannot listen")
        let uris = soup_server_get_uris(server)
        let uri = OpaquePointer(uris!.pointee.data)
        url = "\(tls ? "https" : "http")://127.0.0.1:\(g_uri_get_port(uri))/"
        g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) }
        soup_server_add_handler(
            server, nil,
            { _, message, path, _, data in
                MainActor.assumeIsolated {
                    Unmanaged<TestServer>.fromOpaque(data!).takeUnretainedValue().handle(
                        message!, path: String(cString: path!))
                }
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Stops listening and drops every connection.
    func stop() {
        soup_server_remove_handler(server, nil)
        soup_server_disconnect(server)
        for connection in raw { connection.close() }
        raw = []
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// A certificate for 127.0.0.1 that signs itself, and its key (made once with `openssl req
    /// -x509 -newkey ec`, valid for a century): for tests only.
    private static let selfSigned = """
-----BEGIN CERTIFICATE-----
MIIBkTCCATagAwIBAgIUUe6LacOsxzhEH8GSNDBky9BjxwMwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTIwMTIyMDMyNFoYDzIxMjYxMTA3
MjIwMzI0WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQJSYZSs0q3V/MOdlAiNVEoD2MqBMBWLeMWGMCKUNNzYDfBCYGKmlcB
KbpgAd8Jk/KdW/Yre6qryO2uZMbcNibFo2QwYjAdBgNVHQ4EFgQUdptrNDswRc/Z
Ktm0OHD9oVXbrpowHwYDVR0jBBgwFoAUdptrNDswRc/ZKtm0OHD9oVXbrpowDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0kAMEYC
IQCC9R3evlhwTSdtSOi+vcPb+vEUMnPfo4v1P/pLuBp4+gIhAKObwI9zKmkLiJBe
oJnDa2a8QYFf7PSWZU+m9equgvTv
-----END CERTIFICATE-----
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgjMg2cELkziL3/NUK
wgOzYUGkqKS+i6scDOe6rZ42BiuhRANCAAQJSYZSs0q3V/MOdlAiNVEoD2MqBMBW
LeMWGMCKUNNzYDfBCYGKmlcBKbpgAd8Jk/KdW/Yre6qryO2uZMbcNibF
-----END PRIVATE KEY-----
"""

    private func handle(_ message: OpaquePointer, path: String) {
        var headers: [String: String] = [:]
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, soup_server_message_get_request_headers(message))
        var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            headers[String(cString: name!).lowercased()] = String(cString: value!)
        }
        let body = soup_server_message_get_request_body(message)!.pointee
        let text =
            body.data.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(body.length)), as: UTF8.self)
            } ?? ""
        let address = soup_server_message_get_remote_address(message)
        let port = g_inet_socket_address_get_port(
            UnsafeMutableRawPointer(address)?.assumingMemoryBound(to: GInetSocketAddress.self))
        let request = Request(path: path, headers: headers, body: text, clientPort: port)
        let isChallenge = path == "/v1/challenges"
        if isChallenge {
            challengeRequests.append(request)
        } else {
            requests.append(request)
        }
        switch isChallenge ? challenge(request) : reply(request) {
        case .answer(let status, let contentType, let body, let extra):
            soup_server_message_set_status(message, status, nil)
            let responseHeaders = soup_server_message_get_response_headers(message)
            for (name, value) in extra {
                soup_message_headers_replace(responseHeaders, name, value)
            }
            let bytes = Array(body.utf8)
            if let contentType {
                soup_server_message_set_response(message, contentType, SOUP_MEMORY_COPY, bytes, gsize(bytes.count))
            } else {
                soup_message_body_append(
                    soup_server_message_get_response_body(message), SOUP_MEMORY_COPY, bytes, gsize(bytes.count))
            }
        case .raw(let script):
            // The socket first: the stream libsoup hands over wraps it.
            let fd = g_socket_get_fd(soup_server_message_get_socket(message))
            let stream = soup_server_message_steal_connection(message)!
            let connection = RawConnection(stream: stream, fd: fd, script: script)
            raw.append(connection)
            connection.start()
        }
    }
}
