"""A fake SMS provider on loopback for the webhook suite: a real HTTP server in a thread of the
test, which checks each request's signature as docs/gateway.md tells a provider to, records it,
and answers as its mode says: "ok" (200), "fail" (500), "busy" (429 with Retry-After), "slow"
(no answer for longer than the gateway waits). `stop()` and `start()` take it down and up on
the same port."""
import hashlib
import hmac
import http.server
import json
import threading
import time


def verify(key, timestamp, body, signature, now=None, tolerance=300):
    """The recipe of docs/gateway.md: HMAC-SHA256 of "TIMESTAMP." + body under the shared key,
    compared in constant time, and a timestamp within five minutes of now."""
    expected = "sha256=" + hmac.new(key, timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, signature):
        return False
    return abs((now or time.time()) - int(timestamp)) <= tolerance


class FakeProvider:
    def __init__(self, key, slow_seconds=12):
        self.key = key
        self.slow_seconds = slow_seconds
        self.mode = "ok"
        self.retry_after = 2
        self.requests = []  # dicts: at, id, to, text, created, answer, signed
        self.lock = threading.Lock()
        self.server = None
        self.port = 0
        self.start()

    def start(self):
        provider = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                timestamp = self.headers.get("X-CodeGate-Timestamp", "0")
                signature = self.headers.get("X-CodeGate-Signature", "")
                message = json.loads(body)
                with provider.lock:
                    mode = provider.mode
                    record = dict(message, at=time.monotonic(), answer=mode,
                                  signed=verify(provider.key, timestamp, body, signature),
                                  path=self.path, content_type=self.headers.get("Content-Type"), body=body,
                                  timestamp=timestamp, signature=signature)
                    provider.requests.append(record)
                if mode == "slow":
                    time.sleep(provider.slow_seconds)
                    status = 200
                else:
                    status = {"ok": 200, "fail": 500, "busy": 429}[mode]
                self.send_response(status)
                if status == 429:
                    self.send_header("Retry-After", str(provider.retry_after))
                self.send_header("Content-Length", "0")
                self.end_headers()

        http.server.ThreadingHTTPServer.allow_reuse_address = True
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/sms"

    def seen(self, to=None):
        with self.lock:
            return [r for r in self.requests if to is None or r["to"] == to]

    def delivered_ids(self):
        """Ids answered 200 (a slow answer counts too: the provider took the message)."""
        with self.lock:
            return [r["id"] for r in self.requests if r["answer"] in ("ok", "slow")]
