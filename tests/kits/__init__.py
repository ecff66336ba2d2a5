"""Each game's test kit, one module per registered game named after it (tests/conftest.py's ``kit(name)``).

A kit holds what the generic tests must know of one game and cannot ask its folders: where its cards lie, the
invariants its state keeps, the parts of its state a replay's ``state()`` leaves out, how many random examples
its property tests draw, its rule letters and its CPU ladder's figures (docs/games.md, section 8). The generic
tests ask the kit and never branch on a game's name: a new game adds its kit beside its folders and gets them all.
"""
