"""The deck a validation answers with, in its JSON form and as text, is the deck read."""

from __future__ import annotations

import pytest

from validator import parse_mapping, parse_text, to_mapping, to_text

EXAMPLES = [
    f"{game}-{kind}"
    for game in ("era", "shadow-era", "ryft", "arcmage", "eruma")
    for kind in ("legal", "illegal")
]


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_answer_holds_the_decks_json_form_and_its_text_in_the_format_asked(
    client, library, example, name
):
    game = library.game(name.rpartition("-")[0])
    text = example(name)
    deck = parse_text(text, game).deck
    chosen = next((f for f in game.formats if f != game.default_format), game.default_format)
    response = client.post(
        f"/api/v1/games/{game.id}/validate?format={chosen}", data=text, content_type="text/plain"
    )
    answer = response.get_json()
    assert list(answer["deck"]) == list(to_mapping(deck))
    assert answer["deck"] == to_mapping(deck)
    assert answer["text"] == to_text(deck, chosen)


def test_a_named_printing_and_a_sideboard_are_in_both_exports(client, library, example):
    game = library.game("shadow-era")
    sent = to_mapping(parse_text(example("shadow-era-legal"), game, name="Orc Rush").deck)
    section, entries = max(sent["sections"].items(), key=lambda part: len(part[1]))
    entries[0]["printing"] = True
    sent["boards"] = {"sideboard": [dict(entries[1], printing=False)]}
    deck = parse_mapping(sent, game).deck
    answer = client.post(f"/api/v1/games/{game.id}/validate", json=sent).get_json()
    assert answer["deck"] == to_mapping(deck)
    assert answer["deck"]["sections"][section][0]["printing"] is True
    assert "sideboard" in answer["deck"]["boards"]
    assert answer["text"] == to_text(deck, game.default_format)
    assert "\nSideboard:\n" in answer["text"]
    assert answer["text"].startswith("# Orc Rush\n")
