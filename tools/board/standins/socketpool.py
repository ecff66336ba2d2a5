"""Stand-in for socketpool: a pool's UDP sockets are real ones (CPython's) on 127.0.0.1.

As on a board: ``recvfrom_into`` on a non-blocking socket with nothing
waiting raises OSError with errno 11 (EAGAIN), ``sendto`` takes
(address, port), and binding to "" or "0.0.0.0" (any address) binds here to
127.0.0.1 only, so a test never listens beyond this machine. The module
imports on the MicroPython VM too (the socket module is looked for only
when a socket is made).
"""

EAGAIN = 11  # CircuitPython's errno (MP_EAGAIN), whatever the host's is


class Socket:
    def __init__(self, sock):
        self.sock = sock
        self.type = SocketPool.SOCK_DGRAM

    def _local(self, address):
        host, port = address
        return ("127.0.0.1" if host in ("", "0.0.0.0") else host, port)

    def bind(self, address):
        try:
            self.sock.bind(self._local(address))
        except OSError as e:
            raise OSError(e.errno)

    def sendto(self, buf, address):
        try:
            return self.sock.sendto(bytes(buf), self._local(address))
        except BlockingIOError:
            raise OSError(EAGAIN)
        except OSError as e:
            raise OSError(e.errno)

    def recvfrom_into(self, buf):
        try:
            n, addr = self.sock.recvfrom_into(buf)
        except BlockingIOError:
            raise OSError(EAGAIN)
        except OSError as e:  # a port unreachable report from an earlier send
            raise OSError(e.errno)
        return n, (addr[0], addr[1])

    def setblocking(self, flag):
        self.sock.setblocking(flag)

    def settimeout(self, value):
        self.sock.settimeout(value)

    def close(self):
        self.sock.close()


class SocketPool:
    AF_INET = 2
    AF_INET6 = 10
    SOCK_STREAM = 1
    SOCK_DGRAM = 2
    SOCK_RAW = 3
    IPPROTO_IP = 0
    IPPROTO_UDP = 17

    class gaierror(OSError):
        pass

    def __init__(self, radio):
        self.radio = radio

    def socket(self, family=AF_INET, type=SOCK_STREAM, proto=IPPROTO_IP):
        import socket

        if type != self.SOCK_DGRAM:
            raise OSError(95)  # EOPNOTSUPP: UDP only here
        return Socket(socket.socket(socket.AF_INET, socket.SOCK_DGRAM))
