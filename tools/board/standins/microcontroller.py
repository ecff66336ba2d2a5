"""Stand-in for microcontroller: 256 bytes of nvm, as on a PyBadge."""

nvm = bytearray(256)
