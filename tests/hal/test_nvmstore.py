"""Settings and statistics in nvm (hal/nvmstore.py): a bytearray stands in for microcontroller.nvm."""

import pytest

from hal import nvmstore
from hal.nvmstore import Store

SETTINGS = {"game": "spit", "mode": "2p", "stocks": 5, "scoring": False, "alternate_colours": False,
            "choose_pile": False, "auto_flip": False, "sound": True}


def state(store):
    return store.settings, store.table()


def test_blank_memory_means_defaults():
    for fill in (0x00, 0xFF):
        store = Store(bytearray([fill]) * 256)
        assert store.settings == {} and store.table() == {} and store.current == -1


def test_settings_round_trip_through_the_memory():
    nvm = bytearray(256)
    assert Store(nvm).save_settings(SETTINGS)
    assert Store(nvm).settings == SETTINGS


def test_every_value_kind_round_trips():
    nvm = bytearray(256)
    odd = {"level": 3, "bot": "adaptive", "cpu_ms": -700, "seed": 123456789, "neg": -5,
           "name": "Zoë", "none": None, "on": True, "off": False, "wide": 40000}
    assert Store(nvm).save_settings(odd)
    assert Store(nvm).settings == odd


def test_writes_alternate_between_the_two_slots():
    nvm = bytearray(256)
    store = Store(nvm)
    slots = []
    for stocks in (5, 4, 5, 4):
        store.save_settings(dict(SETTINGS, stocks=stocks))
        slots.append(store.current)
    assert slots == [0, 1, 0, 1]
    assert Store(nvm).settings["stocks"] == 4


def test_the_newer_record_wins_across_the_sequence_wrap():
    nvm = bytearray(256)
    store = Store(nvm)
    store.seq = 0xFFFE  # as if 65534 saves had been made
    store.save_settings(dict(SETTINGS, stocks=4))  # seq 0xFFFF
    store.save_settings(dict(SETTINGS, stocks=5))  # seq 0 (wrapped): still the newer one
    again = Store(nvm)
    assert again.seq == 0 and again.settings["stocks"] == 5


@pytest.mark.parametrize("model", ["overwrite", "erase-then-write"])
def test_a_write_cut_off_at_any_byte_loses_at_most_that_write(model):
    """Power lost after k bytes of the new record: the memory reads as before, or (k = all) as after."""
    nvm = bytearray(256)
    store = Store(nvm)
    store.save_settings(SETTINGS)
    store.record_game("spit", "cpu", 3, True, 95000)
    store.save_settings(dict(SETTINGS, stocks=4))  # both slots now hold records
    before = (dict(store.settings), store.table())
    image = bytes(nvm)
    # the next save, written in full into a copy, to see which bytes change and how
    full = bytearray(image)
    writer = Store(full)
    assert writer.record_game("spit", "2p", 0, False, 30000)
    after = (dict(writer.settings), writer.table())
    start = writer.current * writer.slot
    length = next(i for i in range(writer.slot, 0, -1) if full[start + i - 1] != image[start + i - 1])
    for k in range(length + 1):
        torn = bytearray(image)
        if model == "erase-then-write":
            torn[start:start + writer.slot] = b"\xff" * writer.slot  # the slot erased, then programmed
        torn[start:start + k] = full[start:start + k]
        got = state(Store(torn))
        assert got == (before if k < length else after), k
    assert before != after


def test_a_corrupt_byte_anywhere_in_one_slot_falls_back_to_the_other():
    nvm = bytearray(256)
    store = Store(nvm)
    store.save_settings(SETTINGS)
    older = dict(store.settings)
    store.save_settings(dict(SETTINGS, sound=False))  # slot 1 now newest
    end = store.slot + nvmstore.HEADER + nvm[store.slot + 4] + 2  # the record and its checksum
    for i in range(store.slot, end):
        bad = bytearray(nvm)
        bad[i] ^= 0x5A
        assert Store(bad).settings == older, i


def test_both_slots_corrupt_or_another_version_means_defaults():
    nvm = bytearray(256)
    store = Store(nvm)
    store.save_settings(SETTINGS)
    store.save_settings(SETTINGS)
    bad = bytearray(nvm)
    bad[10] ^= 1
    bad[store.slot + 10] ^= 1
    assert Store(bad).settings == {}
    other = bytearray(nvm)
    other[1] = other[store.slot + 1] = nvmstore.VERSION + 1
    assert Store(other).settings == {}


def test_statistics_count_games_wins_and_the_fastest_win():
    nvm = bytearray(256)
    store = Store(nvm)
    store.record_game("spit", "cpu", 2, False, 61000)
    store.record_game("spit", "cpu", 2, True, 95040)
    store.record_game("spit", "cpu", 2, True, 83470)
    store.record_game("spit", "cpu", 2, True, 120000)  # slower: not the best
    store.record_game("spit", "cpu", 4, False, 50000)  # a loss is never a best time
    store.record_game("spit", "2p", 0, True, 70000)
    table = Store(nvm).table()
    assert table == {("spit", "cpu", 2): (4, 3, 83500), ("spit", "cpu", 4): (1, 0, None), ("spit", "2p", 0): (1, 1, 70000)}


def test_statistics_and_settings_are_kept_together():
    nvm = bytearray(256)
    store = Store(nvm)
    store.save_settings(SETTINGS)
    store.record_game("spit", "cpu", 1, True, 40000)
    store.save_settings(dict(SETTINGS, scoring=True))
    again = Store(nvm)
    assert again.settings["scoring"] is True
    assert again.table() == {("spit", "cpu", 1): (1, 1, 40000)}


def test_a_pybadge_record_holds_the_settings_and_ten_statistics_of_two_games():
    """256 bytes of nvm: two slots of 128, each holding the whole record."""
    nvm = bytearray(256)
    store = Store(nvm)
    assert store.slot == 128
    assert store.save_settings(dict(SETTINGS, mode="cpu", level=3))
    for level in range(1, 5):  # each entry names its game too: a byte more than before Speed
        assert store.record_game("spit", "cpu", level, True, 100000 + level)
        assert store.record_game("speed", "1p", level, False, 1)
    assert store.record_game("spit", "2p", 0, True, 64000)
    assert store.record_game("speed", "2p", 0, False, 64000)
    assert len(Store(nvm).table()) == 10


def test_a_record_that_does_not_fit_is_refused_and_the_old_one_kept():
    nvm = bytearray(256)
    store = Store(nvm)
    store.save_settings(SETTINGS)
    assert not store.save_settings(dict(SETTINGS, note="x" * 200))
    assert not store.save_settings(dict(SETTINGS, ratio=0.5))  # a float: not a value the record holds
    assert Store(nvm).settings == SETTINGS


def test_counts_stop_at_the_largest_u16():
    store = Store(bytearray(256))
    store.stats[("spit", "cpu", 1)] = [0xFFFF, 0xFFFF, 0]
    store.record_game("spit", "cpu", 1, True, 10 ** 9)
    assert store.table()[("spit", "cpu", 1)] == (0xFFFF, 0xFFFF, 0xFFFF * 100)
    with pytest.raises(ValueError):
        store.record_game("spit", "cpu", 256, True, 1)


def test_a_large_nvm_uses_bigger_slots_up_to_the_limit():
    store = Store(bytearray(4096))  # a Pico's
    assert store.slot == nvmstore.SLOT_MAX
    assert store.save_settings(dict(SETTINGS, note="x" * 200))
    with pytest.raises(ValueError):
        Store(bytearray(8))


def test_unchanged_settings_are_not_written_again():
    nvm = bytearray(256)
    store = Store(nvm)
    assert store.save_settings(SETTINGS)
    image = bytes(nvm)
    assert store.save_settings(dict(SETTINGS))
    assert bytes(nvm) == image and store.seq == 1
