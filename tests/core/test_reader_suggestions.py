"""'Did you mean': the closest names are looked for only for the first unknown cards of a
list (looking is most of the cost of a list of unknown lines); every unknown card is said."""

from __future__ import annotations

from validator import parse_mapping, parse_text
from validator.decklist import MAX_SUGGESTED

UNKNOWN = "decklist-unknown-card"


def _gibberish(count: int) -> list[str]:
    # names near no card: made of letters no card name holds in a row
    return [f"1 Qzxv{'q' * (number % 7)}vz{number}" for number in range(count)]


def test_the_first_unknown_cards_get_did_you_mean_and_the_rest_are_still_errors(era):
    lines = [*_gibberish(MAX_SUGGESTED), "1 Embr Rex"]  # the 51st unknown name
    lines[0] = "1 Fire Brath"
    parsed = parse_text("\n".join(lines), era)
    unknown = [p for p in parsed.problems if p.rule == UNKNOWN]
    assert len(unknown) == MAX_SUGGESTED + 1
    assert [p.lines for p in unknown] == [(n,) for n in range(1, MAX_SUGGESTED + 2)]
    assert unknown[0].suggestions[0] == "Fire Breath"
    last = unknown[-1]
    assert last.severity == "error"
    assert last.suggestions == ()
    assert last.message == (
        f"Line {MAX_SUGGESTED + 1}: no ERA card is called 'Embr Rex' (close names are looked"
        f" for only for the first {MAX_SUGGESTED} unknown cards of a list)"
    )


def test_the_same_misspelling_within_the_budget_is_suggested_in_the_next_list(era):
    lines = [*_gibberish(MAX_SUGGESTED), "1 Embr Rex"]
    parse_text("\n".join(lines), era)  # "Embr Rex" read past the budget
    (problem,) = parse_text("1 Ember Rex\n1 Embr Rex", era).problems
    assert problem.suggestions[0] == "Ember Rex"
    assert "did you mean Ember Rex?" in problem.message


def test_a_misspelt_first_card_stays_an_unknown_card_after_a_list_past_the_budget(era):
    # the same game, the same process: the first list reads "Embr Rex" past its budget
    parse_text("\n".join([*_gibberish(MAX_SUGGESTED + 10), "Embr Rex", "Embr Rex (40)"]), era)
    for first in ("Embr Rex", "Embr Rex (40)"):
        parsed = parse_text(f"{first}\n3 Fire Breath", era)
        (problem,) = parsed.problems
        assert problem.rule == UNKNOWN
        assert problem.lines == (1,)
        assert problem.suggestions[0] == "Ember Rex"


def test_a_title_is_still_a_title_after_a_list_past_the_budget(era):
    parse_text("\n".join([*_gibberish(MAX_SUGGESTED + 10), "Inferno aggro"]), era)
    (problem,) = parse_text("Inferno aggro\n3 Fire Breath", era).problems
    assert problem.rule == "decklist-ignored-line"
    assert problem.severity == "warning"


def test_a_json_deck_gets_did_you_mean_for_its_first_unknown_cards_alone(era):
    entries = [{"card": line[2:], "count": 1} for line in _gibberish(MAX_SUGGESTED)]
    entries.append({"card": "Embr Rex", "count": 1})
    entries[0] = {"card": "Fire Brath", "count": 1}
    parsed = parse_mapping({"sections": {"dinos": entries}}, era)
    unknown = [p for p in parsed.problems if p.rule == UNKNOWN]
    assert len(unknown) == MAX_SUGGESTED + 1
    assert unknown[0].suggestions[0] == "Fire Breath"
    assert unknown[-1].suggestions == ()
    assert unknown[-1].message.startswith(
        f"sections.dinos[{MAX_SUGGESTED}]: no ERA card is called 'Embr Rex' (close names"
    )
    assert len(parsed.unread) == MAX_SUGGESTED + 1


def test_an_unknown_card_written_with_its_printing_is_named_without_it(shadow_era):
    # XMage's "[COTC:49] Bad Wulf", MTG Arena's "(COTC) 49", a bracketed code, a hash number
    # and a note: the name is what no card is called, and close names are found by it
    # ("Bad Wulf [COTC-049]" as written is close to no name)
    written = [
        "[COTC:49] Bad Wulf",
        "Bad Wulf (COTC) 49",
        "Bad Wulf [COTC-049]",
        "Bad Wulf #se049",
        "Bad Wulf (Ally)",
    ]
    parsed = parse_text("\n".join(f"4 {text}" for text in written), shadow_era)
    unknown = [p for p in parsed.problems if p.rule == UNKNOWN]
    assert [p.message for p in unknown] == [
        f"Line {number}: no Shadow Era card is called 'Bad Wulf' (written {text!r});"
        " did you mean Bad Wolf?"
        for number, text in enumerate(written, start=1)
    ]
    assert {p.cards for p in unknown} == {("Bad Wulf",)}
    assert {p.suggestions for p in unknown} == {("Bad Wolf",)}


def test_an_unknown_card_written_alone_is_named_as_written(shadow_era):
    (problem,) = [p for p in parse_text("4 Bad Wulf", shadow_era).problems if p.rule == UNKNOWN]
    assert problem.message == (
        "Line 1: no Shadow Era card is called 'Bad Wulf'; did you mean Bad Wolf?"
    )
