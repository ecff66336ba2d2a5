"""A game is its folders: every registered game, the tests' toy game (tests/toy/) among them, meets the contract
the App, the menu, the replay reader, the Driver, the statistics and the tables use (docs/games.md).

The toy game lives only under tests/ and is registered for each test that asks (the ``registered`` fixture,
tests/conftest.py): if a generic part of the program named a game, or reached into a game's folder by a path
of its own, the toy would fail here. Each test is one per game and says nothing of any game by name.
"""

import ast
import json
import os

import pytest

from conftest import ROOT, TOY, registered_games
from uitools import DOWN, LEFT, RIGHT, UP, leave_result, run_ms, set_menu, step, tap
from engine import actions as A
from engine import replay
from engine.actions import PH_OVER
from engine.bots import Driver
from engine.bots.match import Match

GAMES = registered_games()
SHARED = ("engine", "engine/bots", "engine/link", "ui", "hal", "hal/link", "desktop", "desktop/link", "tools",
          "tools/board", "tools/bench", "tools/doubles")  # the folders every game shares: none names a game
ROLES = (("ENGINE", None), ("CONTROLS", "Cluster"), ("CPU", "make"))  # a description's module names and a name
# each must hold; its screen's parts are found by the convention ui/<name>/<part> (engine.games.ui), a name each
PARTS = (("table", "Table"), ("words", "Words"), ("result", "decided"), ("howto", "LINES"))
FILE_NAMES = ("OPTIONS", "LAYOUT_KEYS", "VERBS", "options", "new", "load_layout", "state", "describe")


def module(name):
    return __import__(name, None, None, ("_",))


def defaults(info):
    """The engine options of a game's menu defaults (the first value of each)."""
    return {key: values[0] for key, _, values, _ in info.OPTIONS}


def to_line(hal, app, key):
    """Move the menu's mark to the line of key."""
    for _ in range(len(app.menu.items)):
        if app.menu.items[app.menu.selected][0] == key:
            return
        tap(hal, 0, DOWN)
        step(hal, app)
    assert app.menu.items[app.menu.selected][0] == key


def cpus(info):
    """The roster's strongest and weakest level (levelN), the strongest first: a seeded game between them ends."""
    levels = sorted((int(bot[5:]), bot) for bot in info.ROSTER if bot[:5] == "level" and bot[5:].isdigit())
    assert levels, "a roster of levels (the adaptive CPU and the statistics count them)"
    return levels[-1][1], levels[0][1]


def test_the_registry_is_one_record_a_game_and_refuses_a_duplicate(monkeypatch):
    """engine.games: NAMES, TITLES and LETTERS are its records' parts (name, title, letter: three items of GAMES
    a game), in the records' order (append-only: link WELCOME sends the index); a second record of a name or a
    letter (or of C or D, every game's) is refused at import, and so is registering one from outside
    (tests/conftest.py's register)."""
    from conftest import register
    from engine import games

    assert len(games.GAMES) == 3 * len(games.NAMES)
    assert games.NAMES == games.GAMES[0::3] and games.TITLES == games.GAMES[1::3]
    assert games.LETTERS == "".join(games.GAMES[2::3]) and len(set(games.LETTERS + "CD")) == len(games.LETTERS) + 2
    with open(os.path.join(ROOT, "engine", "games.py"), encoding="utf-8") as f:
        source = f.read()
    exec(compile(source, "games.py", "exec"), {})  # as it is: fine
    last = '    "california", "California", "K",\n'
    for bad in ('"spit", "Spit again", "Z",', '"snap", "Snap", "S",', '"snap", "Snap", "C",'):
        twice = source.replace(last, last + "    %s\n" % bad)
        assert twice != source
        with pytest.raises(ValueError, match=bad.split('"')[1]):
            exec(compile(twice, "games.py", "exec"), {})
    for record in (("spit", "Spit", "Z"), ("snap", "Snap", "P"), ("snap", "Snap", "D")):
        with pytest.raises(ValueError, match="two games"):
            register(monkeypatch, record)
    games = register(monkeypatch)
    assert games.GAMES[-3:] == TOY[:3] and games.NAMES[-1] == TOY[0] and games.LETTERS[-1] == TOY[2]
    with pytest.raises(ValueError, match="two games"):
        register(monkeypatch)  # the toy twice


@pytest.mark.parametrize("name", GAMES)
def test_its_kit_covers_the_rules_of_its_records_letter(registered, name):
    """The kit's LETTERS (the rules test_rules wants cited) hold the letter of the game's record, and no letter
    of another game."""
    from conftest import kit

    letter = registered.LETTERS[registered.NAMES.index(name)]
    own = set(kit(name).LETTERS) - set("CD")
    assert own == {letter}, (name, kit(name).LETTERS, letter)


@pytest.mark.parametrize("name", GAMES)
def test_a_description_holds_the_contracts_names(registered, name):
    """engine.games.get(name): seats, options of the menu's shape, the modules of every role, a roster whose
    every CPU is made, median times for its levels, and new() dealing a game of that name."""
    info = registered.get(name)
    assert registered.TITLES[registered.NAMES.index(name)]
    assert info.SEATS and all(type(n) is int and 2 <= n <= 4 for n in info.SEATS)
    others = set()
    for other in registered.NAMES:
        if other != name:
            others.update(item[0] for item in registered.get(other).OPTIONS)
    for key, label, values, words in info.OPTIONS:
        assert isinstance(key, str) and isinstance(label, str) and isinstance(values, tuple) and values
        assert words is None or (isinstance(words, tuple) and len(words) == len(values))
        assert all(type(v) is type(values[0]) for v in values)
        # one settings dict holds every game's options side by side; the seats, and whether a move nobody makes
        # ends the wait (S-8, P-7), are one setting for every game that has them
        assert key not in others or key in ("players", "stall")
    for role, attribute in ROLES:
        loaded = module(getattr(info, role))
        assert attribute is None or hasattr(loaded, attribute), (role, attribute)
    # the engine does not know where its screen lives: no description names a ui module; the screen is the
    # folder beside the engine's (ui/<name>/, or the ui/ beside a game from elsewhere's engine/)
    assert not [k for k in ("SCREEN", "WORDS", "RESULT", "HOWTO") if hasattr(info, k)]
    home = os.path.dirname(os.path.dirname(module(info.CPU).__file__))
    screen = os.path.join(home, "ui") if name in registered.HOMES else os.path.join(ROOT, "ui", name)
    for part, attribute in PARTS:
        loaded = module(registered.ui(name, part))
        assert hasattr(loaded, attribute), (part, attribute)
        assert os.path.dirname(loaded.__file__) == screen, (part, loaded.__file__)
    assert all(len(line) <= 24 for line in module(registered.ui(name, "howto")).LINES)
    sounds = module(registered.ui(name, "words")).Words.SOUNDS  # the App's tones and lights for the game's own
    # reports (ui/reactions.py)
    assert type(sounds) is dict and set(sounds.values()) <= {A.R_LAND, A.R_SPIT, A.R_SLAP, A.R_FAULT}
    assert callable(module(registered.ui(name, "table")).Table.refused)  # a refused play's place flashes
    # (ui/app.py's _refused)
    cpu = module(info.CPU)
    assert info.ROSTER and all(cpu.make(bot) is not None for bot in info.ROSTER)
    for bot in info.ROSTER:
        if bot[:5] == "level":
            assert info.MEDIAN_MS[int(bot[5:])] > 0, bot  # the menu's CPU line says its time per move
    game = info.new(7, defaults(info))
    assert game.name == name and game.players in info.SEATS and game.phase != PH_OVER
    assert game.winner == A.NONE and game.game_no >= 1 and game.slots >= 1
    files = replay.file_module(name)
    assert all(hasattr(files, attribute) for attribute in FILE_NAMES)
    assert set(files.OPTIONS) == {item[0] for item in info.OPTIONS}


@pytest.mark.parametrize("name", GAMES)
def test_its_cpus_play_a_seeded_game_to_the_end_and_its_replay_reaches_the_same_state(registered, name):
    """engine.bots.match: the game's Cluster and View drive its CPU roster to the end; the actions saved as a
    replay document (engine.replay.document), read back through JSON and run, reach the same state (C-5)."""
    info = registered.get(name)
    options = defaults(info)
    game = info.new(11, options)
    cpu = module(info.CPU)
    match = Match(game, [cpu.make(bot) for bot in cpus(info)], seed=11)
    match.log = []
    match.run()
    assert game.phase == PH_OVER and 0 <= game.winner < game.players, (name, match.now)
    assert isinstance(match.drivers[0], Driver) and match.actions > 10
    doc = replay.document(options, 11, [entry[:5] for entry in match.log], game=name)
    again, events = replay.loads(json.dumps(doc))
    told = []
    refused = replay.run(again, events, trace=lambda i, ev, why, reports: told.extend(reports))
    assert replay.state(again, refused) == replay.state(game, refused)
    assert replay.state(again)["winner"] == game.winner
    assert refused == [[i, replay.names(name).REASONS[e[5]]] for i, e in enumerate(match.log) if e[5]]
    words = [replay.describe(report, name) for report in told]
    assert words and all(isinstance(w, str) and not w.startswith("report ") for w in words)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.slow
def test_the_app_deals_it_from_the_menu_and_its_cpus_play_it_to_the_result(registered, headless_app, name):
    """The menu's Game line chooses it, its how-to and statistics pages open, Start deals it (1P vs CPU) on
    its own table; CPUs in both seats play it to the end; the result screen shows the winner; the game is
    counted in the statistics; its replay reaches the same state, through the engine and played back on the
    table; Menu goes back to the title."""
    from ui.app import MENU, TABLE

    hal, app = headless_app(seed=5)
    saved = []
    app.on_game_over = saved.append
    step(hal, app)
    set_menu(hal, app, "game", name)
    assert app.menu.title.value == registered.TITLES[registered.NAMES.index(name)].upper() + "!"
    set_menu(hal, app, "mode", "1p")
    info = registered.get(name)
    set_menu(hal, app, "cpu", cpus(info)[0])
    for line in ("howto", "stats"):
        to_line(hal, app, line)
        tap(hal, 0, RIGHT)
        step(hal, app)
        assert app.menu.showing_help
        tap(hal, 0, LEFT)
        step(hal, app)
        assert not app.menu.showing_help
    to_line(hal, app, "start")
    tap(hal, 0, LEFT)
    step(hal, app)
    assert app.screen == TABLE and app.game.name == name and app.kind is info
    assert type(app.table).__module__ == registered.ui(name, "table") and \
        type(app.clusters[0]).__module__ == info.CONTROLS
    assert app.cpus[0] is None and app.cpus[1] is not None
    app.seating.seat(0, hal.ticks_ms())  # the person's seat too: the CPU plays it out
    for _ in range(12000):
        if app.game.phase == PH_OVER:
            break
        step(hal, app)
    game = app.game
    assert game.phase == PH_OVER and 0 <= game.winner < game.players
    run_ms(hal, app, 100)
    assert app.over is not None and app.over.title == "CPU%d wins" % (game.winner + 1)  # (both seats the CPU's)
    assert app.over.lines[-1].startswith("Time ")
    played = [value for key, value in hal.stats().items() if key[0] == name]
    assert [p[0] for p in played] == [1]
    assert len(saved) == 1 and saved[0]["game"] == name
    again, events = replay.load(json.loads(json.dumps(saved[0])))
    replay.run(again, events)
    assert replay.state(again) == replay.state(game)
    leave_result(hal, app, "Menu")
    assert app.screen == MENU
    final = replay.state(game)
    shown, events = replay.load(json.loads(json.dumps(saved[0])))
    app.watch(shown, events, saved[0], hal.ticks_ms())  # C-5: played back on its own table, it ends as it did
    assert app.screen == TABLE and type(app.table).__module__ == registered.ui(name, "table")
    run_ms(hal, app, events[-1][0] + 200)
    assert app.next_due() is None and replay.state(app.game) == final and app.over is None


@pytest.mark.parametrize("name", GAMES)
def test_the_demo_plays_it_and_deals_again(registered, headless_app, name):
    """D-1: a minute idle at the title with the game chosen, the CPU plays both seats of it (no result screen)
    and deals again when it is over; any key stops the demo."""
    from ui.app import DEMO_IDLE_MS, MENU

    hal, app = headless_app(seed=9, settings={"game": name})
    run_ms(hal, app, DEMO_IDLE_MS + 100)
    assert app.demo and app.game.name == name and all(d is not None for d in app.cpus)
    first = app.game
    for _ in range(12000):
        if app.game is not first:
            break
        step(hal, app)
    assert first.phase == PH_OVER and app.over is None
    assert app.demo and app.game is not first and app.game.name == name
    tap(hal, 0, DOWN)
    step(hal, app)
    assert app.screen == MENU and not app.demo


@pytest.mark.parametrize("name", GAMES)
def test_the_demo_tool_plays_it_and_says_who_won(registered, name, capsys):
    """tools/demo.py plays a seeded game of it between random players and prints its one result line: a game
    whose state() has no round or game_no (the toy's) is told without a count (it raised KeyError 'round')."""
    import demo

    assert demo.main(["--game", name, "--quiet", "--seed", "2"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and out.out.startswith("Seed 2: ") and out.out.count("\n") == 1, out


@pytest.mark.parametrize("name", GAMES)
def test_the_tournament_plays_its_strongest_and_weakest_cpu(registered, name, capsys):
    """tools/tournament.py --game NAME: its roster's strongest and weakest levels play 4 seeded games to the
    end, each game counted once, the weakest the slower to move (tournament's defaults are the registry's)."""
    import tournament

    strong, weak = cpus(registered.get(name))
    assert tournament.main(["--game", name, "--bots", "%s,%s" % (weak, strong), "--games", "4", "--quiet",
                            "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (pair,) = doc["results"]
    assert doc["game"] == name and pair["games"] == 4 and sum(pair["wins"]) + pair["draws"] == 4
    assert pair["median_move_ms"][0] > pair["median_move_ms"][1] > 0, pair


def compared(node, names):
    """Does node compare a value with a game's name (either side, or one of a tuple, list or set of them), or is
    it a dict keyed by one?"""
    sides = ([node.left] + node.comparators if isinstance(node, ast.Compare)
             else node.keys if isinstance(node, ast.Dict) else [])
    for side in sides:
        elts = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
        if any(isinstance(e, ast.Constant) and e.value in names for e in elts):
            return True
    return False


def branches(tree):
    """Every condition tree branches on: an if's or elif's, a while's, a conditional expression's, a
    comprehension's ifs."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            yield node.test
        elif isinstance(node, ast.comprehension):
            yield from node.ifs


def names_compared(text, names, branching_only=False):
    """The line numbers where text compares a value with one of names (only in conditions when branching_only)."""
    tree = ast.parse(text)
    roots = list(branches(tree)) if branching_only else [tree]
    return sorted({node.lineno for root in roots for node in ast.walk(root)
                   if compared(node, names) and not (branching_only and isinstance(node, ast.Dict))})


def test_nothing_shared_compares_a_value_with_a_games_name():
    """The App, the menu, the replay reader, the Driver, the hal, the tools and these tests ask a game's folder,
    never ``if name == "spit"``: no comparison with a registered game's name, no table keyed by one. No other
    test branches on a game's name either (its kit, tests/kits/, knows the game), but a game's own tests, named
    after it (test_spit_files.py, test_speed_engine.py, test_toy_game.py, ...)."""
    names = set(GAMES)
    found = []
    paths = [os.path.join(folder, entry) for folder in SHARED for entry in sorted(os.listdir(os.path.join(ROOT, folder)))]
    for folder, dirs, files in os.walk(os.path.join(ROOT, "tests")):  # the tests and their support, not the kits
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "kits", "rules", "scripts", TOY[3].split(".")[1]))
        paths += [os.path.relpath(os.path.join(folder, f), ROOT) for f in sorted(files)]
    for path in paths:
        entry = os.path.basename(path)
        if not entry.endswith(".py") or any(entry.startswith("test_%s_" % name) for name in names):
            continue
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        generic_test = path.startswith("tests") and entry != "test_every_game.py"
        found += ["%s:%d" % (path, line) for line in names_compared(text, names, branching_only=generic_test)]
    assert not found
    assert names_compared('if game.name == "spit":\n    pass\nx = 1 if "toy" != n else 2\n', names, True) == [1, 3]
    assert names_compared('assert game.name == "spit"\n', names, True) == []  # a test's expected value


# The tools that may name a game, each with its reason (a name that is not a game's, or a figure of one game).
NAMED_IN_TOOLS = {
    "tools/board/circuitpython.py": "the cache folder ~/.cache/spit is the project's name, not the game's",
    "tools/linkfair.py": "its latency figure (docs/link.md, docs/performance.md) is a seeded Speed game's, where a "
                         "press races the other device's",
}


def names_written(text, names):
    """The line numbers where text writes one of names as a string (a default, a list of games, an argument),
    its docstrings aside."""
    tree = ast.parse(text)
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return sorted({n.lineno for n in ast.walk(tree)
                   if isinstance(n, ast.Constant) and n.value in names and id(n) not in docs})


def test_no_tool_writes_a_games_name():
    """tools/ reads the registry (engine.games: its NAMES, the first its default game) and writes no game's name:
    bench_mash kept its own list of games, tournament.py and the benches defaulted to "spit", so a new game was
    never mashed and a default could not move (the branching test above saw neither)."""
    names = set(GAMES)
    found = []
    for folder in [f for f in SHARED if f == "tools" or f.startswith("tools/")]:
        for entry in sorted(os.listdir(os.path.join(ROOT, folder))):
            rel = folder + "/" + entry
            if entry.endswith(".py") and rel not in NAMED_IN_TOOLS:
                with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
                    found += ["%s:%d" % (rel, line) for line in names_written(f.read(), names)]
    assert found == []
    assert names_written('"""spit"""\nGAMES = ("spit", "x")\ndef f(game="toy"):\n    "speed"\n', names) == [2, 3]
    for rel in NAMED_IN_TOOLS:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            assert names_written(f.read(), names), "%s names no game any more: its allowance goes" % rel


@pytest.mark.parametrize("size", [(160, 128), (240, 135), (240, 240)], ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_a_person_is_told_stays_on_the_screen(headless_app, registered, name, size):
    """Each refusal's words (ui/refusals.py's shared ones and the game's Words.REFUSALS), for the longest seat
    name, in the banner: all its lines on the screen. A banner of more lines than the room under it moves up
    (California's four lines at 160x128 ran off the bottom)."""
    from ui.app import TABLE
    from ui.refusals import _REFUSALS, refused

    hal, app = headless_app(*size, settings={"game": name, "mode": "2p"})
    app.start_game(hal.ticks_ms())
    assert app.screen == TABLE
    width, height = size
    for reason in list(_REFUSALS) + list(app.words.REFUSALS):
        for who in ("You", "CPU", "P2"):
            text = refused(who, reason, app.words)
            app.table.banner.set(text)
            x1, y1, x2, y2 = app.table.banner.area()
            assert 0 <= x1 and x2 <= width and 0 <= y1 and y2 <= height, (text, (x1, y1, x2, y2))


PREFIXES = (("OWN_PHASES", "PH_", "PHASES"), ("OWN_VERBS", "", "VERBS"), ("OWN_REASONS", "", "REASONS"),
            ("OWN_REPORTS", "R_", "REPORTS"))  # a file module's list, its constants' prefix, engine.names' table


def own_names(files):
    """{constant name: (engine.names' table, number, name)} of a game's own phases, verbs, reasons and reports, as its
    file module declares them (its OWN_* lists) and names them (PH_CALL, SPEED, JOKER_LAST, R_PENALTY)."""
    out = {}
    for own, prefix, table in PREFIXES:
        for entry in getattr(files, own, ()):
            name, number = entry[0], entry[1]
            constant = prefix + name.upper()
            assert getattr(files, constant, None) == number, (own, name, number)
            assert constant not in out, constant
            out[constant] = (table, number, name)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_its_own_verbs_reasons_reports_and_phases_come_from_its_folder(registered, name):
    """A game's own names and numbers are its file module's (OWN_PHASES, OWN_VERBS, OWN_REASONS, OWN_REPORTS):
    engine.names adds them to the shared ones with no clash, engine.actions holds none of them, and every private
    const of its folders named after one (``_SLAP = const(4)``, ``_R_PENALTY = const(14)``), or after a shared one,
    holds its number: nothing outside its folders is edited to add a game."""
    from engine import names as N

    files = replay.file_module(name)
    own = own_names(files)
    words = N.of(files)  # refuses a clash with the shared names
    for constant, (table, number, word) in own.items():
        assert not hasattr(A, constant), constant  # engine.actions keeps only what every game shares
        assert getattr(words, table)[number] == word, (constant, table, number)
    assert set(files.VERBS) <= {n for n, v in enumerate(words.VERBS) if v is not None}
    info = registered.get(name)
    folders = {os.path.dirname(module(getattr(info, role)).__file__) for role, _ in ROLES}
    folders.update(os.path.dirname(module(registered.ui(name, part)).__file__) for part, _ in PARTS)
    folders.add(os.path.dirname(files.__file__))
    checked = 0
    for folder in sorted(folders):
        for entry in sorted(os.listdir(folder)):
            if not entry.endswith(".py"):
                continue
            with open(os.path.join(folder, entry), encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in tree.body:
                if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                        and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const"):
                    constant = node.targets[0].id.lstrip("_")
                    number = node.value.args[0].value if isinstance(node.value.args[0], ast.Constant) else None
                    if constant in own:
                        assert number == own[constant][1], (entry, constant, number, own[constant])
                        checked += 1
                    elif constant in A.__dict__ and constant != "NONE" and constant[:1].isalpha():
                        assert number == A.__dict__[constant], (entry, constant, number)
    assert checked or not own  # its modules write its own numbers as private consts


@pytest.mark.parametrize("name", GAMES)
def test_its_view_names_the_one_button_of_each_of_its_own_verbs(registered, name):
    """A bot may put any of the game's own verbs in act.do(verb, a): the Driver presses the one button its View's
    ``button(verb, a)`` names (docs/games.md, 5), for every verb of OWN_VERBS and either side a."""
    files = replay.file_module(name)
    view = module(registered.get(name).CPU).View(0)
    for _, verb, _ in files.OWN_VERBS:
        for a in (0, 1):
            assert view.button(verb, a) in (UP, DOWN, LEFT, RIGHT), (verb, a)


def test_the_names_refuse_a_clash_with_the_shared_ones():
    """engine.names.of: a game's own verb, reason, report or phase may not take a shared one's number or name."""
    from engine import names as N

    class File:
        OWN_VERBS = (("jump", 8, 1),)
        OWN_REPORTS = (("jumped", 12),)

    words = N.of(File)
    assert words.VERBS[8] == "jump" and words.ARGC[8] == 1 and words.REPORTS[12] == "jumped"
    for table, clash in (("OWN_VERBS", (("jump", 1, 0),)), ("OWN_VERBS", (("play", 9, 2),)),
                         ("OWN_PHASES", (("over", 9),)), ("OWN_REASONS", (("snag", 0),)), ("OWN_REPORTS", (("x", 255),))):
        with pytest.raises(ValueError):
            N.Names(type("Bad", (), {table: clash}))


def test_nothing_shared_names_a_games_own_constant(registered):
    """The App, its reactions, the Driver, the lockout, the replay reader, the hal and the tools name no game's
    own verb, reason, report or phase (they ask the game: its Words.SOUNDS and REFUSALS, its View's ``button``,
    its Cluster's FUMBLES and FREE)."""
    import tokenize

    own = set()
    for name in GAMES:
        own.update(own_names(replay.file_module(name)))
    own -= set(A.__dict__)
    found = []
    for folder in SHARED:
        for entry in sorted(os.listdir(os.path.join(ROOT, folder))):
            if not entry.endswith(".py"):
                continue
            path = os.path.join(ROOT, folder, entry)
            with open(path, "rb") as f:
                for token in tokenize.tokenize(f.readline):
                    if token.type == tokenize.NAME and token.string.lstrip("_") in own:
                        found.append("%s/%s:%d %s" % (folder, entry, token.start[0], token.string))
    assert not found
