"""The App's action log (engine.actionlog): 6 bytes an action, read back as the replay's tuples (C-5)."""

from engine.actionlog import ActionLog


def test_entries_come_back_as_written_through_growth():
    log = ActionLog(capacity=2)
    entries = [(0, 0, 0, 0, 0), (1, 1, 1, 4, 1), (2 ** 32 - 1, 3, 5, 15, 15), (86400000, 2, 3, 4, 0)]
    for e in entries:
        log.append(*e)
    assert len(log) == 4 and list(log) == entries
    assert log[0] == entries[0] and log[-1] == entries[-1] and log[1:3] == entries[1:3]
    assert log == entries and log[4:] == []


def test_clear_keeps_the_buffer_and_forgets_the_actions():
    log = ActionLog(capacity=4)
    buf = log.buf
    log.append(5, 1, 2, 3, 0)
    log.clear()
    assert len(log) == 0 and log == [] and log.buf is buf


def test_an_index_past_the_end_is_an_index_error():
    log = ActionLog()
    log.append(1, 0, 0, 0, 0)
    for k in (1, -2):
        try:
            log[k]
        except IndexError:
            continue
        raise AssertionError("log[%d] did not raise" % k)


def test_a_board_keeps_no_log_and_the_desktop_does(headless_app):
    """ui.app: a hal with keep_log False (every board) keeps none, so nothing grows in a long game."""
    from boardsim import board_modules
    from ui.app import App

    hal, app = headless_app()
    assert app.log is not None and len(app.log) == 0
    hal.keep_log = False
    assert App(hal, settings={}).log is None
    with board_modules():
        from hal.device import BoardHal

        assert BoardHal.keep_log is False
