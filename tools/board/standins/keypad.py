"""Stand-in for keypad: scanners whose events come from _sim.SCRIPT."""

import _sim
import supervisor


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp if timestamp is not None else supervisor.ticks_ms()

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    """A ring of max_events (key_number, pressed, timestamp); reading allocates and frees nothing."""

    def __init__(self, key_count, max_events=64):
        self.key_count = key_count
        self.ring = [None] * max_events
        self.head = 0
        self.count = 0
        self.overflowed = False

    def put(self, key_number, pressed, timestamp=None):
        """Queue an event (as a key scan would), stamped now unless a timestamp is given."""
        if self.count == len(self.ring):
            self.overflowed = True
            return
        t = supervisor.ticks_ms() if timestamp is None else timestamp
        self.ring[(self.head + self.count) % len(self.ring)] = (key_number, pressed, t)
        self.count += 1

    def get_into(self, event):
        if not self.count:
            step = _sim.step()
            if step is None or not 0 <= step[0] < self.key_count:
                return False
            self.put(step[0], step[1])
        event.key_number, event.pressed, event.timestamp = self.ring[self.head]
        self.head = (self.head + 1) % len(self.ring)
        self.count -= 1
        return True

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        self.count = 0
        self.overflowed = False
        _sim.ARMED[0] = True  # the game is ready for presses

    def __len__(self):
        return self.count


class _Scanner:
    def __init__(self, key_count, max_events=64):
        self.key_count = key_count
        self.events = EventQueue(key_count, max_events)
        self.deinited = False

    def deinit(self):
        self.deinited = True


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed, value_to_latch=True,
                 interval=0.02, max_events=64, debounce_threshold=1):
        super().__init__(key_count, max_events)
        self.pins = (clock, data, latch)
        self.value_when_pressed = value_when_pressed


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        super().__init__(len(pins), max_events)
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
