"""Old names and nicknames in a list are read as the card, and the player is told so."""

from __future__ import annotations

from validator import parse_mapping, parse_text


def test_a_card_read_through_an_alias_says_read_x_as_y(skirmish):
    # After a rename players keep typing the old name; the list is read, and says how.
    parsed = parse_text("1 Captain Ash\n3 fire knight", skirmish)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Captain Ash", 1),
        ("Flame Knight", 3),
    ]
    (problem,) = parsed.problems
    assert problem.severity == "warning"
    assert problem.message == "Line 2: read 'fire knight' as 'Flame Knight'"
    assert problem.lines == (2,)
    assert problem.cards == ("Flame Knight",)


def test_a_real_name_is_read_without_a_word(skirmish):
    assert parse_text("3 Flame Knight", skirmish).problems == []


def test_an_old_arcmage_name_is_read_as_the_card_it_became(arcmage, check):
    result = check(arcmage, "Main Deck:\n1 Misled Goblin")
    (told,) = [p for p in result.problems if p.rule == "decklist-read-as"]
    assert told.message == "Line 2: read 'Misled Goblin' as 'Misled Orc'"
    assert told.severity == "warning"


def test_an_alias_in_the_json_form_is_said_at_its_place(skirmish):
    parsed = parse_mapping({"sections": {"deck": [{"card": "Fire Knight", "count": 2}]}}, skirmish)
    (problem,) = parsed.problems
    assert problem.message == "sections.deck[0]: read 'Fire Knight' as 'Flame Knight'"
