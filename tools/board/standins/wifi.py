"""Stand-in for wifi: a radio that is on and joined to a network, at 127.0.0.1.

On the board VM, a board without Wi-Fi (``SPIT_VM_BOARD`` not a W board) has no
wifi module, as its firmware has none.
"""

import os
import sys

if sys.implementation.name == "circuitpython" and os.getenv("SPIT_VM_BOARD") and \
        not os.getenv("SPIT_VM_BOARD").endswith("_w"):
    raise ImportError("no module named 'wifi'")


class Radio:
    def __init__(self):
        self.enabled = True
        self.mac_address = b"\x02\x00\x00\x00\x00\x01"
        self.ipv4_address = "127.0.0.1"  # a board's is an ipaddress.IPv4Address; str() of either is the same
        self.ap_info = None

    def connect(self, ssid, password="", channel=0, bssid=None, timeout=None):
        self.ap_info = ssid


radio = Radio()
