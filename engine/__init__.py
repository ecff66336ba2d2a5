"""Spit and Speed rules engines: pure Python for CircuitPython, MicroPython and CPython.

Import the modules you need (``engine.spit.rules``, ``engine.cards``...); this package
imports nothing by itself so that a board only compiles what it uses.
"""
