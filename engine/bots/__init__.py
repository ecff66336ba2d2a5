"""CPU players: the bot interface, and the driver that makes a bot press buttons like a person.

A bot is one small class (docs/bots.md): ``decide(view, act)`` looks at a
``View`` (what a person at the table sees) and puts one intent in ``act``
(play, flip, fill, ready, or one of the game's own verbs: ``act.do``) or leaves it empty. The ``Driver``
does the rest, the same for every bot: it waits a think time after the
table changes, turns the intent into presses of UP/DOWN/LEFT/RIGHT through
the player's ``Cluster`` (engine.spit.buttons), one press every press time, and
makes a person's slips. Presses become timestamped actions in the same
Sequencer as a human's, so a card aimed at a pile that changed meanwhile is
refused by the engine (C-4), and a refused play locks the player's presses
for a moment (engine.lockout): the Driver waits the lockout out
before the press that plays (as a person sees it on the table). Timing and slips per level: engine.bots.hands.
"""

from micropython import const  # Blinka's on the desktop; tools/cpython/ on a bare CPython

from engine import actions as A
from engine.bots.hands import HANDS, LEVELS, MISS, SEE, WRONG, press_ms, think_ms
from engine.lockout import locked
from engine.rng import Rng
from engine.actions import DOWN, LEFT, PH_OVER, PH_PLAY, PH_READY, RIGHT, UP
from engine.timing import ticks_add, ticks_diff


NOTHING = const(255)
FILL = A.MOVE  # act.a is the empty slot; the buttons choose the card (engine.spit.buttons)

class Act:
    """The intent a bot puts down: one action, or nothing (verb NOTHING), and a look before its first press (ms)."""

    def __init__(self):
        self.verb = NOTHING
        self.a = 0
        self.b = 0
        self.look_ms = 0  # time to spot the move before the first press (the Driver resets it to 0)

    def _set(self, verb, a, b):
        self.verb = verb
        self.a = a
        self.b = b

    def play(self, slot, pile):
        """Play my stock `slot`'s face-up card on spit pile `pile` (0 left, 1 right) (S-5)."""
        self._set(A.PLAY, slot, pile)

    def flip(self, slot):
        """Turn up the face-down top card of my stock `slot` (S-6)."""
        self._set(A.FLIP, slot, 0)

    def fill(self, slot):
        """Fill my empty slot `slot` from the stock ``view.fill_source(slot)`` names (S-7)."""
        self._set(FILL, slot, 0)

    def ready(self):
        """Say Spit (S-4, S-8)."""
        self._set(A.READY, 0, 0)

    def do(self, verb, a=0):
        """One of the game's own verbs (its file module's OWN_VERBS: Spit's slap and choose of pile a, Speed's
        call): the game's View says which button presses it (``button``)."""
        self._set(verb, a, 0)


class Bot:
    """A CPU player's mind: subclass it and write ``play`` (or all of ``decide``).

    ``speed`` (1-8; 0 the relaxed CPU's) is the level whose eyes and hands the bot has: its think
    time, press time and slips (engine.bots.hands). ``rng`` is a seeded
    engine.rng.Rng the driver gives the bot (never use ``random``).
    """

    name = "bot"
    speed = 2
    rng = None
    HANDS = HANDS  # row n: the eyes and hands of speed n (a game's ladder may space its own, engine.california.cpu)

    def decide(self, view, act):
        """Say ready, leave the play to ``play`` and the game's own phases to its View (``own_phase``)."""
        phase = view.phase
        if phase == PH_PLAY:
            self.play(view, act)
        elif phase == PH_READY:
            if not view.my_ready:
                act.ready()
        elif phase != PH_OVER:
            view.own_phase(self, act)  # Spit's: slap (or choose) the smaller pile (engine.spit.view)

    def play(self, view, act):
        """The PLAY phase: put a play, flip or fill in act, or nothing."""

    def smaller(self, view):
        """The spit pile with fewer cards (the left one on equal sizes)."""
        return 0 if view.pile_size[0] <= view.pile_size[1] else 1


class Ladder(Bot):
    """A bot of the level ladder (each game's Level): ``set_level`` picks its row of the game's STRATEGY."""

    STRATEGY = (None,)  # row n is level n's strategy
    adaptive = False
    relaxed = False  # the relaxed CPU (relax): level 1's strategy at speed 0, the slowest eyes and hands

    def set_level(self, level):
        """Play at level 1-8 from now on: its strategy, and its timing (speed); a relaxed bot stays level 0."""
        level = 1 if level < 1 else LEVELS if level > LEVELS else level
        self.s = self.STRATEGY[level]
        if self.relaxed:
            level = 0
        self.level = level
        self.speed = level
        self.name = "relaxed" if self.relaxed else "adaptive" if self.adaptive else "level%d" % level


def relax(bot):
    """A ladder's bot made the relaxed CPU (roster name "relaxed", issue 34): level 1's play at speed 0."""
    bot.relaxed = True
    bot.set_level(1)
    return bot


class Driver:
    """Makes one bot press one player's buttons, with a person's timing and slips.

    ``poll(now, game)`` returns the next button pressed by ``now`` (its time
    in ``t``) or -1; the caller feeds it to ``cluster.press`` and the
    Sequencer, as it does with a human's key events. Nothing is allocated.
    The drivers of one table may share one ``act``: each is asked in turn,
    and a decision is planned into presses before the next driver is asked.
    """

    def __init__(self, bot, player, cluster, seed=1, slips=True, *, view, act=None):
        """cluster: the game's buttons for this player (its CONTROLS' Cluster); view: what the bot sees (its CPU
        module's View). Both are the game's own (docs/games.md): the Driver knows no game."""
        self.bot = bot
        self.rows = getattr(bot, "HANDS", HANDS)  # its ladder's eyes and hands (asked once: a bot of its own may
        # not be a Bot and lack them)
        self.player = player
        self.cluster = cluster
        self.view = view
        self.skips = getattr(view, "skips_empty", False)  # (asked once: a missing attribute raises, allocating)
        self.act = act if act is not None else Act()
        self.rng = Rng(seed)
        bot.rng = Rng(seed * 31 + 7)
        self.slips = slips
        self.buttons = bytearray(4)
        self.nb = 0  # buttons planned
        self.ib = 0  # buttons pressed so far
        self.verb = NOTHING  # what the planned buttons do
        self.plan_phase = 0
        self.plan_round = 0
        self.t = 0  # time of the press poll() returned
        self.t_next = 0  # time of the next planned press
        self.td = 0  # time of the next decision
        self.looking = False  # td is a think time after a change (else a look again later)
        self.t_start = 0  # when the table changed that the next move answers
        self.moves = 0  # plays, flips and fills pressed
        self.move_ms = 0  # time of the last of them, from the change it answered
        self.missed = 0
        self.wrong = 0

    def hands(self):
        """The timing row of the bot's speed."""
        s = self.bot.speed
        return self.rows[s if 0 <= s <= LEVELS else 2]  # (0: the relaxed CPU's)

    def start(self, game, now):
        """Begin a game at now: the bot looks at the table for a think time."""
        self.view.refresh(game, self.cluster.cursor)
        self.nb = self.ib = 0
        self.looking = True
        self.t_start = now
        self.td = ticks_add(now, think_ms(self.hands(), self.rng))

    def shift(self, ms):
        """The clock stood still for ms (a pause): every time planned moves on with it (no press during it)."""
        self.t = ticks_add(self.t, ms)
        self.t_next = ticks_add(self.t_next, ms)
        self.td = ticks_add(self.td, ms)
        self.t_start = ticks_add(self.t_start, ms)

    def when(self):
        """The time of the next thing this driver will do (a press or a decision)."""
        return self.t_next if self.ib < self.nb else self.td

    def look(self, game, now):
        """Refresh the view; react to a change of the table (the time it happened is game.now)."""
        view = self.view
        phase = view.phase
        rnd = view.round
        if not view.refresh(game, self.cluster.cursor):
            return
        tc = game.now
        age = ticks_diff(now, tc)
        if age < 0 or age > 1000:  # not an action's time (a position loaded by hand)
            tc = now
        if self.ib < self.nb:  # reaching: the hand goes on, unless the phase changed
            if view.phase == self.plan_phase and view.round == self.plan_round:
                return
            self.nb = self.ib = 0
        h = self.hands()
        if view.phase != phase or view.round != rnd:
            self.looking = False  # a new situation (spit cards turned, a slap, a deal): a fresh look
        if self.looking:  # already looking: a change must be seen before acting on it
            t = ticks_add(tc, h[SEE])
            if ticks_diff(t, self.td) > 0:
                self.td = t
        else:
            self.looking = True
            self.t_start = tc
            self.td = ticks_add(tc, think_ms(h, self.rng))

    def poll(self, now, game):
        """The next button this bot presses by now, or -1; its time is in t."""
        self.look(game, now)
        if self.view.phase == PH_OVER:
            self.nb = self.ib = 0
            return -1
        while True:
            if self.ib < self.nb:
                if self.ib + 1 == self.nb and locked(self.cluster, self.t_next):
                    self.t_next = self.cluster.lock_until  # a refused play's lockout: the play waits it out
                if ticks_diff(self.t_next, now) > 0:
                    return -1
                i = self.ib
                self.ib = i + 1
                self.t = self.t_next
                if i + 1 == self.nb:
                    self._pressed()
                else:
                    self.t_next = ticks_add(self.t, press_ms(self.hands(), self.rng))
                return self.buttons[i]
            if ticks_diff(self.td, now) > 0:
                return -1
            if not self._decide():
                return -1

    def _pressed(self):
        """The press that acts is done: look at the result for a think time."""
        t = self.t
        if self.verb == A.PLAY or self.verb == A.FLIP or self.verb == FILL:
            self.moves += 1
            self.move_ms = ticks_diff(t, self.t_start)
        self.looking = True
        self.t_start = t
        self.td = ticks_add(t, think_ms(self.hands(), self.rng))

    def _decide(self):
        """Ask the bot, make a slip now and then, and plan the presses; False when nothing to do."""
        view = self.view
        act = self.act
        act.verb = NOTHING
        act.look_ms = 0
        self.bot.decide(view, act)
        verb = act.verb
        h = self.hands()
        if verb == A.PLAY and self.slips:
            r = self.rng.below(1000)
            if r < h[MISS]:
                verb = NOTHING  # overlooked: look again later
                self.missed += 1
            elif r < h[MISS] + h[WRONG]:
                act.b ^= 1  # pushed toward the other pile
                self.wrong += 1
        if verb == A.PLAY or verb == A.FLIP or verb == FILL:  # a card of a slot: the cursor goes there
            if not 0 <= act.a < view.slots:
                verb = NOTHING
        if verb == NOTHING:
            self.looking = False
            self.td = ticks_add(self.td, think_ms(h, self.rng))
            return False
        buttons = self.buttons
        n = 0
        if verb == A.PLAY or verb == A.FLIP or verb == FILL:
            k = view.slots
            d = (act.a - view.cursor) % k
            u = k - d
            if self.skips:  # Speed's cursor passes empty hand slots
                d = view.steps(act.a, 1)
                u = view.steps(act.a, -1)
            if d <= u:
                for _ in range(d):
                    buttons[n] = DOWN
                    n += 1
            else:
                for _ in range(u):
                    buttons[n] = UP
                    n += 1
            side = act.b
            if verb == A.PLAY and view.piles > 2:  # more piles than buttons: the view says which side reaches it
                side = view.side_for(act.a, act.b)
            buttons[n] = RIGHT if verb == A.PLAY and side == 1 else LEFT
        elif verb == A.READY:
            buttons[n] = LEFT
        else:  # one of the game's own verbs: its View says which one button presses it
            buttons[n] = view.button(verb, act.a)
        self.nb = n + 1
        self.ib = 0
        self.verb = verb
        self.plan_phase = view.phase
        self.plan_round = view.round
        look = act.look_ms  # a look before the first press (never a head start)
        self.t_next = ticks_add(self.td, look if look > 0 else 0)  # the first press ends the think time
        return True

