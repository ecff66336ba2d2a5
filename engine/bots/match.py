"""A game between CPU players (one per seat) with no screen: for tournaments, tests and benchmarks.

Each seat has a Driver (engine.bots) pressing its Cluster's buttons; the
presses go through a Sequencer to the game, as in the frame loop (ui/app.py).
With ``frame_ms`` 0 time jumps from one press or decision to the next, so a
game takes no longer to compute than it has moves; with ``frame_ms`` 33 the
drivers are polled once a frame, exactly as on the device.
"""

from engine import actions as A, lockout
from engine.bots import Act, Driver
from engine.actions import PH_OVER
from engine.timing import Sequencer, ticks_diff


class Match:
    """A bot in every seat: ``run()`` plays the game to its end (or to limit_ms).

    cluster and view are the game's Cluster and View classes; by default the
    game's description names them (engine.games).
    """

    def __init__(self, game, bots, seed=1, frame_ms=0, slips=True, limit_ms=3600000, cluster=None, view=None):
        self.game = game
        if cluster is None or view is None:  # the game's own buttons and eyes (docs/games.md)
            from engine import games

            info = games.get(game.name)
            cluster = __import__(info.CONTROLS, None, None, ("Cluster",)).Cluster
            view = __import__(info.CPU, None, None, ("View",)).View
        seats = game.players
        act = Act()  # one intent for every seat's driver: they are asked one after another
        self.drivers = tuple(Driver(bots[p], p, cluster(p), seed=seed * 2 + 1 + p, slips=slips,
                                    view=view(p, seats), act=act) for p in range(seats))
        self.seq = Sequencer(4 * seats, seats)
        self.frame_ms = frame_ms
        self.limit_ms = limit_ms
        self.now = 0
        self.actions = 0  # actions applied (refused ones included)
        self.refused = 0
        self.log = None  # a list, to record (t, player, verb, a, b, result) into
        self.moves = None  # a list, to record each driver's time per move into
        for d in self.drivers:
            d.start(game, 0)

    def over(self):
        """True when the game has ended or the time limit has passed."""
        return self.game.phase == PH_OVER or self.now >= self.limit_ms

    def run(self):
        """Play to the end; return the number of actions applied."""
        while not self.over():
            self.step()
        return self.actions

    def step(self):
        """One instant (the next press or decision), or one frame."""
        game = self.game
        drivers = self.drivers
        if self.frame_ms:
            t = self.now + self.frame_ms
        else:
            t = drivers[0].when()
            for d in drivers:
                if ticks_diff(d.when(), t) < 0:
                    t = d.when()
            if t < self.now:
                t = self.now
        self.now = t
        for d in drivers:
            self._poll(d, t)
        seq = self.seq
        if not seq.n:
            game.advance(t)  # a time limit that ran out by now (P-8)
            return
        n = seq.flush(game)
        self.actions += n
        for k in range(n):
            i = seq.order[k]
            if seq.result[i] != A.OK:
                self.refused += 1
                lockout.refused(drivers[seq.player[i]].cluster, seq.verb[i], seq.tag[i], t)  # a fumble's lockout
            if self.log is not None:
                self.log.append((seq.t[i], seq.player[i], seq.verb[i], seq.a[i], seq.b[i], seq.result[i]))
        if not self.frame_ms:  # all see at once what just happened (a frame loop sees it next frame)
            for d in drivers:
                d.look(game, t)

    def _poll(self, driver, t):
        game = self.game
        cluster = driver.cluster
        while True:
            b = driver.poll(t, game)
            if b < 0:
                return
            if cluster.press(b, game) and not lockout.dropped(cluster, driver.t):
                self.seq.add(driver.t, driver.player, cluster.verb, cluster.a, cluster.b, not cluster.fit)
                verb = driver.verb  # a move is a card played, turned up or moved (the Driver's moves)
                if self.moves is not None and driver.ib == driver.nb and (verb == A.PLAY or verb == A.FLIP
                                                                          or verb == A.MOVE):
                    self.moves.append((driver.player, driver.move_ms))
