"""Spit files (issue 9, class 6): no jokers in a Spit layout (C-1), and every hand-made layout's
game ends, the one in which neither player has spit cards included (S-13's decision)."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import new_deck
from engine.cardnames import name
from engine.randplay import RandomPlay
from engine.replay import ReplayError, load, loads, run, state
from engine.spit.rules import PH_OVER

from conftest import ROOT
REPLAY = os.path.join(ROOT, "tools", "replay.py")


def small_layout():
    """Two players of a few cards each, no centre."""
    return {"players": [{"stocks": [["AC"], ["2C"], [], [], []], "spit": ["3C"]},
                        {"stocks": [["AD"], [], ["2D"], [], []], "spit": ["3D"]}]}


@pytest.mark.parametrize("where, put", [
    ("layout.players[0].stocks[1][0]", lambda lay: lay["players"][0]["stocks"][1].insert(0, "X1")),
    ("layout.players[1].stocks[4][0]", lambda lay: lay["players"][1]["stocks"][4].append("x2")),
    ("layout.players[1].spit[1]", lambda lay: lay["players"][1]["spit"].append("X2")),
    ("layout.centre[1][0]", lambda lay: lay.__setitem__("centre", [["5S"], ["X1"]])),
])
def test_c01_a_joker_in_a_spit_layout_is_refused_naming_its_place(where, put):
    """C-1: Spit has no jokers; a joker anywhere in a layout is one line naming the place, exit 2."""
    lay = small_layout()
    put(lay)
    text = json.dumps({"layout": lay})
    with pytest.raises(ReplayError) as e:
        loads(text)
    assert str(e.value).startswith(where + ": ") and "joker" in str(e.value) and "C-1" in str(e.value)
    out = subprocess.run([sys.executable, REPLAY, "-"], input=text, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.splitlines() == ["replay: <stdin>: " + str(e.value)]


def test_c01_jokers_are_still_cards_by_name():
    """C-1: X1 and X2 keep their names (Speed's jokers variant will use them); only Spit refuses them."""
    buf = bytearray(54)
    n = new_deck(buf, jokers=True)
    assert [name(c) for c in buf[52:n]] == ["X1", "X2"]


def no_spit_layout(n0, n1):
    """Player 0 with n0 clubs, player 1 with n1 diamonds, dealt into stocks as S-2/S-13 do; no spit cards."""
    players = []
    for p, (n, suit) in enumerate(((n0, "C"), (n1, "D"))):
        stocks = [[], [], [], [], []]
        k = 0
        for row in range(5):
            for s in range(row, 5):
                if k < n:
                    stocks[s].append("A23456789TJQK"[k % 13] + ("CDHS"[(k // 13) * 2 + p] if k >= 13 else suit))
                    k += 1
        players.append({"stocks": stocks, "spit": []})
    return {"players": players}


@pytest.mark.parametrize("n0, n1, winner", [(15, 14, 1), (3, 9, 0), (7, 7, None), (1, 1, None), (1, 15, 0)])
def test_s13_neither_player_with_spit_cards_ends_the_game_at_the_first_spit(n0, n1, winner):
    """S-13 (decision): both say Spit, nobody can start a pile: the game ends, fewer cards wins, equal draws."""
    doc = {"layout": no_spit_layout(n0, n1), "events": [[0, 0, "ready"], [1, 1, "ready"], [2, 0, "ready"]]}
    game, events = load(doc)
    refused = run(game, events)
    assert game.phase == PH_OVER and game.round == 1
    assert state(game)["winner"] == winner
    assert refused == [[2, "wrong_phase"]]


@pytest.mark.parametrize("n0, n1", [(0, 4), (5, 0), (0, 0)])
def test_s10a_a_layout_with_a_player_without_stock_cards_is_refused(n0, n1):
    """S-10 (a): a round in which a player has no stock card is over before it starts: such a layout
    is an error naming the player (it used to re-deal forever, the other player taking every pile)."""
    lay = no_spit_layout(n0, n1)
    lay["players"][0]["spit"] = ["QS"]
    p = 0 if n0 == 0 else 1
    with pytest.raises(ReplayError, match=r"^layout\.players\[%d\]\.stocks: no stock cards" % p):
        load({"layout": lay})


@pytest.mark.parametrize("scoring", (False, True))
def test_s13_a_game_with_no_spit_cards_never_redeals(scoring):
    """S-13, S-16 (decision): no endless re-deals: one Spit from each player ends the game."""
    doc = {"options": {"scoring": scoring}, "layout": no_spit_layout(12, 10),
           "events": [[0, 0, "ready"], [0, 1, "ready"]]}
    game, events = load(doc)
    run(game, events)
    assert game.phase == PH_OVER and game.round == 1 and game.winner == 1
    assert game.scores == ([12, 10] if scoring else [0, 0])


@st.composite
def hand_made(draw):
    """A hand-made layout of the 52 cards in random places, with or without centre piles.

    (A smaller set of cards can make a game no one can win, by the rules
    themselves: without any 7, say, nobody gets past one; such a game goes on
    as it would at a table. The one case the engine settles is the one in
    which nobody has a spit card, tested above.)
    """
    deck = ["A23456789TJQK"[r] + s for s in "CDHS" for r in range(13)]
    cards = draw(st.permutations(deck))
    stocks = draw(st.sampled_from((4, 5)))
    players = [{"stocks": [[] for _ in range(stocks)], "spit": []} for _ in range(2)]
    centre = [[], []]
    for card in cards:
        where = draw(st.integers(0, 2 * stocks + 3))
        if where < 2 * stocks:
            players[where % 2]["stocks"][where // 2].append(card)
        elif where < 2 * stocks + 2:
            players[where % 2]["spit"].append(card)
        else:
            centre[where % 2].append(card)
    layout = {"players": players}
    if draw(st.booleans()):
        layout["centre"] = centre
    return {"options": {"stocks": stocks, "scoring": draw(st.booleans())}, "layout": layout}


@settings(max_examples=150)
@given(doc=hand_made(), seed=st.integers(0, 2**32 - 1))
def test_s13_every_hand_made_layout_ends(doc, seed):
    """S-10, S-13, S-15, S-16: random legal play from a hand-made layout of the whole deck ends the game."""
    try:
        game, _ = load(doc)
    except ReplayError as e:
        assert "no stock cards" in str(e)
        return
    RandomPlay(game, seed).play(limit=50000)
    assert game.phase == PH_OVER, "no end after 50,000 actions: round %d" % game.round
