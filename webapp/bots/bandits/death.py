"""A character's death, whenever the table says so: by day from the map (a tile's
menu), in a battle's Pain, or at the night's end check.

Rules, "Winning, Losing and Scoring", "Character death": "If a players hand EVER has as
many danger cards as their hand limit that character dies and is out." Co-op: "If any
player dies ... the whole team lose"; versus: the character is out and the others play
on. A death is asked to be confirmed first: a mis-tap must not kill a character.
"""

from __future__ import annotations

from ...engine import Choice, Context, Msg, msg
from ...engine.questions import choice
from .state import VERSUS, BanditsState


def death_said(state: BanditsState, character: int) -> Msg:
    """What the death does, said before it is confirmed (and noted once it is)."""
    name = state.names[character]
    if state.mode == VERSUS:
        return msg(
            "{name} dies and is out: the meeple leaves the map and {name} plays no more.",
            name=name,
        )
    return msg("{name} dies and is out.", name=name)


def death_choice(state: BanditsState, character: int, value: str) -> Choice:
    """The answer "X's hand is full: X dies", confirmed before it is taken."""
    name = state.names[character]
    return choice(
        value,
        msg("{name}'s hand is full: {name} dies", name=name),
        confirm=death_said(state, character),
    )


def dies(state: BanditsState, character: int, ctx: Context) -> None:
    """The character is out: no longer on the map, in a battle, in the night's attacks,
    nor stopping a group from moving (`BanditsState.living`). Whether the game ends is
    the bot's `after_change` (turn.end_if_decided)."""
    state.dead[character] = True
    ctx.note(death_said(state, character))
