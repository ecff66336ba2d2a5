"""The names of engine.actions' numbers: phases, buttons, verbs and their argument counts, refusal
reasons and reports, for replay files, traces and tools (a board playing a game never loads them)."""

PHASES = ("ready", "play", "slap", "choose", "over", "call")

BUTTONS = ("up", "down", "left", "right")

VERBS = ("ready", "play", "flip", "move", "slap", "choose", "speed", "cover")

ARGC = (0, 2, 1, 2, 1, 1, 0, 2)  # how many arguments each verb takes

REASONS = (
    "ok",
    "bad_player",
    "wrong_phase",
    "bad_slot",
    "bad_pile",
    "empty_slot",
    "face_down",
    "no_pile",
    "not_adjacent",
    "same_colour",
    "already_up",
    "slot_taken",
    "already_ready",
    "not_chooser",
    "bad_verb",
    "joker_last",
    "no_match",
)

REPORTS = (
    "ready",
    "spit",
    "land",
    "flip",
    "move",
    "stalemate",
    "round_over",
    "slap",
    "take",
    "deal",
    "game_over",
    "score",
    "out",
    "speed",
    "penalty",
    "rebuild",
    "match_over",
    "cover",
    "open",
    "pickup",
)
