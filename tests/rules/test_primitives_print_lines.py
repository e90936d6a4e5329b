"""The plain-text lists of digital clients: headers that count a card type (``Pokémon: 9``)
and lines naming a print by set code and number (``4 Nest Ball SVI 181``), read with the
Pokémon test pool (tests/pools/pokemon)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.pools.support import load_test_pool
from validator import parse_text

# As the Pokémon TCG Live client exports a list.
EXPORT = """\
Pokémon: 9
4 Charmander MEW 4
3 Charizard ex OBF 125
2 Pidgeot ex OBF 164

Trainer: 34
4 Professor's Research SVI 189
4 Iono PAL 185
2 Boss's Orders PAL 172
4 Arven SVI 166
2 Colress's Experiment LOR 155
4 Nest Ball SVI 181
4 Ultra Ball SVI 196
4 Rare Candy SVI 191
2 Switch SVI 194
2 Super Rod PAL 188
1 Prime Catcher TEF 157
1 Comfey LOR 79

Energy: 17
17 Basic Fire Energy SVE 2

Total Cards: 60
"""


@pytest.fixture(scope="module")
def pokemon():
    return load_test_pool("pokemon")


def test_an_exported_list_is_read_card_for_card(pokemon):
    parsed = parse_text(EXPORT, pokemon)
    # the count headers and the closing total are not cards, and they agree with the cards
    assert parsed.problems == []
    entries = parsed.deck.sections["deck"]
    assert sum(e.count for e in entries) == 60
    assert len(entries) == 16


def test_a_print_line_names_that_print(pokemon):
    parsed = parse_text("4 Professor's Research SSH 178\n4 Professor's Research SVI 189", pokemon)
    printings = [(e.card.id, e.count, e.printing_named) for e in parsed.deck.sections["deck"]]
    assert printings == [("research-ssh", 4, True), ("research-svi", 4, True)]


def test_a_number_may_be_written_with_leading_zeros(pokemon):
    (entry,) = parse_text("2 Switch SVI 0194", pokemon).deck.sections["deck"]
    assert (entry.card.id, entry.printing_named) == ("switch-svi", True)


def test_a_set_code_the_game_lacks_is_part_of_an_unknown_name(pokemon):
    parsed = parse_text("4 Nest Ball XYZ 181", pokemon)
    (problem,) = parsed.problems
    assert problem.rule == "decklist-unknown-card"
    assert "'Nest Ball XYZ 181'" in problem.message


def test_a_number_no_print_of_the_card_has_reads_the_card_with_a_warning(pokemon):
    parsed = parse_text("4 Nest Ball SVI 999", pokemon)
    (entry,) = parsed.deck.sections["deck"]
    assert (entry.card.name, entry.printing_named) == ("Nest Ball", False)
    (problem,) = parsed.problems
    assert problem.severity == "warning"
    assert "no printing of Nest Ball is SVI 999" in problem.message


def test_an_exported_list_is_judged_on_the_day(pokemon, check):
    """Legal between the 2024 and the 2025 rotations; after 2025-04-11 the two F cards are
    out."""
    assert check(pokemon, EXPORT, as_of=date(2024, 6, 1)).legal
    later = check(pokemon, EXPORT, as_of=date(2025, 5, 1))
    assert sorted(p.cards for p in later.problems if p.severity == "error") == [
        ("Colress's Experiment",),
        ("Comfey",),
    ]
