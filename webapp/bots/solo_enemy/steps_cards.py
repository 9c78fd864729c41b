"""Turning over Solo Action Cards: the app's deck, or the printed cards named by the table.

Solo rulebook, "Action Selection Phase — Enemy Draws Cards": the top card goes to
the leftmost free Hero Slot and that Hero performs it; a single card left in the
deck is shuffled with the discard pile instead of being drawn. "Battling with a
Solo Enemy": a battle draws and reveals one card too.
"""

from __future__ import annotations

from typing import Any

from ...engine import Context, Msg, Question, Step, msg
from ...engine.questions import choose, confirm, entry
from .cards import action_name, card_numbers, find_card, set_card, tactic_names
from .entry import card_check
from .rules import reshuffle, take_card, where_is
from .state import EnemyState
from .stepkit import EnemyStep, card_of, choice, hero_name, new, step_type
from .steps_battle import card_revealed


def place_card(state: EnemyState, ctx: Context, card_id: str, step: Step) -> None:
    """The card is on the table: a Hero's action, or the Enemy's card in a battle."""
    card = card_of(ctx, card_id)
    assert ctx.checklist is not None
    state.shown = card_id
    if step.params["purpose"] == "battle":
        ctx.insert(*card_revealed(state, ctx, card))
        return
    hero = step.params["hero"]
    state.heroes[hero].card = card_id
    ctx.checklist.header["card"] = card_id
    ctx.note(
        msg(
            "Card {card} goes to Hero Slot {slot}: {hero} performs {action}.",
            card=card_id,
            slot=hero + 1,
            hero=hero_name(hero),
            action=action_name(card["action"]),
        )
    )
    ctx.insert(new(card["action"], hero=hero, card=card_id))  # its action's opening step


@step_type("reshuffle")
class Reshuffle(EnemyStep):
    automatic = True

    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("A single card is left in its deck: new deck")

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        ctx.note(reshuffle(state, ctx.rng("reshuffle")))


@step_type("physical_reshuffle")
class PhysicalReshuffle(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg(
            "A single card is left in its deck: shuffle it with the discard pile into a new deck"
        )

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("Not the cards in its Hero Slots: they stay where they are.")

    def question(self, state: EnemyState, step: Step) -> Question:
        return confirm(msg("Shuffled"))

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        ctx.note(reshuffle(state, None))


def draw_title(state: EnemyState, step: Step) -> Msg:
    if step.params["purpose"] == "battle":
        return msg("The Enemy draws a card for the battle")
    hero = step.params["hero"]
    return msg(
        "{hero} draws: its card goes to Hero Slot {slot}", hero=hero_name(hero), slot=hero + 1
    )


@step_type("draw")
class Draw(EnemyStep):
    automatic = True

    def title(self, state: EnemyState, step: Step) -> Msg:
        return draw_title(state, step)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        card = state.deck[0]
        take_card(state, card)
        place_card(state, ctx, card, step)


@step_type("identify_card")
class IdentifyCard(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("Turn over the top card: which card is it?")

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        if step.params["purpose"] == "battle":
            lead = msg("The Enemy's card for the battle.")
        else:
            hero = step.params["hero"]
            lead = msg("It goes to Hero Slot {slot}.", slot=hero + 1)
        return msg(
            "{lead} Use the number you gave the card (1 to 8). A card Botdeck knows shows at "
            "once; a new one is entered once.",
            lead=lead,
        )

    def question(self, state: EnemyState, step: Step) -> Question:
        return choose(
            msg("Card number"),
            *(
                choice(card, msg("{card}", card=card), where_is(state, card))
                for card in card_numbers()
            ),
        )

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        elsewhere = where_is(state, value)
        if elsewhere is not None:
            ctx.note(
                msg(
                    "Card {card} should be {where}: Botdeck takes it, but check the deck.",
                    card=value,
                    where=elsewhere,
                )
            )
            state.discard = [c for c in state.discard if c != value]
        take_card(state, value)
        if find_card(ctx.deck, value) is None:
            tactics = tactic_names(ctx.deck)
            ctx.insert(new("enter_card", card=value, tactics=tactics, **step.params))
        else:
            place_card(state, ctx, value, step)


@step_type("enter_card")
class EnterCard(EnemyStep):
    def title(self, state: EnemyState, step: Step) -> Msg:
        return msg("New card {card}: enter what it prints", card=step.params["card"])

    def detail(self, state: EnemyState, step: Step) -> Msg | None:
        return msg("About 20 seconds, once: Botdeck remembers it in your card library.")

    def question(self, state: EnemyState, step: Step) -> Question:
        draft = {"kind": "card", "card": step.params["card"], "tactics": step.params["tactics"]}
        return entry(msg("What the card prints"), card_check(step.params["card"]), draft)

    def resolve(self, state: EnemyState, step: Step, value: Any, ctx: Context) -> None:
        set_card(ctx.deck, value)
        ctx.note(msg("Saved to your library: next time this card shows at once."))
        place_card(state, ctx, value["id"], step)
