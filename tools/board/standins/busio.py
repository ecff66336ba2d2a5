"""Stand-in for busio."""


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        self.pins = (clock, MOSI, MISO)

    def deinit(self):
        pass


# ---- UART: a real byte stream between two stand-in boards ------------------------------------
#
# ``cable()`` lays a cable whose two ends go to the next two UARTs made (a UART
# made with no cable waiting is a board with nothing plugged in: what it writes
# goes nowhere, nothing comes). On CPython the cable is a pseudo-terminal pair
# in raw mode (each byte as sent, a tty's buffer between) or a socket pair; on
# the MicroPython VM, and with kind="memory", two preallocated rings in memory
# that allocate nothing per call. A receiver's buffer that is full loses what
# comes next, as a UART's does.

_ENDS = []


class _Ring:
    """One direction of a cable in memory: a ring of bytes."""

    def __init__(self, size=4096):
        self.buf = bytearray(size)
        self.head = 0  # next byte to read
        self.count = 0
        self.lost = 0


class _MemoryEnd:
    def __init__(self, inbox, outbox):
        self.inbox = inbox
        self.outbox = outbox

    def write(self, buf):
        ring = self.outbox
        size = len(ring.buf)
        n = len(buf)
        for i in range(n):
            if ring.count == size:
                ring.lost += n - i
                break
            ring.buf[(ring.head + ring.count) % size] = buf[i]
            ring.count += 1
        return n

    def waiting(self):
        return self.inbox.count

    def readinto(self, buf):
        ring = self.inbox
        size = len(ring.buf)
        n = min(len(buf), ring.count)
        for i in range(n):
            buf[i] = ring.buf[ring.head]
            ring.head = (ring.head + 1) % size
        ring.count -= n
        return n

    def close(self):
        pass


class _FdEnd:
    """One end of a pseudo-terminal or a socket pair, non-blocking (CPython)."""

    def __init__(self, fd, sock=None):
        import os

        self.fd = fd
        self.sock = sock  # keeps a socket pair's end open
        os.set_blocking(fd, False)
        self.lost = 0

    def write(self, buf):
        import os

        data = bytes(buf)
        done = 0
        while done < len(data):
            try:
                done += os.write(self.fd, data[done:])
            except BlockingIOError:  # the other end's buffer is full: the rest is lost, as on a wire
                self.lost += len(data) - done
                break
            except OSError:  # the other end is closed
                break
        return len(data)

    def waiting(self):
        import fcntl
        import struct
        import termios

        try:
            return struct.unpack("i", fcntl.ioctl(self.fd, termios.FIONREAD, b"\0\0\0\0"))[0]
        except OSError:
            return 0

    def readinto(self, buf):
        import os

        try:
            return os.readv(self.fd, [buf])
        except OSError:  # nothing waiting (EAGAIN), or the other end closed (EIO)
            return 0

    def close(self):
        import os

        try:
            if self.sock is not None:
                self.sock.close()
            else:
                os.close(self.fd)
        except OSError:
            pass


def cable(kind=None):
    """Lay a cable for the next two UARTs made; its two ends. kind: "pty", "socket" or "memory"."""
    import os

    if kind is None:
        kind = "pty" if hasattr(os, "openpty") else "memory"
    if kind == "memory":
        there, back = _Ring(), _Ring()
        ends = (_MemoryEnd(back, there), _MemoryEnd(there, back))
    elif kind == "pty":
        import tty

        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing, no CR/LF or XON/XOFF: every byte passes as sent
        ends = (_FdEnd(master), _FdEnd(slave))
    else:
        import socket

        a, b = socket.socketpair()
        ends = (_FdEnd(a.fileno(), a), _FdEnd(b.fileno(), b))
    _ENDS.extend(ends)
    return ends


class _Nowhere:
    """A UART with nothing plugged in."""

    lost = 0

    def write(self, buf):
        return len(buf)

    def waiting(self):
        return 0

    def readinto(self, buf):
        return 0

    def close(self):
        pass


class UART:
    class Parity:
        ODD = 1
        EVEN = 2

    def __init__(self, tx=None, rx=None, rts=None, cts=None, rs485_dir=None, rs485_invert=False, baudrate=9600,
                 bits=8, parity=None, stop=1, timeout=1, receiver_buffer_size=64):
        self.pins = (tx, rx)
        self.baudrate = baudrate
        self.timeout = timeout
        self.receiver_buffer_size = receiver_buffer_size
        self.end = _ENDS.pop(0) if _ENDS else _Nowhere()
        self.deinited = False

    @property
    def in_waiting(self):
        return self.end.waiting()

    def write(self, buf):
        return self.end.write(buf)

    def readinto(self, buf):
        n = self.end.readinto(buf)
        return n if n else None  # CircuitPython: None when nothing came before the timeout

    def read(self, nbytes=None):
        buf = bytearray(nbytes if nbytes is not None else max(1, self.in_waiting))
        n = self.readinto(buf)
        return bytes(buf[:n]) if n else None

    def reset_input_buffer(self):
        while self.read(64):
            pass

    def deinit(self):
        if not self.deinited:
            self.deinited = True
            self.end.close()
