"""English and French: from the browser, switchable, remembered; catalogue complete."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from .conftest import HTMX, tap

CATALOGUE = Path(__file__).resolve().parents[2] / "webapp/translations/fr/LC_MESSAGES/messages.po"
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)[sd]")


def test_the_french_catalogue_is_complete_and_keeps_every_placeholder():
    with CATALOGUE.open("rb") as source:
        catalog = read_po(source)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, message.id
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        for string in strings:
            found = set(PLACEHOLDER.findall(string))
            assert found == wanted or (isinstance(message.id, tuple) and found <= wanted), string


def test_the_language_comes_from_the_browser(client, game_id):
    html = client.get(f"/g/{game_id}", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).get_data(
        as_text=True
    )
    assert '<html lang="fr"' in html
    assert "Où est votre navire ?" in html
    english = client.get(f"/g/{game_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="en"' in english


def test_the_language_switch_is_remembered_on_the_device(client, game_id):
    response = client.get(f"/lang/fr?next=/g/{game_id}")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/g/{game_id}")
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Lancer une partie" in html


def test_the_language_switch_never_redirects_off_the_site(client):
    response = client.get("/lang/fr?next=https://elsewhere.example/")
    assert response.headers["Location"] == "/"


def test_the_rules_core_steps_and_notes_are_translated(client, game_id):
    client.set_cookie("botdeck_lang", "fr")
    html = tap(client, game_id, "2.2").get_data(as_text=True)
    assert "Le plateau océan en 1.2 est-il encore inexploré ?" in html  # named as on the board
    assert "Votre navire est-il en mode Pirate ?" in html


def test_history_is_in_the_readers_language(client, game_id):
    tap(client, game_id, "H")
    client.set_cookie("botdeck_lang", "fr")
    html = client.get(f"/g/{game_id}/history", headers=HTMX).get_data(as_text=True)
    assert "Où est votre navire ? — Port" in html


def test_every_string_in_the_sources_has_its_french_translation(tmp_path):
    """Nothing user-facing is left out of the catalogue (what `make translations` extracts)."""
    from babel.messages.frontend import CommandLineInterface

    root = CATALOGUE.parents[4]
    template = tmp_path / "messages.pot"
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(root / "babel.cfg"), "-k", "msg", "-k", "nmsg:1,2",
         "-o", str(template), str(root)]
    )  # fmt: skip
    with template.open("rb") as source:
        extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id}
    assert len(extracted) > 500
    with CATALOGUE.open("rb") as source:
        translated = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id}
    assert extracted - translated == set()


def test_a_correction_reads_in_french_whatever_the_counters_gender(client, game_id):
    client.post(
        f"/g/{game_id}/correct", data={"version": 0, "field": "coins", "value": 5}, headers=HTMX
    )
    french = client.get(f"/g/{game_id}/history", headers={"Accept-Language": "fr"}).get_data(
        as_text=True
    )
    assert "Correction de « Pièces » : 5" in html_text(french)


def test_one_achievement_is_said_in_the_singular(client, game_id):
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "You: 0 achievements" in html_text(page)
    client.post(
        f"/g/{game_id}/correct",
        data={"version": 0, "field": "player_achievements", "value": 1},
        headers=HTMX,
    )
    assert "You: 1 achievement" in html_text(client.get(f"/g/{game_id}").get_data(as_text=True))
    assert "1 achievements" not in html_text(client.get(f"/g/{game_id}").get_data(as_text=True))


def html_text(html: str) -> str:
    import html as entities

    return entities.unescape(html)
