"""Stand-in for espnow: every ESPNow made in this process is one board on one shared air.

Each ``ESPNow()`` is a station with its own MAC (``mac``, here only: a board
reads its own from wifi.radio.mac_address). ``send(msg, peer)`` needs the
peer registered in ``peers`` (as ESP-IDF does: else an OSError), and puts
the message in the receive buffer of the station with that MAC, or of every
other station for the broadcast address; a buffer without room for it
(``buffer_size``, each packet taking 12 bytes more than its message, as
CircuitPython's ring does) loses it and counts ``read_failure``. ``read()``
gives the oldest ``ESPNowPacket`` or None. ``AIR.drop`` may be set to a
function (sender MAC, receiver MAC, message) that returns True to lose a
packet on the way. Pure Python: imports on the MicroPython VM too.
"""

BROADCAST = b"\xff\xff\xff\xff\xff\xff"
_HEAD = 12  # CircuitPython's ring holds a 6-byte header and the MAC before each message
_MOST_PEERS = 20  # ESP-NOW's table


class IDFError(OSError):
    """Stands in for espidf.IDFError (an OSError)."""


class _Air:
    def __init__(self):
        self.stations = []
        self.made = 0
        self.drop = None


AIR = _Air()


class ESPNowPacket:
    def __init__(self, mac, msg, rssi, time):
        self.mac = mac
        self.msg = msg
        self.rssi = rssi
        self.time = time


class Peer:
    def __init__(self, mac, lmk=None, channel=0, interface=0, encrypted=False):
        if len(mac) != 6:
            raise ValueError("mac must be 6 bytes")
        self.mac = bytes(mac)
        self.lmk = lmk
        self.channel = channel
        self.interface = interface
        self.encrypted = encrypted


class Peers:
    def __init__(self):
        self._list = []

    def append(self, peer):
        for p in self._list:
            if p.mac == peer.mac:
                raise IDFError("ESP_ERR_ESPNOW_EXIST")
        if len(self._list) == _MOST_PEERS:
            raise IDFError("ESP_ERR_ESPNOW_FULL")
        self._list.append(peer)

    def remove(self, peer):
        for p in self._list:
            if p.mac == peer.mac:
                self._list.remove(p)
                return
        raise IDFError("ESP_ERR_ESPNOW_NOT_FOUND")

    def __len__(self):
        return len(self._list)

    def __getitem__(self, i):
        return self._list[i]

    def __iter__(self):
        return iter(self._list)

    def has(self, mac):
        for p in self._list:
            if p.mac == mac:
                return True
        return False


class ESPNow:
    def __init__(self, buffer_size=526, phy_rate=0):
        AIR.made += 1
        self.mac = bytes((0x02, 0, 0, 0, AIR.made >> 8, AIR.made & 0xFF))
        self.buffer_size = buffer_size
        self.phy_rate = phy_rate
        self.peers = Peers()
        self.queue = []
        self.used = 0  # bytes of the receive buffer in use
        self.send_success = self.send_failure = self.read_success = self.read_failure = 0
        self.deinited = False
        AIR.stations.append(self)

    def _check(self):
        if self.deinited:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def send(self, message, peer=None):
        self._check()
        msg = bytes(message)
        if len(msg) > 250:
            raise ValueError("message too long")
        targets = [peer] if peer is not None else list(self.peers)
        for p in targets:
            if not self.peers.has(p.mac):
                raise IDFError("ESP_ERR_ESPNOW_NOT_FOUND")
            heard = False
            for s in AIR.stations:
                if s is self or s.deinited or (p.mac != BROADCAST and s.mac != p.mac):
                    continue
                if AIR.drop is not None and AIR.drop(self.mac, s.mac, msg):
                    continue
                s._receive(self.mac, msg)
                heard = True
            if heard or p.mac == BROADCAST:
                self.send_success += 1
            else:
                self.send_failure += 1

    def _receive(self, mac, msg):
        if self.used + _HEAD + len(msg) > self.buffer_size:
            self.read_failure += 1
            return
        self.used += _HEAD + len(msg)
        self.queue.append(ESPNowPacket(mac, msg, -40, 0))
        self.read_success += 1

    def read(self):
        self._check()
        if not self.queue:
            return None
        packet = self.queue.pop(0)
        self.used -= _HEAD + len(packet.msg)
        return packet

    def __bool__(self):
        return self.used != 0

    def __len__(self):
        return self.used

    def set_pmk(self, pmk):
        pass

    def deinit(self):
        if not self.deinited:
            self.deinited = True
            AIR.stations.remove(self)
