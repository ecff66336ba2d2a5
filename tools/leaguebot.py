"""One bot of a league in a process of its own, fed its seat's view (tools/league.py starts it; not a command).

    python3 -I tools/leaguebot.py ROOT GAME BOT

BOT is a roster name of the game or a .py file (docs/bots.md: the bot API
unchanged). The game, its deal and its seed are never here: the league's
process keeps them and sends, for each decision, the fields of the seat's
View (what a person at that seat sees, D-3); the bot's answer goes back as
four whole numbers. Once the bot is loaded, an audit hook refuses what a
bot could use to reach beyond its view (opening files, listing folders,
starting processes, sockets, ctypes, ``gc.get_objects``, frame walks): each
refusal is reported with the next answer, and the league scores that game
as lost.

The protocol is one JSON array a line each way, on a pipe the bot's own
prints cannot reach (its standard output is /dev/null):

    -> ["new", players, seat, rng_seed]     <- ["ok"]
    -> ["fields", names]                     (the View's fields, in the order of "d")
    -> ["d", values]                         <- [verb, a, b, look_ms, refusals]
    <- ["error", "one line"]                 (the bot failed; the league scores the game lost)
"""

import json
import os
import sys

DENIED = ("open", "os.listdir", "os.scandir", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
          "os.forkpty", "os.kill", "os.remove", "os.rename", "os.chdir", "os.chmod", "os.mkdir", "os.rmdir",
          "os.symlink", "os.link", "os.truncate", "os.walk", "os.putenv", "os.unsetenv", "shutil.", "subprocess.",
          "socket.", "ctypes.", "gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys._getframe",
          "sys._current_frames", "sys.settrace", "sys.setprofile", "object.__getattr__", "code.__new__",
          "function.__new__", "marshal.load", "pickle.find_class", "import", "sys.addaudithook", "cpython.")

refusals = []  # what the hook refused since the last answer
armed = [False]


def _hook(event, args):
    """Refuse every event of DENIED once armed (the bot is loaded), and note it for the league."""
    if not armed[0]:
        return
    for prefix in DENIED:
        if event == prefix or (prefix.endswith(".") and event.startswith(prefix)) or event.startswith(prefix + "/"):
            break
    else:
        return
    if event not in refusals and len(refusals) < 8:  # the event's name only: a path may hold a process number
        refusals.append(event)
    raise PermissionError("a league's bot sees only its view: %s is refused" % event)


def one_line(error):
    """An exception as one short line."""
    try:
        words = " ".join(str(error).split())
    except Exception:
        words = ""
    words = words[:197] + "..." if len(words) > 200 else words
    return "%s: %s" % (type(error).__name__, words) if words else type(error).__name__


def load(root, game, spec):
    """(a function making a fresh bot, its speed, which HANDS table it has: "game" or "default")."""
    sys.path.insert(0, root)
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from engine import games
    from engine.bots import Bot, Act
    from engine.bots.hands import HANDS
    from engine.rng import Rng

    info = games.get(game)
    cpu = __import__(info.CPU, None, None, ("make", "View"))
    if spec.endswith(".py"):
        import importlib.util

        name = "bot_" + os.path.splitext(os.path.basename(spec))[0].replace("-", "_")
        where = importlib.util.spec_from_file_location(name, spec)
        module = importlib.util.module_from_spec(where)
        where.loader.exec_module(module)
        cls = getattr(module, "BOT", None)
        if cls is None:
            found = [v for v in vars(module).values()
                     if isinstance(v, type) and issubclass(v, Bot) and v is not Bot and v.__module__ == name]
            if len(found) != 1:
                raise ValueError("expected one subclass of engine.bots.Bot (or BOT = YourClass), found %d"
                                 % len(found))
            cls = found[0]
        if not (isinstance(cls, type) and issubclass(cls, Bot)):
            raise ValueError("BOT is not a subclass of engine.bots.Bot")
        make = cls
    else:
        if spec not in info.ROSTER:
            raise ValueError("%r is not in the game's roster" % spec)

        def make():
            return cpu.make(spec)
    bot = make()
    game_hands = getattr(getattr(cpu, "Level", None), "HANDS", None)
    hands = "game" if game_hands is not None and getattr(bot, "HANDS", HANDS) is game_hands else "default"
    return make, bot.speed, hands, cpu.View, Act, Rng


def main(argv):
    root, game, spec = argv[1:4]
    wire = os.fdopen(os.dup(1), "w", buffering=1)
    inbox = sys.stdin
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # the bot's prints go nowhere: the pipe is the league's alone
    os.dup2(null, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w")
    sys.addaudithook(_hook)

    def say(value):
        wire.write(json.dumps(value) + "\n")

    try:
        make, speed, hands, View, Act, Rng = load(root, game, spec)
    except BaseException as e:  # the bot file's own error, in one line
        say(["error", "cannot load: " + one_line(e)])
        return
    if type(speed) is not int or not 1 <= speed <= 8:
        say(["error", "speed must be a whole number from 1 to 8, not %.40r" % (speed,)])
        return
    say(["ready", speed, hands])
    os.chdir("/")
    armed[0] = True
    bot = view = act = None
    names = ()
    for line in inbox:
        try:
            msg = json.loads(line)
            kind = msg[0]
            if kind == "d":
                values = msg[1]
                for name, value in zip(names, values):
                    old = getattr(view, name, None)
                    if isinstance(old, bytearray):
                        old[:] = bytes(value)
                    else:
                        setattr(view, name, value)
                act.verb = 255
                act.a = act.b = act.look_ms = 0
                bot.decide(view, act)
                out = [act.verb, act.a, act.b, act.look_ms, refusals[:]]
                del refusals[:]
                say(out)
            elif kind == "fields":
                names = tuple(msg[1])
            elif kind == "new":
                players, seat, seed = msg[1], msg[2], msg[3]
                bot = make()
                bot.rng = Rng(seed)
                view = View(seat, players)
                act = Act()
                say(["ok"])
        except BaseException as e:
            say(["error", one_line(e), refusals[:]])
            del refusals[:]
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                return


def command_line():
    """The league's own start (ROOT GAME BOT, none an option) goes straight to main; anything else (a
    person trying it, --help) meets the tools' parser: the usage, one-line errors, exit status 2."""
    argv = sys.argv
    if len(argv) == 4 and not any(a.startswith("-") for a in argv[1:]):
        main(argv)
        return
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import _path
    from desktop.cli import Parser

    def check():
        p = Parser(prog="leaguebot", description=__doc__.split("\n")[0])
        p.add_argument("root", help="the repository's root folder")
        p.add_argument("game", help="the game's registered name")
        p.add_argument("bot", help="a roster name of the game or a bot's .py file")
        p.parse_args(argv[1:])
        p.error("is started by tools/league.py, which feeds it on standard input")

    _path.run(check)


if __name__ == "__main__":
    command_line()
