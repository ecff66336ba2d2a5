"""Settings and statistics in a few bytes of non-volatile memory, safe from a cut write.

On a board, CIRCUITPY is read-only to code while a computer mounts it, so the
game keeps its settings and statistics in ``microcontroller.nvm`` (256 bytes on
a PyBadge or PyGamer, 4 KB on a Pico). ``Store`` works on anything that slices
like a bytearray: the board's nvm, or a bytearray on the desktop and in tests.

The memory holds two slots of one record each; every save writes the whole
record, with the next sequence number, into the slot that does not hold the
newest good record. A write cut off part way (power lost, reset) leaves that
slot with a bad checksum, and the other slot still holds the record before:
at most the last update is lost. Blank or corrupt memory means defaults.

A record (integers little-endian)::

    0  "S"          magic
    1  version      1
    2  seq (2)      sequence number, compared modulo 2**16
    4  length (2)   n, the payload's length
    6  payload (n)  the settings, then the statistics
    6+n crc (2)     CRC-16/CCITT of bytes 0 .. 6+n-1

The payload is tokens: settings as (key, value) pairs up to ``_END``, then one
entry per (game, mode, level): game, mode, level byte, games played, games won
and the best winning time in tenths of a second (u16 each; 0 = none yet).
When a game's entry does not fit, the entry with the fewest games played goes
(the adaptive CPU adds one per level it reaches): counting never stops.
Version 1 records (before a second game) had no game token: their entries are
read as Spit's. Strings found in
``NAMES`` take one byte; other strings are stored inline.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine.crc import crc16

MAGIC = 0x53
VERSION = 2
HEADER = 6
SLOT_MAX = 256  # bytes per slot at most (nvm writes erase a whole flash page anyway)

# Strings that take one byte. Append only: a name's index is stored in boards' memory.
NAMES = (
    "game", "mode", "stocks", "scoring", "alternate_colours", "choose_pile", "auto_flip", "sound",
    "level", "spit", "speed", "california", "2p", "1p", "cpu", "demo", "players", "jokers",
    "variant", "bot", "easy", "normal", "hard",
    "short_side_piles", "doubles", "ending", "call_ms", "match", "target", "first_out", "call", "race",
    "single", "best_of_3", "points", "decks", "hints",
    "link", "off", "host", "join", "3p", "4p", "adaptive", "first", "nearest",
    "level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8",
    "aim", "stall", "one_round", "relaxed",
)
_FALSE = const(0x80)
_TRUE = const(0x81)
_NONE = const(0x82)
_INT8 = const(0x83)
_INT16 = const(0x84)
_INT32 = const(0x85)
_STR = const(0x86)  # length byte, then the UTF-8 bytes
_END = const(0x87)  # end of the settings
_MOST = const(0xFFFF)


def kept(settings):
    """The settings a board stores: not the link (a board starts unlinked) nor "cpu" (the chosen game's CPU,
    which ui.menu.clean reads from the level kept under the game's name): on a PyBadge those four bytes are a
    statistics row."""
    out = {}
    for key in settings:
        if key != "cpu" and key != "link":
            out[key] = settings[key]
    return out


def _newer(a, b):
    """True when sequence number a comes after b (modulo 2**16)."""
    return 0 < ((a - b) & 0xFFFF) < 0x8000


class Store:
    """The settings dict and the statistics, read from nvm at start and written back whole."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.slot = min(len(nvm) // 2, SLOT_MAX)
        if self.slot < HEADER + 3:
            raise ValueError("%d bytes of nvm is too small for the record" % len(nvm))
        self.settings = {}
        self.stats = {}  # (game, mode, level) -> [played, won, best tenths of a second]
        self.seq = 0
        self.current = -1  # slot holding the newest good record, -1 when none
        self.damaged = False  # the newest good record's payload could not be decoded
        self.load()

    # ---- reading ----------------------------------------------------------------

    def load(self):
        """Read the newest good record (defaults when there is none); return the settings."""
        best = -1
        best_seq = 0
        for k in range(2):
            seq = self._check(k)
            if seq >= 0 and (best < 0 or _newer(seq, best_seq)):
                best, best_seq = k, seq
        self.current = best
        self.seq = best_seq
        self.settings = {}
        self.stats = {}
        self.damaged = False
        if best >= 0:
            raw = self.nvm[best * self.slot:(best + 1) * self.slot]
            try:
                self._decode(raw, HEADER, HEADER + (raw[4] | raw[5] << 8), raw[1])
            except (IndexError, ValueError):
                self.settings = {}  # a good checksum on a payload of another version's layout
                self.stats = {}
                self.damaged = True
        return self.settings

    def _check(self, k):
        """The sequence number of the record in slot k, or -1 when it is blank or corrupt."""
        raw = self.nvm[k * self.slot:(k + 1) * self.slot]
        if raw[0] != MAGIC or not 1 <= raw[1] <= VERSION:
            return -1
        n = raw[4] | raw[5] << 8
        end = HEADER + n
        if end + 2 > self.slot:
            return -1
        if crc16(raw, end) != raw[end] | raw[end + 1] << 8:
            return -1
        return raw[2] | raw[3] << 8

    def _decode(self, raw, i, end, version=VERSION):
        settings = {}
        while True:
            if raw[i] == _END:
                i += 1
                break
            key, i = _read(raw, i)
            settings[key], i = _read(raw, i)
        stats = {}
        while i < end:
            game = "spit"
            if version > 1:
                game, i = _read(raw, i)
            mode, i = _read(raw, i)
            level = raw[i]
            played = raw[i + 1] | raw[i + 2] << 8
            won = raw[i + 3] | raw[i + 4] << 8
            best = raw[i + 5] | raw[i + 6] << 8
            stats[(game, mode, level)] = [played, won, best]
            i += 7
        if i != end:
            raise ValueError("payload overrun")
        self.settings = settings
        self.stats = stats

    # ---- writing ----------------------------------------------------------------

    def save_settings(self, settings):
        """Store a settings dict (str keys; bool, int, str or None values); True when stored.

        Settings equal to the stored ones are not written again (flash wears out).
        """
        if self.current >= 0 and settings == self.settings:
            return True
        return self._write(dict(settings), self.stats)

    def record_game(self, game, mode, level, won, ms):
        """Count a finished game of a game, mode and level; a win in ms is kept when it is the fastest."""
        if not 0 <= level <= 255:
            raise ValueError("level %r is not 0-255" % (level,))
        key = (game, mode, level)
        old = self.stats.get(key, [0, 0, 0])
        played, wins, best = old
        played = min(played + 1, _MOST)
        if won:
            wins = min(wins + 1, _MOST)
            tenths = max(1, min(_MOST, (ms + 50) // 100))
            if best == 0 or tenths < best:
                best = tenths
        stats = dict(self.stats)
        stats[key] = [played, wins, best]
        while not self._write(self.settings, stats):  # full: the entry with the fewest games goes, not this one
            fewest = None
            for other in stats:
                if other != key and (fewest is None or stats[other][0] < stats[fewest][0]):
                    fewest = other
            if fewest is None:
                return False
            del stats[fewest]
        return True

    def table(self):
        """The statistics: {(game, mode, level): (played, won, best winning time in ms or None)}."""
        out = {}
        for key, (played, won, best) in self.stats.items():
            out[key] = (played, won, best * 100 if best else None)
        return out

    def _write(self, settings, stats):
        """Encode and write the whole record into the other slot; False when it does not fit."""
        out = bytearray(self.slot)
        try:
            i = HEADER
            for key, value in settings.items():
                if not isinstance(key, str):
                    return False
                i = _put(out, i, key)
                i = _put(out, i, value)
            out[i] = _END
            i += 1
            for (game, mode, level), (played, won, best) in stats.items():
                i = _put(out, i, game)
                i = _put(out, i, mode)
                _room(out, i, 7)
                out[i] = level
                for k, n in ((1, played), (3, won), (5, best)):
                    out[i + k] = n & 255
                    out[i + k + 1] = n >> 8
                i += 7
            _room(out, i, 2)
        except (IndexError, ValueError, TypeError):
            return False  # too long for a slot, or a value the record cannot hold
        seq = (self.seq + 1) & 0xFFFF
        out[0] = MAGIC
        out[1] = VERSION
        out[2] = seq & 255
        out[3] = seq >> 8
        out[4] = (i - HEADER) & 255
        out[5] = (i - HEADER) >> 8
        crc = crc16(out, i)
        out[i] = crc & 255
        out[i + 1] = crc >> 8
        k = 1 - self.current if self.current >= 0 else 0
        self.nvm[k * self.slot:k * self.slot + i + 2] = out[:i + 2]  # one assignment: one erase and write
        self.current = k
        self.seq = seq
        self.settings = settings
        self.stats = stats
        return True


def _put(out, i, value):
    """Write one value token at out[i]; return the index after it."""
    if value is True or value is False:
        out[i] = _TRUE if value else _FALSE
        return i + 1
    if value is None:
        out[i] = _NONE
        return i + 1
    if isinstance(value, int):
        if -128 <= value < 128:
            _room(out, i, 2)
            out[i] = _INT8
            out[i + 1] = value & 255
            return i + 2
        if -32768 <= value < 32768:
            _room(out, i, 3)
            out[i] = _INT16
            out[i + 1] = value & 255
            out[i + 2] = (value >> 8) & 255
            return i + 3
        if -0x80000000 <= value < 0x80000000:
            _room(out, i, 5)
            out[i] = _INT32
            for k in range(4):
                out[i + 1 + k] = (value >> (8 * k)) & 255
            return i + 5
        raise ValueError("int out of range")
    if isinstance(value, str):
        if value in NAMES:
            out[i] = NAMES.index(value)
            return i + 1
        data = value.encode("utf-8")
        if len(data) > 255:
            raise ValueError("string too long")
        _room(out, i, 2 + len(data))
        out[i] = _STR
        out[i + 1] = len(data)
        out[i + 2:i + 2 + len(data)] = data
        return i + 2 + len(data)
    raise TypeError("cannot store %r" % (value,))


def _room(out, i, n):
    """Raise IndexError unless n more bytes fit in out from i."""
    if i + n > len(out):
        raise IndexError("record full")


def _read(raw, i):
    """The value token at raw[i] and the index after it."""
    t = raw[i]
    if t < len(NAMES):
        return NAMES[t], i + 1
    if t == _FALSE or t == _TRUE:
        return t == _TRUE, i + 1
    if t == _NONE:
        return None, i + 1
    if t == _INT8:
        v = raw[i + 1]
        return v - 256 if v > 127 else v, i + 2
    if t == _INT16:
        v = raw[i + 1] | raw[i + 2] << 8
        return v - 65536 if v > 32767 else v, i + 3
    if t == _INT32:
        v = raw[i + 1] | raw[i + 2] << 8 | raw[i + 3] << 16 | raw[i + 4] << 24
        return v - 0x100000000 if v > 0x7FFFFFFF else v, i + 5
    if t == _STR:
        n = raw[i + 1]
        return bytes(raw[i + 2:i + 2 + n]).decode("utf-8"), i + 2 + n
    raise ValueError("bad token %d" % t)
