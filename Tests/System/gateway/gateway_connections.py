#!/usr/bin/python3
"""Part of Tests/System/gateway/run: codegate-gateway's descriptors stay flat whatever clients do.

Starts the gateway (its path is the first argument) under `prlimit --nofile=64:64` with a
private state, then:
- 1,000 sequential requests, each on a keep-alive connection the client closes after its
  answer (libsoup 3.2.3 alone leaks every one in CLOSE-WAIT): all answered, descriptors and
  memory flat;
- a client that half-closes after its request gets its answer, then the gateway's close;
- a keep-alive connection left silent after its answer, and one that sent half a line of its
  next request, are closed after the idle timeout (10 s); a request trickling in a byte a
  second is closed 20 s after its first byte;
- 100 connections opened at once, beyond the gateway's bound: it stays within its descriptors,
  and answers again once they are gone.
Prints one line per check; exits 1 on the first failure. About 21 s.
"""
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

# A check under an id no request was answered with: no_code, whatever the number holds.
BODY = b'{"phone":"+447400900123","code":"123456","verification_id":"00000000000000000000000000000000"}'
REQUEST = (b"POST /v1/codes/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           b"Content-Length: %d\r\n\r\n" % len(BODY) + BODY)


def fail(message):
    print(f"gateway connections: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])


def ask(port, timeout=5):
    """One request on a new keep-alive connection, closed by the client after the answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", "/v1/codes/verify", body=REQUEST.split(b"\r\n\r\n", 1)[1],
                           headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def answered(sock):
    """Reads one whole answer (headers and its Content-Length body) from `sock`."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            fail(f"connection closed before an answer: {data!r}")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(4096)
    return head


def closed_within(sock, seconds):
    """Whether the server closes `sock` within `seconds` (the client sends nothing more)."""
    sock.settimeout(seconds)
    try:
        return sock.recv(100) == b""
    except socket.timeout:
        return False
    except ConnectionResetError:
        return True


def idle_checks(port, results):
    """Connections the gateway must close after its idle timeout; run beside the rest."""
    silent = socket.create_connection(("127.0.0.1", port))
    partial = socket.create_connection(("127.0.0.1", port))
    for sock in (silent, partial):
        sock.sendall(REQUEST)
        answered(sock)
    partial.sendall(b"PO")
    start = time.monotonic()
    for name, sock in (("silent after an answer", silent), ("half a line after an answer", partial)):
        closed = closed_within(sock, max(0.1, 14 - (time.monotonic() - start)))
        results[name] = (closed, time.monotonic() - start)
        sock.close()


def slow_check(port, results):
    """A request trickling in a byte a second: closed 20 s after its first byte."""
    sock = socket.create_connection(("127.0.0.1", port))
    start = time.monotonic()
    sock.sendall(b"POST /v1/codes HTTP/1.1\r\nX-Slow: ")
    sock.settimeout(1)
    closed = False
    while time.monotonic() - start < 30 and not closed:
        try:
            closed = sock.recv(100) == b""
        except socket.timeout:
            try:
                sock.sendall(b"a")
            except OSError:
                closed = True
        except OSError:
            closed = True
    results["trickling a byte a second"] = (closed, time.monotonic() - start)
    sock.close()


def closed_keep_alive(process, port):
    """1,000 answers on keep-alive connections the client closes: descriptors and memory flat."""
    for _ in range(100):
        ask(port)
    before = descriptors(process.pid)
    memory = resident_kib(process.pid)
    for index in range(1000):
        try:
            status = ask(port)
        except OSError as error:
            fail(f"request {index + 1} of 1000 got no answer: {error}")
        if status != 200:
            fail(f"request {index + 1} answered {status}")
    time.sleep(0.3)  # the last close reaches the gateway
    after = descriptors(process.pid)
    # A leak grows by one a connection; a connection or a store file in flight is 1 or 2.
    if after > before + 2:
        fail(f"descriptors grew from {before} to {after} over 1,000 closed keep-alive connections")
    grown = resident_kib(process.pid) - memory
    # libsoup 3.2's listener alone keeps 344 bytes of each connection: 336 KiB for 1,000.
    if grown > 160:
        fail(f"the gateway grew by {grown} KiB over 1,000 closed keep-alive connections")
    print(f"gateway connections: 1,000 answers on closed keep-alive connections, descriptors {before} -> {after}, "
          f"memory {'+' if grown >= 0 else ''}{grown} KiB")


def half_closed(port):
    """A client that half-closes after its request gets its answer, then the gateway's close."""
    half = socket.create_connection(("127.0.0.1", port))
    half.sendall(REQUEST)
    half.shutdown(socket.SHUT_WR)
    answered(half)
    if not closed_within(half, 2):
        fail("a half-closed connection was not closed after its answer")
    half.close()
    print("gateway connections: a half-closed client got its answer, then the close")


def flood(process, port):
    """100 connections at once: the gateway stays within its descriptors, and answers after."""
    opened = []
    for _ in range(100):
        try:
            opened.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        except OSError:
            break
    time.sleep(0.5)
    during = descriptors(process.pid)
    if during >= 64:
        fail(f"{len(opened)} connections at once took the gateway to its descriptor limit ({during})")
    for sock in opened:
        sock.close()
    time.sleep(0.5)
    try:
        ask(port)
    except OSError as error:
        fail(f"no answer after a flood of {len(opened)} connections: {error}")
    print(f"gateway connections: {len(opened)} connections at once held it at {during} descriptors; answers after")


def check_timeouts(results):
    """The results of idle_checks and slow_check: each closed at its timeout."""
    for name, (closed, seconds) in results.items():
        expected = 20 if name.startswith("trickling") else 10
        if not closed or not expected - 2 <= seconds <= expected + 3:
            fail(f"a connection {name} was {'closed' if closed else 'still open'} after {seconds:.1f} s, "
                 f"not closed at {expected} s")
        print(f"gateway connections: a connection {name} closed after {seconds:.1f} s")


def main():
    gateway = sys.argv[1]
    state = tempfile.mkdtemp()
    process = subprocess.Popen(["prlimit", "--nofile=64:64", gateway, "--port", "0", "--regions", "CN,GB", "--rate-limit", "0",
                                "--state-dir", state], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = process.stdout.readline().decode().strip()
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        idle_results = {}
        waiting = [threading.Thread(target=check, args=(port, idle_results)) for check in (idle_checks, slow_check)]
        for thread in waiting:
            thread.start()
        closed_keep_alive(process, port)
        half_closed(port)
        flood(process, port)
        for thread in waiting:
            thread.join()
        check_timeouts(idle_results)
        if process.poll() is not None:
            fail(f"the gateway exited with status {process.returncode}")
    finally:
        process.terminate()
        process.wait()
        subprocess.run(["rm", "-rf", state], check=False)


if __name__ == "__main__":
    main()
