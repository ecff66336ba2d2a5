"""Example bot: saves presses. Of the moves it can make, it takes the nearest one.

Every press of UP or DOWN costs time, and a pile can change while the
cursor travels. So this bot counts the presses each move needs and takes
the cheapest: a play before a flip, a flip before a fill at the same
distance. A card that fits both piles goes on the one its other cards need
least, so they keep a pile to go on.
"""

from engine.bots import Bot


class Nearest(Bot):
    """The move with the fewest presses; a play first; the pile the other cards need least."""

    name = "nearest"
    speed = 2  # the eyes and hands of level 2

    def play(self, view, act):
        """Put the cheapest useful move in act."""
        best = 99
        for slot in range(view.slots):
            cost = 3 * view.presses(slot)  # 0, 3 or 6: the distance counts most
            if view.my_top[slot]:
                pile = self.pile_for(view, slot)
                if pile >= 0 and cost < best:
                    best = cost
                    act.play(slot, pile)
            elif view.my_count[slot]:
                if cost + 1 < best:
                    best = cost + 1
                    act.flip(slot)
            elif view.fill_source(slot) >= 0 and cost + 2 < best:
                best = cost + 2
                act.fill(slot)

    def pile_for(self, view, slot):
        """The pile for my stock slot's card: -1 if none fits; of two, the one my other cards need least."""
        left = view.can_play(slot, 0)
        right = view.can_play(slot, 1)
        if not (left and right):
            return 0 if left else 1 if right else -1
        need_left = need_right = 0
        for other in range(view.slots):
            if other != slot:
                if view.can_play(other, 0):
                    need_left += 1
                if view.can_play(other, 1):
                    need_right += 1
        return 1 if need_left > need_right else 0


BOT = Nearest
