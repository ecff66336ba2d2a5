"""Example bot: plays the first card it sees that fits, from the top stock down.

The smallest useful bot (docs/bots.md): Spit, the slap and the choice of a
pile come from the Bot class; this one only says what to do in play.
"""

from engine.bots import Bot


class FirstFit(Bot):
    """A card that fits, else a card to turn up, else an empty slot to fill."""

    name = "first"
    speed = 2  # the eyes and hands of level 2

    def play(self, view, act):
        """Put the first useful move in act."""
        for slot in range(view.slots):
            for pile in range(2):
                if view.can_play(slot, pile):
                    act.play(slot, pile)
                    return
        for slot in range(view.slots):
            if view.my_count[slot] and not view.my_up[slot]:
                act.flip(slot)
                return
            if view.fill_source(slot) >= 0:
                act.fill(slot)
                return


BOT = FirstFit
