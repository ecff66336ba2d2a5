"""A fumbled card costs time (issue 20): the lockout of a player's plays after a refused one.

A refused play or cover that was wrong when it was pressed (the card did not
fit, the pile's rank was not open: the Cluster's ``fit`` says so as it makes
the action, and the action carries it to the engine, the Sequencer's ``tag``:
each action of a frame is judged on its own) locks that player's plays for
LOCK_MS; one that fitted when pressed and lost a race
(C-4: the other player's card landed first) does not. A refusal within
_REPEAT_MS of the end of the last lockout locks twice as long as that one
did, up to LOCK_MS << _LONGEST: rushing costs more. A press whose action
would play a card, turn or move one, cover a pile, slap (Spit) or press
Speed in that time is dropped before it becomes an action (``dropped``), a
CPU's as a person's (ui.app, engine.bots.match; the Driver waits it out), so
no rule and no replay changes: the log holds actions. Cursor moves, saying
ready and choosing a pile are never dropped. The state is two attributes
of the player's Cluster, ``lock_until`` and ``doubled``; which verbs
lock when refused and which are never dropped are the game's, its Cluster's
``FUMBLES`` and ``FREE`` (bit v for verb v).

Not imported by a game's engine or buttons: only by what feeds presses to
the Sequencer (a board holds it with the App).
"""

from engine import actions as A
from engine.timing import const, ticks_add, ticks_diff

LOCK_MS = const(800)
_REPEAT_MS = const(2000)
_LONGEST = const(2)  # the fourfold lockout is the longest


def refused(cluster, verb, wrong, now):
    """The engine refused this cluster's action of verb, seen at now; wrong: it did not fit when pressed (not the
    press's ``fit``). A wrong one of the cluster's FUMBLES (a card played, California's cover) locks."""
    if (cluster.FUMBLES >> verb) & 1 and wrong:
        k = cluster.doubled
        since = ticks_diff(now, cluster.lock_until)
        if k < 0 or since >= _REPEAT_MS:
            k = 0
        elif k < _LONGEST and since >= 0:  # (a refusal inside a lockout: the same)
            k += 1
        cluster.doubled = k
        cluster.lock_until = ticks_add(now, LOCK_MS << k)


def locked(cluster, t):
    """True while a play pressed at t falls in the cluster's lockout."""
    return cluster.doubled >= 0 and ticks_diff(t, cluster.lock_until) < 0


def dropped(cluster, t):
    """True when the action the cluster just made of a press at t is a play in its lockout (drop it): any verb but
    saying ready and the cluster's FREE ones (Spit's choice of a pile)."""
    verb = cluster.verb
    return verb != A.READY and not (cluster.FREE >> verb) & 1 and locked(cluster, t)
