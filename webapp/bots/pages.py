"""The web side of a bot, declared: what the pages show of it, and from which templates.

A bot package holds its rules (an engine `Bot`, registered with the engine) and, in its
`pages` module, one `BotPages` named `PAGES`. The web layer's plug-in loader reads it
(`webapp/web/plugins.py`); a bot never imports the web layer, it only declares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from ..engine import Msg, nmsg

View = TypeVar("View")
#: the regions of a bot that plays cards: all of them, or none
CARD_REGIONS = ("card", "entry", "library_card", "library_deck")


class FormFields(Protocol):
    """The lobby's start-a-game form, as the web layer hands it to a bot's hook."""

    def get(self, key: str) -> str | None: ...

    def getlist(self, key: str) -> list[str]: ...


@dataclass(frozen=True, kw_only=True)
class Templates:
    """The template that draws each region of the pages a bot appears on."""

    #: the game page: the table as the bot sees it
    board: str
    #: the game page: the bot's counters (the panel under which counters are corrected)
    state: str
    #: the lobby: the bot's own fields of the start-a-game form
    options: str | None = None
    #: the game page: what a step type's `view(state, step)` adds under the step
    extras: str | None = None
    #: the game page: the card drawn
    card: str | None = None
    #: the quick-entry editor of a printed card part (a game's ENTRY question, a library card)
    entry: str | None = None
    #: the card library: one card of a deck
    library_card: str | None = None
    #: the card library: a deck's cards and how complete each is
    library_deck: str | None = None

    def __post_init__(self) -> None:
        declared = [region for region in CARD_REGIONS if getattr(self, region) is not None]
        if declared and len(declared) < len(CARD_REGIONS):
            missing = [region for region in CARD_REGIONS if region not in declared]
            # internal: a bot's pages declared wrong, at start-up
            raise ValueError(f"a bot with cards declares every card region: {missing} missing")

    @property
    def cards(self) -> bool:
        """Whether the pages show cards: a card region, deck fields, a card library."""
        return self.card is not None


@dataclass(frozen=True, kw_only=True)
class EntryEditor:
    """The quick-entry editor: its first draft, what one tap does, what it shows.

    The web layer gives the editor's template the draft as `draft` and the address the
    finished entry is posted to as `save_url`; the draft itself never holds an address.
    """

    #: `(draft of the ENTRY question or library card, kept)` → the editor's first draft;
    #: `kept`: what the table entered last time under the same `CopyParts.kept_key`, if any
    start: Callable[[Any, Any], dict[str, Any]]
    #: one tap, `(draft, the tap's form fields)` → the new draft, ValueError if it cannot
    #: be; None: the editor is one form, sent whole to `save_url`
    edit: Callable[[Any, dict[str, str]], dict[str, Any]] | None = None
    #: what the template shows of a draft (ValueError etc. for a draft that is not one)
    view: Callable[[dict[str, Any]], Mapping[str, Any]] | None = None


@dataclass(frozen=True, kw_only=True)
class BoardEditor:
    """The tap editor of a board of the players' own (a bot with `Bot.board`).

    The board itself is stored: each tap changes the stored board (or only what the
    editor shows), and the template is drawn again. What the editor shows besides the
    board (its mode, what is selected) is its `editing` state, which goes to the browser
    and back with each tap: `edit` must accept any state sent back (a stale or forged one
    is made sensible, never trusted).
    """

    #: the editor: the drawing with its tap targets, the modes, the live check. It is
    #: given `board_file`, `editing`, `view` (this editor's `view`), `tap_url` (each tap
    #: posts `editing` as JSON and its own fields there), `undo_url` (None: nothing to
    #: undo), `readonly` (the demo board: drawn only); answering a tap, `answering_tap`
    #: and `tap_error` (a refused tap, in words)
    template: str
    #: `board file` → the editor's first `editing` state
    start: Callable[[dict[str, Any]], dict[str, Any]]
    #: one tap, `(board file, editing, the tap's form fields)` → (the board file, changed
    #: or the same object, and the new editing state); ValueError (in words) if the tap
    #: cannot be done: nothing is then changed
    edit: Callable[
        [dict[str, Any], dict[str, Any], Mapping[str, str]],
        tuple[dict[str, Any], dict[str, Any]],
    ]
    #: what the template draws, `(board file, editing)` → the view
    view: Callable[[dict[str, Any], dict[str, Any]], Any]
    #: the board in a few words for the library and the lobby ("16 islands, 40 routes")
    summary: Callable[[dict[str, Any]], Msg]
    #: a stylesheet of the bot's package's `static/` folder, linked on the board pages
    stylesheet: str | None = None


@dataclass(frozen=True)
class Amount:
    """One reading of a figure, and whose it is when the figure has one per side."""

    #: None: not known yet (drawn as a dash)
    value: int | Msg | None
    #: whose it is, when the figure has one reading per side (each Covenant of 2 vs 2)
    who: Msg | None = None
    #: `who` in a letter or two drawn before the value ("A"), as the board marks them
    tag: str | None = None


@dataclass(frozen=True)
class Figure:
    """One of the few figures the bot's rules decide by, shown beside the question."""

    #: short: a word or two ("Coins")
    label: Msg
    #: a symbol of the app's sprite or of the bot's own `icons`
    icon: str
    amounts: tuple[Amount, ...]
    #: its most, when the rules decide by how near it is ("2 of 4 Achievements")
    of: int | None = None


def figure(label: Msg, icon: str, value: int | Msg | None, *, of: int | None = None) -> Figure:
    """A figure with one reading."""
    return Figure(label, icon, (Amount(value),), of)


def cards_and_sections(progress: Mapping[str, int]) -> Msg:
    """A deck's `DeckRules.deck_progress` in words: cards complete, sections entered."""
    cards = nmsg(
        "{complete} of {n} card",
        "{complete} of {n} cards",
        progress["card_total"],
        complete=progress["complete"],
    )
    return nmsg(
        "{cards}, {sections} of {n} section",
        "{cards}, {sections} of {n} sections",
        progress["section_total"],
        cards=cards,
        sections=progress["sections"],
    )


def options_as_sent(form: FormFields, options: dict[str, Any]) -> dict[str, Any]:
    """A lobby form whose every field is an option: nothing to add."""
    return options


@dataclass(frozen=True, kw_only=True)
class BotPages(Generic[View]):
    """Everything the web layer needs to show a bot: nothing of its rules."""

    #: the icon of the app's sprite (or of its own `icons`) that stands for it in the lobby
    icon: str
    templates: Templates
    #: `(state, deck)` → the typed view its templates draw, given to them as `bot_view`
    view: Callable[[Any, dict[str, Any]], View] | None = None
    #: the lobby form → options. Each option of `Bot.options_schema` is read from the field
    #: of its name (a checkbox is a boolean, a repeated field a list); this hook then reads
    #: the fields that are not options themselves (a name typed in for "Another…")
    read_form: Callable[[FormFields, dict[str, Any]], dict[str, Any]] = options_as_sent
    #: the quick-entry editor (a bot with cards)
    entry: EntryEditor | None = None
    #: a library deck's `DeckRules.deck_progress` in words, in the library and the lobby
    progress_text: Callable[[Mapping[str, int]], Msg] = cards_and_sections
    #: its SVG symbols, a template drawn on every page after the app's sprite
    icons: str | None = None
    #: its stylesheet, a file of its package's `static/` folder linked on every page
    stylesheet: str | None = None
    #: the tap editor of the players' own boards (a bot with `Bot.board`; None: its
    #: boards are listed, exported and imported, but not edited)
    board_editor: BoardEditor | None = None
    #: what a region of the game page ("board", "card", "state") draws of the bot,
    #: `(state, view)` → any value that pickles: the region is drawn again only when it
    #: changes (or the step's taps and extras, the view or the language do). A region not
    #: named here is drawn again whenever the bot's state or deck changes. Name exactly
    #: what its templates read: tests/web/test_fragment_inputs.py checks it on random games
    fragment_inputs: Mapping[str, Callable[[Any, View], Any]] = field(default_factory=dict)
    #: its key figures, `(state, view)` → the few figures its rules decide by, drawn in a
    #: strip beside the question (on a phone, first under the Board tab); the full state
    #: panel stays where it is. None: no strip. The strip is drawn again when they change
    figures: Callable[[Any, View], Sequence[Figure]] | None = None

    def __post_init__(self) -> None:
        if (self.templates.entry is None) != (self.entry is None):
            # internal: a bot's pages declared wrong, at start-up
            raise ValueError("the entry template and the entry editor go together")
