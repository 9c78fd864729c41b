"""Setup, in the rulebook's order ("Board Setup" 1–11, "Player Setup" 1–5): the score
board as printed (entered once, kept), the six start tiles entered in one form (an
older game: one at a time), the face-down tiles, the meeples."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine import Context, InvalidAnswer, Msg, Step, TypedParams, msg, nmsg, together
from ...engine.questions import Field, Question, choice, confirm, fields
from ...engine.refusals import Problem, refuse_all
from . import kinds
from .land import MEEPLE_START, START_DOWN, START_UP, start_map
from .state import COOP, SOLO, TILE_TYPES, VERSUS, BanditsState, Cell, ScoreBoard, Tile
from .stepkit import STEP_TYPES, BanditsStep, Reminder, TileParams, cell_of, new, tile_name

SECTIONS = 6  # section rows offered on the score board form
TRACK_LONGEST = 200
SCORE_BOARD = {"part": "score_board"}  # the draft its answer is kept under


def setup_steps(state: BanditsState) -> list[Step]:
    """ "Board Setup", in its order. A new game lists the steps done at the table with
    nothing to tell Botdeck together, and asks the six start tiles in one form."""
    if state.setup_together:
        return [
            new(kinds.MISSION),
            new(kinds.SCORE_BOARD),
            *together(new(kinds.PLACE_BOARD), new(kinds.CARDS_SETUP)),
            new(kinds.START_TILES),
            *together(
                new(kinds.FACE_DOWN),
                new(kinds.MEEPLES),
                new(kinds.DICE_SETUP),
                new(kinds.PLAYERS_SETUP),
            ),
        ]
    return [
        new(kinds.MISSION),
        new(kinds.SCORE_BOARD),
        new(kinds.PLACE_BOARD),
        new(kinds.CARDS_SETUP),
        *(new(kinds.START_TILE, cell=f"{c},{r}") for c, r in START_UP),
        new(kinds.FACE_DOWN),
        new(kinds.MEEPLES),
        new(kinds.DICE_SETUP),
        new(kinds.PLAYERS_SETUP),
    ]


@STEP_TYPES.register(kinds.MISSION)
class Mission(BanditsStep):
    """ "Board Setup": "Choose a Mission Card appropriate for your group"."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return {
            COOP: msg("Choose a Co-op Mission Card and follow the setup on its back"),
            SOLO: msg("Choose a Co-op Mission Card for your two characters"),
            VERSUS: msg("Choose a Versus Mission Card and follow the setup on its back"),
        }[state.mode]

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        if state.mode == VERSUS:
            return msg('A first Versus game: "Discovery".')
        return msg('A first Co-op game: "Speed of the Slowest".')

    def question(self, state: BanditsState, step: Step) -> Question:
        return confirm()

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        start_map(state)


def section_fields() -> list[Field]:
    """The sections' rows of the form: each its first space (the first section starts
    on the 0 space) and its red star."""
    rows: list[Field] = []
    for n in range(1, SECTIONS + 1):
        # Rules, "Board Setup" 3: the Bandit Tracker starts on the red '0'
        row = msg("Section {n}", n=n) if n > 1 else msg("Section 1, from 0")
        if n > 1:
            rows.append(
                Field(
                    f"start_{n}",
                    msg("Section {n} starts at space", n=n),
                    "number",
                    minimum=1,
                    maximum=TRACK_LONGEST,
                    required=False,
                    row=row,
                    column=msg("Starts at space"),
                )
            )
        rows.append(
            Field(
                f"stars_{n}",
                msg("Red star of section {n}", n=n),
                "number",
                minimum=0,
                maximum=20,
                required=n == 1,
                row=row,
                column=msg("Red star"),
            )
        )
    return rows


def read_score_board(value: dict[str, Any]) -> ScoreBoard:
    """The form's sections in track order (a section left blank is skipped, as a game
    saved before `check_score_board` refused it reads), or InvalidAnswer."""
    sections = [[0, int(value["stars_1"])]]
    for n in range(2, SECTIONS + 1):
        start, stars = value.get(f"start_{n}"), value.get(f"stars_{n}")
        if start is None and stars is None:
            continue
        if start is None or stars is None:
            raise InvalidAnswer(msg("section {n} needs both its first space and its red star", n=n))
        if start <= sections[-1][0]:
            raise InvalidAnswer(
                msg("section {n} must start after section {count}", n=n, count=len(sections))
            )
        sections.append([int(start), int(stars)])
    return ScoreBoard(int(value["score_end"]), int(value["bandit_end"]), sections)


def check_score_board(value: dict[str, Any]) -> dict[str, Any]:
    """The Score Board as the form read it (each field a number in its range), checked
    like printed cardboard; FieldsRefused names every field that is wrong.

    Rules, "Night Phase" 7: the Bandit die is rolled "as many times as are indicated in
    the red star in the same section as the furthest forward player or bandit tracker
    on the scoreboard" — sections follow each other up the track, each with its first
    space and its red star, and one that starts past both tracks' ends ("Winning": the
    game ends on reaching the end of the score track, or the bandits theirs) is never
    reached. A board whose every red star is 0 would never bring a bandit."""
    problems: list[Problem] = []
    longest = max(value["score_end"], value["bandit_end"])
    previous, blank_since = (1, 0), None  # the section before: its number, its first space
    for n in range(2, SECTIONS + 1):
        start, stars = value.get(f"start_{n}"), value.get(f"stars_{n}")
        if start is None and stars is None:
            blank_since = blank_since or n
            continue
        if start is None or stars is None:
            missing = f"start_{n}" if start is None else f"stars_{n}"
            problems.append(
                Problem(missing, msg("Section {n} needs its first space and its red star.", n=n))
            )
            continue
        if blank_since is not None:
            problems.append(
                Problem(
                    f"start_{n}",
                    msg(
                        "Section {blank} is blank: fill the sections in order, first to last.",
                        blank=blank_since,
                    ),
                )
            )
        elif start <= previous[1]:
            problems.append(
                Problem(
                    f"start_{n}",
                    msg(
                        "After section {section}, which starts at space {space}.",
                        section=previous[0],
                        space=previous[1],
                    ),
                )
            )
        elif start > longest:
            problems.append(
                Problem(
                    f"start_{n}",
                    msg("Past both tracks' last spaces ({end}): never reached.", end=longest),
                )
            )
        previous = (n, start)
    if not any(value.get(f"stars_{n}") for n in range(1, SECTIONS + 1)):
        problems.append(
            Problem(
                "stars_1",
                msg("Every red star is 0: no bandit would ever appear. Type each section's star."),
            )
        )
    refuse_all(problems)
    return value


def score_board_question() -> Question:
    """The form of the Score Board as printed, in a game and on the copy page."""
    return fields(
        msg("The Score Board"),
        Field(
            "score_end",
            msg("Last space of the score track"),
            "number",
            minimum=1,
            maximum=TRACK_LONGEST,
        ),
        Field(
            "bandit_end",
            msg("Last space of the Bandit track"),
            "number",
            minimum=1,
            maximum=TRACK_LONGEST,
        ),
        *section_fields(),
        submit=msg("Save the Score Board"),
        describe=describe_board,
        draft=SCORE_BOARD,
        check=check_score_board,
    )


@STEP_TYPES.register(kinds.SCORE_BOARD)
class ScoreBoardStep(BanditsStep):
    """ "Board Setup" 1: "Choose a Score Board from the options on the Mission Card";
    night phase 7 reads its sections' red stars, and both tracks' ends end the game."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Choose a Score Board: what does it print?")

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg(
            "Entered once: Botdeck offers it again next game. A section runs from its "
            "first space to the next section's; its red star says how many times the "
            "Bandit die is rolled at night."
        )

    def question(self, state: BanditsState, step: Step) -> Question:
        return score_board_question()

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        state.board = read_score_board(value)


def describe_board(value: dict[str, Any]) -> Msg:
    try:
        board = read_score_board(value)
    except InvalidAnswer:
        return msg("entered")
    return nmsg(
        "score track to {end}, {n} section",
        "score track to {end}, {n} sections",
        len(board.sections),
        end=board.score_end,
    )


@STEP_TYPES.register(kinds.PLACE_BOARD)
class PlaceBoard(Reminder):
    """ "Board Setup" 1–3."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        if state.mode == VERSUS:
            return msg(
                "Score Board east of the play area; a meeple for each player and a "
                "bandit on its 0 spaces"
            )
        return msg(
            "Score Board east of the play area; one shared meeple and a bandit on its 0 spaces"
        )

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg(
            "Choose a direction as West, with room to grow that way. The bandit on the "
            "red 0 is the Bandit Tracker."
        )


@STEP_TYPES.register(kinds.CARDS_SETUP)
class CardsSetup(Reminder):
    """ "Board Setup" 4–5."""

    text = msg("Deal 5 Trade Row cards; Pain and Exhaustion piles face down by their symbols")
    rule = msg(
        "Shuffle the Trade Row and deal 5 across the top of the Score Board, the rest "
        "as its draw pile. Shuffle the Pain and Exhaustion cards separately."
    )


@STEP_TYPES.register(kinds.START_TILE)
class StartTile(BanditsStep, TypedParams[TileParams]):
    """ "Board Setup" 6: six tiles dealt face up in a 2×3 grid; the table says what
    each shows (a tile dealt face up is not revealed: its camp adds no bandit)."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg(
            "Deal a start tile face up at {tile}: what is on it?",
            tile=tile_name(cell_of(self.params(step))),
        )

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg("Six tiles face up, 2 west–east by 3 north–south.")

    def question(self, state: BanditsState, step: Step) -> Question:
        return tile_form(None)

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        state.tiles[cell_of(self.params(step))] = Tile(
            up=True, type=value["type"], star=value["star"], camp=value["camp"]
        )


@STEP_TYPES.register(kinds.START_TILES)
class StartTiles(BanditsStep):
    """ "Board Setup" 6, as one form: the six start tiles dealt face up, what each shows
    (dealt face up, not revealed: a camp on one adds no bandit)."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Deal the six start tiles face up: what is on each?")

    def lit(self, state: BanditsState, step: Step) -> list[Cell]:
        return list(START_UP)  # each named on the map as its row of the form

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        return msg("2 west–east by 3 north–south, around the start. Type each tile's row.")

    def question(self, state: BanditsState, step: Step) -> Question:
        placed = [
            replace(
                one,
                name=f"{start_key(n)}_{one.name}",
                label=msg("{tile}: {field}", tile=tile_name(cell), field=one.label),
                row=tile_name(cell),
                column=COLUMNS[one.name],
            )
            for n, cell in enumerate(START_UP)
            for one in tile_fields(None)
        ]
        return fields(
            msg("The six start tiles"),
            *placed,
            submit=msg("Save the six tiles"),
            describe=lambda value: msg("Six tiles face up"),
        )

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        for n, cell in enumerate(START_UP):
            key = start_key(n)
            state.tiles[cell] = Tile(
                up=True,
                type=value[f"{key}_type"],
                star=value[f"{key}_star"],
                camp=value[f"{key}_camp"],
            )


# the start tiles' form: a row a tile, a column each of what the rules read
COLUMNS = {"type": msg("Type"), "star": msg("Red star"), "camp": msg("Bandit Camp")}


def start_key(n: int) -> str:
    """The fields of the `n`th start tile (from 0, in START_UP's order): `s1_type`…"""
    return f"s{n + 1}"


TYPE_NAMES = {
    "water": msg("Water"),
    "river": msg("River"),
    "mountain": msg("Mountain"),
    "other": msg("Other land"),
}


def tile_fields(tile: Tile | None, *, type_required: bool = True) -> tuple[Field, ...]:
    """What a face-up tile shows that the rules read: its type, red star and camp."""
    return (
        Field(
            "type",
            msg("Type"),
            "choice",
            choices=tuple(choice(t, TYPE_NAMES[t]) for t in TILE_TYPES),
            required=type_required,
            default=None if tile is None else tile.type,
        ),
        Field(
            "star",
            msg("Red-star number (blank: none)"),
            "number",
            minimum=1,
            maximum=20,
            required=False,
            default=None if tile is None else tile.star,
        ),
        Field("camp", msg("A Bandit Camp"), "yesno", default=False if tile is None else tile.camp),
    )


def tile_form(submit: Msg | None, *extra: Any) -> Question:
    return fields(
        msg("What does the tile show?"),
        *tile_fields(None),
        submit=submit,
        choices=tuple(extra),
        describe=describe_tile,
    )


def describe_tile(value: dict[str, Any]) -> Msg:
    kind = TYPE_NAMES.get(str(value.get("type")), msg("entered"))
    star = value.get("star")
    if star is None and not value.get("camp"):
        return msg("{type}, no red star", type=kind)
    if star is None:
        return msg("{type}, no red star, a Bandit Camp", type=kind)
    if value.get("camp"):
        return msg("{type}, red star {star}, a Bandit Camp", type=kind, star=star)
    return msg("{type}, red star {star}", type=kind, star=star)


@STEP_TYPES.register(kinds.FACE_DOWN)
class FaceDown(Reminder):
    """ "Board Setup" 7 and 9."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return nmsg(
            "Deal 7 tiles face down to the North, West and South; {n} tile left in the pile",
            "Deal 7 tiles face down to the North, West and South; {n} tiles left in the pile",
            state.pile,
        )

    def lit(self, state: BanditsState, step: Step) -> list[tuple[int, int]]:
        return list(START_DOWN)


@STEP_TYPES.register(kinds.MEEPLES)
class Meeples(Reminder):
    """ "Board Setup" 8: "Add a Meeple for each player to the Eastmost Central tile.
    (Even if it's Water)"."""

    text = msg("Every character's meeple on the eastmost central tile, even if it is water")

    def lit(self, state: BanditsState, step: Step) -> list[tuple[int, int]]:
        return [MEEPLE_START]

    def resolve(self, state: BanditsState, step: Step, value: Any, ctx: Context) -> None:
        state.meeples = [MEEPLE_START for _ in state.names]


@STEP_TYPES.register(kinds.DICE_SETUP)
class DiceSetup(Reminder):
    """ "Board Setup" 11."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg(
            "The d{sides} Bandit die and the Compass die by the Score Board's compass",
            sides=state.die,
        )

    rule = msg("Botdeck rolls them every night; roll your own and enter them if you prefer.")


@STEP_TYPES.register(kinds.PLAYERS_SETUP)
class PlayersSetup(Reminder):
    """ "Player Setup" 1–5."""

    def title(self, state: BanditsState, step: Step) -> Msg:
        return msg("Character cards, their Resources and shuffled Starter cards")

    def detail(self, state: BanditsState, step: Step) -> Msg | None:
        if state.mode == VERSUS:
            return msg("Leave room for a discard pile; give one player the P1 marker.")
        return msg("Leave room for a discard pile beside each Character card.")
