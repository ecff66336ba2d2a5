"""The bot lab's Python (lab.html, web/lab-worker.js): a tournament of the user's bot, as tools/tournament.py plays it,
and a league of several bots, as tools/league.py plays it (``league``).

``run`` writes the editor's text to ``mybot.py`` (so the bot's label is
``mybot``, as on the command line), plays every pair of the bots
``games`` games each with tools/tournament.py's own functions and returns
its table, word for word what ``tools/tournament.py --game GAME --bots
mybot.py,... --games N --seed S`` prints for that file. A bot that fails to
load or to play is tournament.py's one line. It runs in a Web Worker, so the
page stays responsive; a bot that never returns is stopped by the page
(web/lab.js ends the worker after its time limit).
"""

import json
import os
import sys
import time

FOLDER = "/lab"
FILE = "mybot.py"


def run(code, game, bots, games, seed, progress=None, started=None):
    """Play the tournament of mybot.py (code) against bots (a comma-separated list of the game's roster names).

    Returns JSON text: {"table": the results table or null, "error": one line or null,
    "games": games played, "seconds": the time they took}.
    """
    import tournament
    from engine.replay import file_module

    os.makedirs(FOLDER, exist_ok=True)
    os.chdir(FOLDER)  # the file is named as on the command line: mybot.py, its bot mybot
    with open(FILE, "w", encoding="utf-8") as f:
        f.write(str(code))
    for name in list(tournament.sys.modules):
        if name.startswith("bot_"):
            del tournament.sys.modules[name]  # the last run's bot
    specs = [FILE] + [b.strip() for b in str(bots).split(",") if b.strip()]
    games = int(games)
    seed = int(seed)
    out = {"table": None, "error": None, "games": 0, "seconds": 0.0}
    if len(specs) < 2:
        out["error"] = "tournament: name at least two bots"
        return json.dumps(out)
    if not 1 <= games <= 10000 or not 0 <= seed <= tournament.SEEDS - (games - 1) // 2:
        out["error"] = "tournament: games from 1 to 10000 and a seed from 0 to %d" % tournament.SEEDS
        return json.dumps(out)
    options = file_module(game).options({})
    tournament.CHUNK = 1  # a progress report after every game (the totals are the same for any chunk)
    begun = time.time()
    try:
        entrants = [tournament.Entrant(s, game) for s in specs]
        if started is not None:
            started()
        results = tournament.run(specs, games, seed, options, 1, progress, moves=True, game=game)
    except tournament.BotError as e:
        out["error"] = "tournament: %s" % e
        return json.dumps(out)
    out["seconds"] = time.time() - begun
    out["games"] = sum(r["games"] for r in results)
    out["table"] = tournament.table(specs, [e.label for e in entrants], [e.speed for e in entrants], results,
                                    games, seed)
    return json.dumps(out)


LEAGUE = "/lab/league"
MOST_BOTS = 40  # bot files a league takes (a class)


def league(files, game, levels, games, seed, progress=None, started=None, folder=LEAGUE):
    """Play the league of the bot files (JSON text: [{"name": "ada.py", "code": "..."}]) and the levels (a
    comma-separated list of roster names), as ``tools/league.py FOLDER --levels ... --games N --seed S`` does.

    Every bot plays in this worker's Python (a browser gives Python no other process: the page is the
    student's own, so there is nobody to keep out); a bot that raises or answers nonsense loses that game, as
    in the command. Returns JSON text: {"table": the command's table or null, "page": its HTML page,
    "faults": the command's lines for the games lost by a fault, "error": one line or null, "games",
    "seconds"}.
    """
    import league as command
    from engine.replay import file_module

    out = {"table": None, "page": None, "faults": [], "error": None, "games": 0, "seconds": 0.0}
    try:
        items = json.loads(str(files))
        if not isinstance(items, list) or len(items) > MOST_BOTS:
            raise ValueError("at most %d bot files" % MOST_BOTS)
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))  # the last league's files
        for item in items:
            name = os.path.basename(str(item.get("name", "")))
            stem = name[:-3]
            if not name.endswith(".py") or not stem or len(stem) > 40 or not all(
                    c.isascii() and (c.isalnum() or c in "_-") for c in stem):
                raise ValueError("%.60r: a bot file's name is letters, digits, _ or - and .py" % name)
            with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                f.write(str(item.get("code", "")))
        games, seed = int(games), int(seed)
        if not 1 <= games <= 10000 or not 0 <= seed <= command.SEEDS - (games - 1) // 2:
            raise ValueError("games from 1 to 10000 and a seed from 0 to %d" % command.SEEDS)
        entrants = command.entrants_of(folder, [b.strip() for b in str(levels).split(",") if b.strip()], game)
    except (ValueError, OSError, AttributeError) as e:
        out["error"] = "league: %s" % e
        return json.dumps(out)
    for name in list(sys.modules):
        if name.startswith("bot_"):
            del sys.modules[name]  # the last run's bots
    options = file_module(game).options({})
    if started is not None:
        started()
    begun = time.time()
    rows = command.run(game, options, entrants, games, seed, here=True, chunk=1,
                       progress=(lambda done, total, part: progress(done, total)) if progress else None)
    out["seconds"] = time.time() - begun
    out["games"] = len(rows)
    order, h2h = command.standings(entrants, rows)
    title, note = command.heading(game, entrants, games, seed, rows)
    out["table"] = command.text_table(title, note, order)
    out["page"] = command.page(title, order, h2h, note)
    out["faults"] = ["league: " + line for line in command.fault_lines(game, [e[1] for e in entrants], rows)]
    return json.dumps(out)
