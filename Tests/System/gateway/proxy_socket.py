"""The trusted proxy's way in, for the system tests: codegate-gateway started under
`systemd-socket-activate`, which hands it a listening Unix socket as systemd's
codegate-gateway.socket would (docs/deployment.md), and HTTP over that socket."""
import http.client
import socket
import time


def activated(socket_path, command):
    """`command` (the gateway and its arguments) with the socket at `socket_path` handed over.
    The socket file is made by the activator as root, mode 0755: only root may connect. The
    activator starts the gateway at the first connection: `wake` makes one."""
    return ["systemd-socket-activate", "-l", str(socket_path), *command]


def wake(socket_path, seconds=10):
    """Connects once to the activator's socket, so that it starts the gateway (which then
    takes this connection and sees it closed)."""
    deadline = time.monotonic() + seconds
    while True:
        # The file is there once the activator bound it, a moment before it listens.
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as trigger:
                trigger.connect(str(socket_path))
            return
        except (FileNotFoundError, ConnectionRefusedError):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no socket listening at {socket_path}") from None
            time.sleep(0.05)


class ProxyConnection(http.client.HTTPConnection):
    """An HTTP connection to the gateway through the proxy's Unix socket."""

    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = str(socket_path)

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)
