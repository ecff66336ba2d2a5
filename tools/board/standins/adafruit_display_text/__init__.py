"""Stand-in for adafruit_display_text (the board gets the real library in lib/)."""
