"""The soak of `make bench` (bench/soak.py) runs end to end, briefly, so that it cannot
rot: a real server process, a few devices with their streams open, every bot's game
tapped; and what goes wrong is reported with what the server said.

How fast and how much memory are `make bench`'s figures, never asserted here.
"""

from __future__ import annotations

import pytest

from bench import soak


@pytest.mark.timeout(180)  # ~10 s here: the taps worked out, a server, 4 s of taps
def test_a_short_soak_taps_every_bots_game_with_no_error(capsys, monkeypatch):
    monkeypatch.setattr(soak, "REPORT_EVERY", 1.0)  # its "minute" lines: one a second
    result = soak.measure(seconds=4, devices=3, pace=0.25)
    out = capsys.readouterr().out

    assert result.errors == [], out
    assert result.warm_up == 4  # a page each: 3 devices on 4 games, one device on two
    assert result.taps == 16
    # every bot answered: its warm-up tap and its turns (one tap in four)
    assert result.per_bot == {"covenant": 5, "solo_enemy": 5, "deacon": 5, "bandits": 5}
    assert result.rss_start > 0 and result.rss_end > 0
    assert len(result.rss_minutes) >= 3
    assert "    1 min: " in out and "    3 min: " in out
    assert "MB at the end" in out and "errors: none" in out


@pytest.mark.timeout(180)
def test_a_refused_tap_is_reported_with_what_the_server_said(capsys, monkeypatch):
    scripted = soak.script

    def a_step_behind(bot, options, count):  # every tap sent at a version already gone
        return [soak.Tap(t.game, t.version + 1, t.value) for t in scripted(bot, options, count)]

    monkeypatch.setattr(soak, "script", a_step_behind)
    result = soak.measure(seconds=1, devices=1, pace=0.5)
    out = capsys.readouterr().out

    assert result.per_bot == {}
    assert len(result.errors) == result.warm_up + result.taps == 6
    assert "device 1 on covenant game" in result.errors[0]
    assert "answered HTTP 409: " in result.errors[0]
    assert "Already resolved on another device" in result.errors[0]
    assert "6 errors:" in out


@pytest.mark.parametrize(("value", "seconds"), [("", 600), ("30", 30), (" 2.5 ", 2.5)])
def test_the_soak_lasts_as_long_as_it_is_told(monkeypatch, value, seconds):
    monkeypatch.setenv("BOTDECK_SOAK_SECONDS", value)
    assert soak.soak_seconds() == seconds


@pytest.mark.parametrize("value", ["ten", "0", "-5", "inf", "nan"])
def test_a_soak_length_that_is_not_a_duration_is_refused_in_words(monkeypatch, capsys, value):
    monkeypatch.setenv("BOTDECK_SOAK_SECONDS", value)
    result = soak.measure()
    assert result.taps == 0
    assert f"BOTDECK_SOAK_SECONDS must be a number of seconds above 0, not {value!r}" in (
        capsys.readouterr().out
    )


@pytest.mark.timeout(180)
def test_a_table_whose_game_ends_goes_on_with_the_next_one(capsys, monkeypatch):
    scripted = soak.script

    def short_games(bot, options, count):  # a game ends after 3 answers
        return scripted(bot, options, count, longest=3)

    monkeypatch.setattr(soak, "script", short_games)
    result = soak.measure(seconds=4, devices=4, pace=0.25)
    out = capsys.readouterr().out

    assert result.errors == [], out
    # 5 answers on each bot: 3 on its first game, 2 on the next (its pages opened anew)
    assert result.per_bot == {"covenant": 5, "solo_enemy": 5, "deacon": 5, "bandits": 5}
