"""CRC-16/CCITT-FALSE (poly 0x1021, start 0xFFFF; 0x29B1 for b"123456789"): the link's packets and the nvm record.

Its own module, so that what loads it loads only this: a board's settings
(hal/nvmstore.py, let go of during a game) and link play (engine/link.py).
A byte a step through a table of 256 entries (512 bytes), made at import.
"""


def _table():
    t = bytearray(512)  # CRC-16/CCITT of each byte value, high byte then low byte
    for v in range(256):
        c = v << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else c << 1
        c &= 0xFFFF
        t[2 * v] = c >> 8
        t[2 * v + 1] = c & 0xFF
    return t


_CRC = _table()


def crc16(buf, n):
    """CRC-16/CCITT-FALSE of buf[0:n]: every one- and two-byte error is caught."""
    c = 0xFFFF
    t = _CRC
    for i in range(n):
        k = 2 * ((c >> 8) ^ buf[i])
        c = ((c << 8) & 0xFF00 | t[k + 1]) ^ (t[k] << 8)
    return c
