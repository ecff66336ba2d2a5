"""CRC-16/CCITT-FALSE (poly 0x1021, start 0xFFFF; 0x29B1 for b"123456789"): the link's packets and the nvm record.

Its own module, so that what loads it loads only this: a board's settings
(hal/nvmstore.py, let go of during a game) and link play (engine/link/wire.py).
Four bits a step through a table of 16 entries: a fifth slower than a table
of 256 (512 bytes, made at import), four times faster than bit by bit.
"""

# CRC-16/CCITT of each nibble value
from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

_T = const((0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
      0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF))


def crc16(buf, n):
    """CRC-16/CCITT-FALSE of buf[0:n]: every one- and two-byte error is caught."""
    c = 0xFFFF
    t = _T
    for i in range(n):
        b = buf[i]
        c = ((c << 4) & 0xFFFF) ^ t[(c >> 12) ^ (b >> 4)]
        c = ((c << 4) & 0xFFFF) ^ t[(c >> 12) ^ (b & 15)]
    return c
