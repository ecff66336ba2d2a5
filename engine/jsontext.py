"""JSON text read with a nesting limit, so that no file can make a reader raise RecursionError.

Every reader of the project's JSON files (replays, scripts, settings) parses
through ``loads``: bad JSON, JSON nested deeper than ``DEPTH`` lists and
objects, and an object with a key twice (JSON keeps the last: a file that
says "game" twice plays one of them, unsaid), raise ``JSONError`` (a
ValueError) with one line saying which.
"""

import json

DEPTH = 32  # lists and objects inside one another; the project's own files use 7 at most


class JSONError(ValueError):
    """Text that is not JSON, or JSON nested too deeply; the message is one line."""


def loads(text, depth=DEPTH):
    """The value of a JSON text; JSONError when it is not JSON or nests more than depth deep.

    A UTF-8 byte-order mark at the start (some editors write one) is not part of the JSON.
    """
    if isinstance(text, str) and text[:1] == "\ufeff":
        text = text[1:]
    elif isinstance(text, (bytes, bytearray)) and text[:3] == b"\xef\xbb\xbf":
        text = text[3:]
    try:
        try:
            doc = json.loads(text, object_pairs_hook=_object)
        except TypeError:  # a json that takes no keywords (CircuitPython's): a key twice keeps the last
            doc = json.loads(text)
    except RuntimeError:  # CPython's RecursionError (MicroPython raises RuntimeError itself)
        raise JSONError(_TOO_DEEP % depth)
    except JSONError:
        raise
    except ValueError as e:
        raise JSONError("not valid JSON (%s)" % str(e).split("\n")[0])
    if too_deep(doc, depth):
        raise JSONError(_TOO_DEEP % depth)
    return doc


_TOO_DEEP = "nested too deeply (more than %d lists and objects inside one another)"


def _object(pairs):
    """An object's pairs as a dict; JSONError for a key given twice (JSON would keep the last, unsaid)."""
    out = {}
    for key, value in pairs:
        if key in out:
            raise JSONError("the key %s twice in one object" % json.dumps(key))
        out[key] = value
    return out


def too_deep(value, depth=DEPTH):
    """True when value holds lists and objects more than depth deep (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        if d > depth:
            return True
        for item in v:
            if isinstance(item, (list, dict)):
                stack.append((item, d + 1))
    return False
