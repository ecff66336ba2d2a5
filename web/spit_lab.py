"""The bot lab's Python (lab.html, web/lab-worker.js): a tournament of the user's bot, as tools/tournament.py plays it.

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
