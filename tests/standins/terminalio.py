"""Stand-in for terminalio: a font object."""

FONT = object()
