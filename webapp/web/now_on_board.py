"""What the table must do on the board because of its last tap ("Now on the board").

A tap resolves the step answered and then the automatic steps that follow it, up to the
step waiting now (`Game.since_last_tap`). What they did or decided is said in their
notes, and the places of the board those notes name are lit on the board, as the
question's spaces are. All of it is worked out from the game, never from who tapped: a
reload, another device and a live update show the same box.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game, Msg, Step


@dataclass(frozen=True)
class NowLine:
    """What one step did: an automatic step's line (`lead`: what Botdeck did by itself,
    "It gains 2 coins"), then its notes; the step answered has its notes alone."""

    lead: Msg | None
    notes: tuple[Msg, ...]


@dataclass(frozen=True)
class NowOnBoard:
    lines: tuple[NowLine, ...]
    #: the places of the bot's board the lines name, as its SPACE questions name them
    places: tuple[str, ...]


NOTHING = NowOnBoard((), ())


def _line(game: Game, step: Step) -> NowLine | None:
    notes = tuple(step.notes)
    kind = game.bot.step_types.get(step.kind)
    if kind is None or not kind.automatic:  # the step answered: its line was the question
        return NowLine(None, notes) if notes else None
    if notes or kind.board_line:  # what Botdeck did by itself: its line says what
        return NowLine(game.step_title(step), notes)
    return None  # a check that found nothing to say


def now_on_board(game: Game) -> NowOnBoard:
    """The lines and places of the steps the last tap resolved (at the start of a game:
    of the setup Botdeck did by itself). Nothing once the game is over: the score sheet
    is what the table reads then."""
    if game.over:
        return NOTHING
    steps = game.since_last_tap()
    lines = tuple(line for line in (_line(game, step) for step in steps) if line is not None)
    places = tuple(dict.fromkeys(place for step in steps for place in step.places))
    return NowOnBoard(lines, places)
