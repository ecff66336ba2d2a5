"""Time and order: wrap-safe millisecond ticks and the C-4 sequencer.

Times are integer milliseconds that wrap like CircuitPython's
``supervisor.ticks_ms()`` (period 2**29), compared only through ``ticks_diff``.
Every source of actions adds them to a ``Sequencer``, which hands them to the
game in timestamp order and breaks exact ties by the rule of C-4.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython


_PERIOD = const(0x20000000)
_MASK = const(0x1FFFFFFF)
_HALF = const(0x10000000)


def ticks_add(t, delta):
    """t + delta, wrapped to the tick period."""
    return (t + delta) & _MASK


def ticks_diff(a, b):
    """Signed a - b in ms, correct across a wrap when |a - b| < 2**28."""
    return ((a - b + _HALF) & _MASK) - _HALF


class Sequencer:
    """A preallocated batch of actions, applied to a game in C-4 order by ``flush``.

    Earlier timestamps go first; one player's actions keep the order they were
    added in. Actions of different players with the same timestamp are a tie:
    the first tie goes to player 0, each later one to the seat after the
    previous winner (for two players, the one who lost the tie before).
    """

    def __init__(self, capacity=16, players=2):
        self.cap = capacity
        self.players = players
        self.t = [0] * capacity
        self.tag = [0] * capacity
        self.player = bytearray(capacity)
        self.verb = bytearray(capacity)
        self.a = bytearray(capacity)
        self.b = bytearray(capacity)
        self.result = bytearray(capacity)  # reason code of each applied action
        # indices in application order: a list, since a batch may hold more than 256 actions
        # (every action of one millisecond goes into one batch, C-4)
        self.order = [0] * capacity
        self._tmp = [0] * capacity
        self.n = 0
        self.priority = 0  # seat that wins the next tie
        self.game_no = 0  # the game of a match the last batch was applied to (flush: C-4's priority)
        self.ties = 0

    def add(self, t, player, verb, a=0, b=0, tag=0):
        """Queue one action; False (and nothing queued) when the batch is full."""
        n = self.n
        if n == self.cap:
            return False
        self.t[n] = t
        self.tag[n] = tag
        self.player[n] = player
        self.verb[n] = verb
        self.a[n] = a
        self.b[n] = b
        self.n = n + 1
        return True

    def sort(self):
        """Fill ``order`` with the queued actions in C-4 order (one game's batch: priority as it stands)."""
        n = self.n
        if not self.by_time():
            return
        t = self.t
        order = self.order
        start = 0
        while start < n:
            end = start + 1
            while end < n and t[order[end]] == t[order[start]]:
                end += 1
            if end - start > 1:
                self._break_tie(start, end)
            start = end

    def group(self, start, game):
        """After ``by_time``: the end of the time group that starts at ``order[start]``, its tie broken in
        C-4 order; first, when game has gone on to the next game of its match, seat 0 holds priority
        again (as engine.replay.run resets it between its times). A batch applied a group at a time, in
        this order, breaks ties as a replay of its actions does."""
        n = self.n
        t = self.t
        order = self.order
        end = start + 1
        while end < n and t[order[end]] == t[order[start]]:
            end += 1
        if game.game_no != self.game_no:
            self.game_no = game.game_no
            self.priority = 0
        if end - start > 1:
            self._break_tie(start, end)
        return end

    def done(self, game):
        """A batch was applied: empty it; the next batch starts a new game's priority if this one ended a game."""
        if game.game_no != self.game_no:
            self.game_no = game.game_no
            self.priority = 0
        self.n = 0

    def by_time(self):
        """Fill ``order`` with the queued actions by time (stable); False when there is nothing to sort."""
        n = self.n
        order = self.order
        if n < 2:  # the usual batch: nothing to sort
            if n:
                order[0] = 0
            return False
        t = self.t
        for i in range(n):  # stable insertion sort by time
            j = i
            while j > 0 and ticks_diff(t[order[j - 1]], t[i]) > 0:
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
        return True

    def _break_tie(self, start, end):
        order = self.order
        player = self.player
        first = player[order[start]]
        mixed = False
        for k in range(start + 1, end):
            if player[order[k]] != first:
                mixed = True
                break
        if not mixed:
            return
        self.ties += 1
        seats = self.players
        if end - start == 2:  # the usual tie, two players: the one nearer the priority seat first
            a = order[start]
            b = order[start + 1]
            if (player[b] - self.priority) % seats < (player[a] - self.priority) % seats:
                order[start] = b
                order[start + 1] = a
            self.priority = (player[order[start]] + 1) % seats
            return
        winner = -1
        for r in range(seats):  # the priority seat, or the next one present
            q = (self.priority + r) % seats
            for k in range(start, end):
                if player[order[k]] == q:
                    winner = q
                    break
            if winner >= 0:
                break
        tmp = self._tmp
        m = start
        for r in range(seats):
            q = (winner + r) % seats
            for k in range(start, end):
                if player[order[k]] == q:
                    tmp[m] = order[k]
                    m += 1
        for k in range(start, end):
            order[k] = tmp[k]
        self.priority = (winner + 1) % seats

    def flush(self, game):
        """Apply every queued action to game in C-4 order, one time at a time; return how many.

        When a game of a match ends, the next one starts with seat 0 holding
        priority (C-4): checked before each time's actions, as engine.replay.run
        does between its times, so a batch that holds the end of one game and
        the start of the next breaks the new game's ties as a replay does.
        Afterwards ``order``, ``result`` and ``tag`` still describe the batch.
        """
        n = self.n
        self.by_time()
        order = self.order
        start = 0
        while start < n:
            end = self.group(start, game)
            for k in range(start, end):
                i = order[k]
                self.result[i] = game.apply(self.t[i], self.player[i], self.verb[i], self.a[i], self.b[i])
            start = end
        self.done(game)
        return n
