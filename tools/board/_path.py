"""This folder's scripts begin as every tool does, with ``import _path``: this runs tools/_path.py (the
repository and every folder of tools/ on sys.path, a quiet Ctrl-C) in their own folder."""

import os

__file__ = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "_path.py")
with open(__file__, encoding="utf-8") as _f:
    exec(compile(_f.read(), __file__, "exec"))
