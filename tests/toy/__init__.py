"""Snap, the tests' toy game: a fourth game that lives only here and is registered at test time.

Its folders mirror a real game's (engine/<game>/ and ui/<game>/): ``engine``
holds its description (game), rules, replay-file part (file), buttons and CPU;
``ui`` its table, words, result words and how-to page. The ``registered``
fixture (tests/conftest.py) registers it as "toy", titled Snap, in package
tests.toy.engine (engine.games' NAMES, TITLES and HOMES), and
tests/house/test_every_game.py runs the generic tests over every registered game, so
nothing outside a game's folders may name a game.

The rules (T-1 to T-5):

- T-1 the deal: a shuffled deck (52 cards, or with the ``deck`` option 20: tens
  to kings and aces) dealt one card at a time, player 0 first, into each
  player's face-down pile. Play starts at once.
- T-2 flip: at any time (no turns) a player turns the top card of their pile
  face up onto the one centre pile (LEFT).
- T-3 snap: when the centre's top two cards have the same rank, a pair shows
  (phase "pair"): no card may be flipped until a player snaps (RIGHT). The
  first snap wins: the centre pile is turned over and put under the
  other player's pile.
- T-4 a false snap: a snap while no pair shows takes the centre pile under the
  snapper's own pile; with the centre empty it is refused.
- T-5 the end: a player whose pile is empty while no pair shows has won (after
  their flip, or after they snapped).
"""
