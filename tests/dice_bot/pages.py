"""The dice bot's pages: an icon, its options note, its board and its state panel. No
card region, no deck fields in the lobby, no card library, no view of its own (its
templates read the game's state)."""

from webapp.bots.pages import BotPages, Templates

PAGES = BotPages[None](
    icon="star",
    templates=Templates(
        options="dice_test/_options.html",
        board="dice_test/_board.html",
        state="dice_test/_state.html",
    ),
)
