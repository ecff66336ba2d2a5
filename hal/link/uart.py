"""Link play over three wires: two boards' TX, RX and GND (PyBadge, PyGamer: docs/wiring.md).

A UART is a byte stream, so each packet travels in a frame a receiver can
find again after garbage, a lost byte or a board reset mid-frame
(docs/link-transports.md):

    0x00  COBS(packet + CRC-16 of the packet)  0x00  [0x00 ... to a multiple of 16 bytes]

COBS (consistent overhead byte stuffing) rewrites the bytes so that none of
them is 0, at a cost of one byte: a 0 only ever ends a frame, so a receiver
never mistakes where one starts, whatever came before. The CRC is
CRC-16/CMS (polynomial 0x8005, start 0xFFFF) inverted, sent high byte first;
a receiver compares the last two bytes it decodes with the inverted CRC of
those before them. Inverted, because with the plain CRC a frame with a zero
byte more at its end (its end mark turned 0x01, or a 0x01 put before it)
would pass too. It is not the packet's own CRC-16
(engine.link.wire's, polynomial 0x1021): an error the one cannot see, the other
almost always can. A frame that does not decode, or fails its CRC, is
dropped; the one after it is read as usual. The trailing zeros are empty
frames, skipped: they round a frame's length up to one of 16 sizes, each
written through its own memoryview made at start, so sending allocates
nothing. Reading takes only what ``in_waiting`` says has come (a busio read
can go on while bytes keep arriving), through one of seven views of a
64-byte buffer.

``UartLink(port)`` works on anything with ``write(buf)``, ``readinto(buf)``
and ``in_waiting`` (busio.UART's API); ``make()`` opens board.TX and
board.RX. A transport (docs/link.md): point to point, so the one peer is 0.
"""

from micropython import const  # Blinka's on the desktop

from engine.link.wire import MTU


BAUDRATE = const(115200)  # 87 us a byte: a full frame (256 bytes) is 22 ms on the wire
RX_BUFFER = const(1024)  # busio's receive buffer: two full frames and change between two polls
FRAME_MOST = const(252)  # a frame's decoded bytes: the packet and its CRC
_OVER = const(253)  # a frame too long for any packet: dropped at its end
_OUT = const(256)  # the longest frame on the wire, padding included
_CHUNK = const(64)

# CRC-16/CMS (polynomial 0x8005) of each nibble, for the two table look-ups a byte takes
_T = const((0x0000, 0x8005, 0x800F, 0x000A, 0x801B, 0x001E, 0x0014, 0x8011,
      0x8033, 0x0036, 0x003C, 0x8039, 0x0028, 0x802D, 0x8027, 0x0022))


def crc16(buf, n, crc=0xFFFF):
    """CRC-16/CMS of buf[0:n]: polynomial 0x8005, start 0xFFFF, not reflected (0xAEE7 for b"123456789")."""
    t = _T
    for i in range(n):
        b = buf[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc


class UartLink:
    """Packets framed on a byte stream (a busio.UART); peer 0 is the board at the other end."""

    def __init__(self, port):
        self.port = port
        self.peer = 0
        self.out = bytearray(_OUT)
        mv = memoryview(self.out)
        self.sizes = [mv[:16 * (k + 1)] for k in range(_OUT // 16)]  # made once: no view per send
        self.chunk = bytearray(_CHUNK)
        mv = memoryview(self.chunk)
        self.reads = [mv[:1 << k] for k in range(7)]  # 1, 2, 4 ... 64 bytes
        self.ci = 0  # chunk bytes decoded
        self.cn = 0  # chunk bytes read
        self.frame = bytearray(FRAME_MOST)
        self.n = 0  # frame bytes decoded so far (_OVER: too many)
        self.left = 0  # bytes left in the COBS block being read
        self.code = 0  # that block's code byte (0: the frame's first block is next)
        self.crc = 0xFFFF
        self.dropped = 0  # frames that did not decode or failed their CRC
        self.errors = 0  # writes and reads the port refused

    def send(self, peer, buf, n):
        """Frame the first n bytes of buf and write them out (a frame lost on the way is dropped there)."""
        if peer != 0 or n <= 0 or n > MTU:
            return
        out = self.out
        t = _T
        crc = 0xFFFF
        out[0] = 0  # ends whatever the receiver holds: a frame cut off by a reset is dropped, not glued to this one
        p = 1  # where this block's code byte goes
        k = 2
        run = 1
        for i in range(n + 2):
            if i < n:
                b = buf[i]
                crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
                crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
            elif i == n:
                crc ^= 0xFFFF  # inverted: a zero byte more at the end (a damaged end mark's) then shows
                b = crc >> 8
            else:
                b = crc & 0xFF
            if b == 0:
                out[p] = run
                p = k
                k += 1
                run = 1
            else:
                out[k] = b
                k += 1
                run += 1
                if run == 0xFF:  # a block of 254 bytes ends with no zero after it
                    out[p] = run
                    p = k
                    k += 1
                    run = 1
        out[p] = run
        size = (k + 16) & ~15  # the end mark (one zero) and the padding
        for i in range(k, size):
            out[i] = 0
        try:
            self.port.write(self.sizes[(size >> 4) - 1])
        except OSError:  # a board's UART refusing a write: the protocol sends again
            self.errors += 1

    def recv_into(self, buf):
        """The next whole packet into buf: its length; 0 when none has come whole (never waits)."""
        chunk = self.chunk
        frame = self.frame
        t = _T
        while True:
            i = self.ci
            m = self.cn
            n = self.n
            left = self.left
            code = self.code
            crc = self.crc
            got = 0
            while i < m:
                b = chunk[i]
                i += 1
                if b == 0:  # a frame ends here: its last two bytes must be the CRC of those before them
                    if left == 0 and 2 < n <= FRAME_MOST and crc ^ 0xFFFF == (frame[n - 2] << 8 | frame[n - 1]) \
                            and n - 2 <= len(buf):
                        got = n - 2
                    elif code:  # something came since the last zero, and it was no packet
                        self.dropped += 1
                    n = left = code = 0
                    crc = 0xFFFF
                    if got:
                        break
                    continue
                if left:
                    left -= 1
                else:  # a block's code byte: a zero went where the block before it ended
                    left = b - 1
                    was = code
                    code = b
                    if was == 0 or was == 0xFF:
                        continue
                    b = 0
                if n < FRAME_MOST:
                    frame[n] = b
                    if n >= 2:  # the CRC runs two bytes behind: those two are compared with it at the end
                        b = frame[n - 2]
                        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
                        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
                    n += 1
                else:
                    n = _OVER
            self.ci = i
            self.n = n
            self.left = left
            self.code = code
            self.crc = crc
            if got:
                for j in range(got):
                    buf[j] = frame[j]
                return got
            if not self._read():
                return 0

    def _read(self):
        """Read what has come (at most 64 bytes) into the chunk; its length, 0 when nothing has."""
        port = self.port
        try:
            waiting = port.in_waiting
            if waiting <= 0:
                return 0
            j = 6
            while (1 << j) > waiting:
                j -= 1
            got = port.readinto(self.reads[j])
        except OSError:
            self.errors += 1
            return 0
        if not got:  # None: nothing after all
            return 0
        self.ci = 0
        self.cn = got
        return got

    def close(self):
        """Let the UART go."""
        deinit = getattr(self.port, "deinit", None)
        if deinit is not None:
            deinit()


def make(baudrate=BAUDRATE, receiver_buffer_size=RX_BUFFER):
    """The link on this board's TX and RX pins (the Feather header's TX and RX on a PyBadge or PyGamer)."""
    import board
    import busio

    return UartLink(busio.UART(board.TX, board.RX, baudrate=baudrate, timeout=0,
                               receiver_buffer_size=receiver_buffer_size))
