"""The rules engine: every problem at once, formats building on formats, dates, config errors."""

from __future__ import annotations

from datetime import date

import pytest

from cardpool import PoolError, load_pools
from validator import compiled, describe_rules, parse_text, validate_all_formats
from validator.rules import REGISTRY

from ..helpers import example, rule_ids
from .conftest import edit

ILLEGAL_ERA = example("era-illegal.txt")


def test_every_problem_is_reported_at_once(era, check):
    result = check(era, ILLEGAL_ERA)
    assert not result.legal
    assert len(rule_ids(result)) >= 5


def test_each_problem_names_rule_section_cards_figures_and_lines(era, check):
    result = check(era, ILLEGAL_ERA)
    (copies,) = [p for p in result.problems if p.rule == "era-three-copies"]
    assert copies.as_dict() == {
        "rule": "era-three-copies",
        "severity": "error",
        "message": "At most 3 copies of each action or equipment: you have 4 copies of Fire"
        " Breath (at most 3)",
        "section": "deck",
        "cards": ["Fire Breath"],
        "expected": 3,
        "actual": 4,
        "lines": [13],
        "line": 13,
        "cite": "A deck can have up to 3 copies of any unique Action or Equipment card.",
        "suggestions": [],
    }


def test_a_deck_is_checked_against_every_format_of_its_game(era):
    text = (
        example("era-legal.txt")
        .replace("1 Tidefang Mosasaur", "1 Riftborn Velociraptor")
        .replace("1 Water Crystal", "1 Fire Crystal")
        .replace("1 High Tide", "1 Ashfall")
    )
    results = validate_all_formats(parse_text(text, era).deck)
    assert {fid: r.legal for fid, r in results.items()} == {"standard": False, "open": True}
    assert rule_ids(results["standard"]) == ["era-eligible-products"]


def test_a_format_building_on_another_inherits_its_rules(era):
    standard = {r.id for r in era.formats["standard"].rules}
    opened = {r.id for r in era.formats["open"].rules}
    assert standard - opened == {"era-eligible-products"}
    assert era.formats["open"].banlists == era.formats["standard"].banlists


def test_validation_as_of_a_date_uses_the_list_then_in_force(pool_copy, check):
    edit(
        pool_copy / "era" / "game.yaml",
        "        note: No cards are currently banned.",
        "        note: No cards are currently banned.\n"
        "      - date: 2025-01-01\n"
        "        banned: [Fire Breath]\n"
        "        restricted: {Kindle: 2}",
    )
    era = load_pools(pool_copy)["era"]
    text = example("era-legal.txt")
    assert check(era, text, as_of=date(2024, 12, 31)).legal
    later = check(era, text, as_of=date(2025, 1, 1))
    assert [(p.rule, p.cards) for p in later.problems] == [
        ("era-banned-cards", ("Fire Breath",)),
        ("era-banned-cards", ("Kindle",)),
    ]
    assert later.problems[1].message == (
        "Banned cards may not be included: Kindle is restricted to 2 copies"
        " (list of 2025-01-01); you have 3"
    )
    assert not check(era, text).legal  # no date: today's newest list


def test_a_set_released_after_the_date_is_not_legal_yet(era, check):
    text = example("era-legal.txt").replace("3 Kindle", "3 Inferno Roar")
    assert check(era, text).legal
    early = check(era, text, as_of=date(2023, 12, 1))
    assert rule_ids(early) == ["era-eligible-products"]
    assert "released 2024-03-01, after 2023-12-01" in early.problems[0].message


def test_rules_are_compiled_once_per_format(era):
    assert compiled(era, "standard") is compiled(era, "standard")
    assert compiled(era) is compiled(era, era.default_format)


def test_an_unknown_primitive_is_a_pool_error_naming_the_format(pool_copy):
    edit(pool_copy / "ryft" / "game.yaml", "check: copy-limit", "check: copy-limits")
    ryft = load_pools(pool_copy)["ryft"]
    with pytest.raises(PoolError) as caught:
        compiled(ryft)
    assert "unknown check 'copy-limits'; did you mean copy-limit?" in str(caught.value)


def test_a_bad_rule_parameter_is_a_pool_error(pool_copy):
    edit(pool_copy / "ryft" / "game.yaml", "        max: 3\n", "        max: 3\n        maxx: 4\n")
    ryft = load_pools(pool_copy)["ryft"]
    with pytest.raises(PoolError) as caught:
        compiled(ryft)
    assert (
        "rule 'ryft-three-copies': unknown parameter(s): maxx (is 'maxx' meant to be 'max'?)"
        in str(caught.value)
    )


def test_a_misspelled_required_parameter_is_named_as_the_one_meant(pool_copy):
    edit(pool_copy / "ryft" / "game.yaml", "        max: 3\n", "        maximum: 3\n")
    ryft = load_pools(pool_copy)["ryft"]
    with pytest.raises(PoolError) as caught:
        compiled(ryft)
    assert (
        "rule 'ryft-three-copies': needs parameter 'max' (is 'maximum' meant to be 'max'?)"
        in str(caught.value)
    )


def test_every_primitive_says_what_it_enforces():
    for name, primitive in REGISTRY.items():
        assert len(primitive.__doc__ or "") > 40, name


def test_format_rules_can_be_listed_in_words(shadow_era):
    rules = describe_rules(shadow_era)
    assert rules[0] == {
        "id": "se-one-hero",
        "check": "section-size",
        "severity": "error",
        "rule": "Your deck needs exactly one hero",
        "cite": rules[0]["cite"],
    }
    assert "1. Every deck must have one hero card" in rules[0]["cite"]


def test_a_leaders_rule_remembers_a_bounded_number_of_cards_and_stays_right(
    shadow_era, check, monkeypatch
):
    # What each card asks of the hero is remembered per rule: cleared at the bound, so a
    # caller trying every card of a large pool cannot make a worker keep them all.
    from validator.rules import leader_match

    monkeypatch.setattr(leader_match, "REMEMBERED_CARDS", 2)
    rule = next(r for r in compiled(shadow_era).rules if r.id == "se-hero-faction")
    rule._asked.clear()
    human_hero = "Hero:\n1 Boris Skullcrusher\nDeck:\n1 Bad Wolf\n4 Jasmine Rosecult\n1 Full Moon\n"
    for _ in range(2):
        result = check(shadow_era, human_hero)
        assert [p.cards for p in result.problems if p.rule == "se-hero-faction"] == [("Bad Wolf",)]
        assert len(rule._asked) <= 2 + 3


def test_a_leaders_values_are_remembered_per_rule_bounded_and_each_deck_is_judged_by_its_own(
    shadow_era, check, monkeypatch
):
    # The values of a deck's one hero are remembered per rule, as what each card asks of it:
    # cleared at the bound, and never those of another hero than the deck's own.
    from validator.rules import leader_match

    monkeypatch.setattr(leader_match, "REMEMBERED_CARDS", 2)
    rule = next(r for r in compiled(shadow_era).rules if r.id == "se-hero-faction")
    rule._led.clear()
    deck = "Hero:\n1 {hero}\nDeck:\n1 Bad Wolf\n4 Jasmine Rosecult\n1 Full Moon\n"
    faction = {"Boris Skullcrusher": "Human", "Darkclaw": "Shadow", "Amber Rain": "Human"}
    for _ in range(2):
        for hero, side in faction.items():
            result = check(shadow_era, deck.format(hero=hero))
            blamed = [p.cards for p in result.problems if p.rule == "se-hero-faction"]
            assert blamed == ([("Bad Wolf",)] if side == "Human" else [("Jasmine Rosecult",)])
            assert len(rule._led) <= 2


def test_a_size_rule_remembers_which_cards_it_counts_bounded_and_stays_right(
    shadow_era, check, monkeypatch
):
    # Whether a card is one of "39 other non-hero cards" is remembered per rule: cleared at
    # the bound, and a hero listed among them is still left out of the count.
    from validator.rules import section_size

    monkeypatch.setattr(section_size, "REMEMBERED_CARDS", 2)
    rule = next(r for r in compiled(shadow_era).rules if r.id == "se-thirty-nine-others")
    rule._counted.clear()
    lists = {
        "Hero:\n1 Darkclaw\nDeck:\n4 Bad Wolf\n": 4,
        "Hero:\n1 Darkclaw\nDeck:\n4 Bad Wolf\n1 Boris Skullcrusher\n2 Full Moon\n": 6,
        "Hero:\n1 Darkclaw\nDeck:\n3 Full Moon\n": 3,
    }
    for _ in range(2):
        for text, others in lists.items():
            result = check(shadow_era, text)
            [short] = [p for p in result.problems if p.rule == "se-thirty-nine-others"]
            assert short.actual == others
            assert short.message.endswith(f"you have {others} non-hero cards")
            assert len(rule._counted) <= 2 + 4


def test_the_legal_sets_rule_remembers_legal_cards_per_day_bounded_and_each_day_is_its_own(
    era, check, monkeypatch
):
    # The cards known legal are remembered per rule and per day: cleared at the bound, and a
    # card of Expansion Set 1 (released 2024-03-01) legal in June is not legal in January.
    from validator.rules import legal_sets

    monkeypatch.setattr(legal_sets, "REMEMBERED_CARDS", 3)
    monkeypatch.setattr(legal_sets, "REMEMBERED_DAYS", 1)
    rule = next(r for r in compiled(era).rules if r.id == "era-eligible-products")
    rule._fine.clear()
    text = "Dinos:\n1 Pyroclast Spinosaurus\n1 Ember Rex\n1 Tidefang Mosasaur\n"
    days = {date(2024, 6, 1): [], date(2024, 1, 1): [("Pyroclast Spinosaurus",)]}
    for _ in range(2):
        for day, blamed in days.items():
            result = check(era, text, as_of=day)
            assert [p.cards for p in result.problems if p.rule == rule.id] == blamed
            assert len(rule._fine) <= 1
            assert all(len(known) <= 3 for known in rule._fine.values())


def test_what_the_rules_remember_of_each_card_is_bounded_and_each_deck_is_judged_by_its_own(
    era, eruma, check, monkeypatch
):
    # Each rule remembers what it asks of a card (counted as which card, its element, whether
    # it names cards): cleared at the bound, and what one deck holds never answers another.
    from validator.rules import attribute_match, copy_limit, references

    for module in (attribute_match, copy_limit, references):
        monkeypatch.setattr(module, "REMEMBERED_CARDS", 2)
    dinos = "Dinos:\n1 Ember Rex\n1 Cinderhorn Triceratops\n1 Tidefang Mosasaur\n"
    events = "Deck:\n{n} Volcanic Eruption\n1 Wildfire Season\n"
    crystals = "Crystals:\n2 Fire Crystal\n1 {c} Crystal\n"
    lazarus = "Deck:\n1 Lazarus\n{extra}"
    for _ in range(2):
        for n, c in ((1, "Water"), (2, "Air")):
            result = check(era, dinos + crystals.format(c=c) + events.format(n=n))
            assert [p.actual for p in result.problems if p.rule == "era-unique-events"] == (
                [2] if n == 2 else []
            )
            assert [p.rule for p in result.problems if p.rule == "era-crystals-match-dinos"] == (
                [] if c == "Water" else ["era-crystals-match-dinos"] * 2
            )
        for extra, missing in (("", 1), ("Extra:\n1 Zombie\n", 0)):
            result = check(eruma, lazarus.format(extra=extra))
            assert len([p for p in result.problems if p.rule.startswith("eruma-summoned")]) == (
                missing
            )
    for rules in (compiled(era).rules, compiled(eruma).rules):
        for rule in rules:
            for memory in ("_keys", "_have", "_want", "_names"):
                assert len(getattr(rule, memory, ())) <= 2 + 5
