"""Eruma TCG deck rules, sentence by sentence (eruma-quick-play-guide.md: Deck, Extra Deck,
Henchman cards).

Every test quotes the sentence it checks; ``test_every_eruma_test_quotes_the_rulebook_verbatim``
holds the quotes to the guide's own words.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from cardpool import check_pools, convert, default_pool_dir
from tests.helpers import changed, decklist, rule_ids
from validator import parse_mapping, parse_text, validate
from validator.fits import misfits

# 15 different Outlaws of the designer's list, 3 of them Maniacs, and the Henchmen those
# Maniacs create (Endora's Pumpkin creates Borobo in its turn).
OUTLAWS = [
    (1, name)
    for name in (
        "Charlotte",
        "Makuna",
        "Shimaru",
        "Erzsebet",
        "Miara",
        "Dejavu",
        "Alma",
        "Genevieve",
        "White King",
        "Bumi",
        "Glacáin",
        "Mr. Ivanov",
        "Lazarus",
        "Gretel",
        "Endora",
    )
]
HENCHMEN = [
    (3, "Zombie"),
    (2, "Rat"),
    (2, "Bear"),
    (1, "Pumpkin"),
    (2, "Borobo"),
]
# 15 Outlaws none of whom creates anything: Assassins, Thieves, Spies and Clyde, a Maniac.
NO_MANIACS = changed(
    OUTLAWS, {"Lazarus": 0, "Gretel": 0, "Endora": 0, "Tintin": 1, "Limbo": 1, "Clyde": 1}
)
SUMMONS_WARNING = "eruma-summoned-henchmen-in-extra"
HENCHMEN_WARNING = "eruma-henchmen-of-henchmen-in-extra"


def eruma_deck(outlaws=OUTLAWS, henchmen=HENCHMEN) -> str:
    return decklist({"Deck": outlaws, "Extra Deck": henchmen})


# -- Deck ----------------------------------------------------------------------------------------


def test_eruma_a_deck_of_15_different_outlaws_is_legal(eruma, check):
    """“Assemble your favorite cards into a Deck that follows these rules: - The Deck must be
    exactly 15 Outlaw Cards. - You can only have 1 copy of the same card in your Deck.”"""
    result = check(eruma, eruma_deck())
    assert result.problems == []
    assert result.legal


@pytest.mark.parametrize(
    ("outlaws", "actual"),
    [
        (changed(OUTLAWS, {"Mr. Ivanov": 0}), 14),
        (changed(OUTLAWS, {"Rox": 1}), 16),
    ],
    ids=["14-cards", "16-cards"],
)
def test_eruma_the_deck_must_be_exactly_15_outlaw_cards(eruma, check, outlaws, actual):
    """“The Deck must be exactly 15 Outlaw Cards.”"""
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-fifteen-cards"]
    (problem,) = result.problems
    assert problem.message == (
        f"Your deck must have exactly 15 Outlaw cards: you have {actual} Outlaw cards"
    )
    assert problem.section == "deck"
    assert problem.cards == ()  # a deck's size names no card
    assert (problem.expected, problem.actual) == ("exactly 15", actual)


def test_eruma_a_henchman_in_the_deck_is_not_legal(eruma, check):
    """“The Deck must be exactly 15 Outlaw Cards.”

    15 Outlaws and a Henchman under ``Deck:``: the Henchman is the one problem, not also a
    16th card."""
    result = check(eruma, eruma_deck([*OUTLAWS, (1, "Shark")]))
    assert rule_ids(result) == ["eruma-deck-outlaws-only"]
    (problem,) = result.problems
    assert problem.message == "Your deck holds only Outlaw cards: Shark is a Henchman card"
    assert problem.section == "deck"
    assert problem.cards == ("Shark",)
    assert (problem.expected, problem.actual) == (["Outlaw"], "Henchman")
    assert problem.lines == (17,)


def test_eruma_a_henchman_in_place_of_an_outlaw_leaves_14_outlaw_cards(eruma, check):
    """“The Deck must be exactly 15 Outlaw Cards.”

    14 Outlaws and a Henchman make 15 lines under ``Deck:`` but 14 Outlaw cards: an Outlaw
    is missing and a Henchman is misplaced, and both are said at once (taking the Henchman
    out, as the one problem used to say, left a Deck of 14). The count names the Henchman it
    left out, so the player who counts 15 lines is not told 14 with no word of why."""
    outlaws = changed(OUTLAWS, {"Mr. Ivanov": 0, "Shark": 1})
    assert sum(count for count, _ in outlaws) == 15
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-deck-outlaws-only", "eruma-fifteen-cards"]
    size = next(p for p in result.problems if p.rule == "eruma-fifteen-cards")
    assert size.message == (
        "Your deck must have exactly 15 Outlaw cards: you have 14 Outlaw cards, not counting Shark"
    )
    assert (size.section, size.cards) == ("deck", ())
    assert (size.expected, size.actual) == ("exactly 15", 14)
    # Put back in the Extra Deck, the Henchman leaves the one missing Outlaw.
    moved = check(eruma, eruma_deck(changed(OUTLAWS, {"Mr. Ivanov": 0}), [*HENCHMEN, (1, "Shark")]))
    assert rule_ids(moved) == ["eruma-fifteen-cards"]


def test_eruma_a_henchman_in_the_deck_is_not_legal_in_the_json_form_either(eruma):
    """“The Deck must be exactly 15 Outlaw Cards.”"""
    names = [name for _, name in [*OUTLAWS, (1, "Map Parts")]]
    parsed = parse_mapping({"sections": {"deck": names, "extra": [n for _, n in HENCHMEN]}}, eruma)
    result = validate(parsed.deck, extra=parsed.problems)
    assert rule_ids(result, "error") == ["eruma-deck-outlaws-only"]
    assert result.errors[0].cards == ("Map Parts",)


def test_eruma_you_can_only_have_1_copy_of_the_same_card_in_your_deck(eruma, check):
    """“You can only have 1 copy of the same card in your Deck.”"""
    outlaws = changed(OUTLAWS, {"Mr. Ivanov": 0, "Charlotte": 2})
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-one-copy"]
    (problem,) = result.problems
    assert problem.message == (
        "Only 1 copy of each card in your deck: you have 2 copies of Charlotte (at most 1)"
    )
    assert problem.section == "deck"
    assert problem.cards == ("Charlotte",)
    assert (problem.expected, problem.actual) == (1, 2)


def test_eruma_two_henchmen_under_deck_are_misplaced_not_a_card_copied_twice(eruma, check):
    """“You can only have 1 copy of the same card in your Deck.” “Your Extra Deck can have as
    many cards as you want and no limits for copies of the same card.”

    2 Zombies written under ``Deck:`` are Henchmen in the wrong place, said once: moved to the
    Extra Deck, where copies are not limited, they break nothing. 2 copies of an Outlaw are
    still one copy too many."""
    result = check(eruma, eruma_deck([*OUTLAWS, (2, "Zombie")]))
    (problem,) = result.problems
    assert problem.rule == "eruma-deck-outlaws-only"
    assert (problem.cards, problem.section) == (("Zombie",), "deck")

    moved = eruma_deck(OUTLAWS, changed(HENCHMEN, {"Zombie": 5}))
    assert check(eruma, moved).problems == []

    twice = changed(OUTLAWS, {"Mr. Ivanov": 0, "Lazarus": 2})
    assert rule_ids(check(eruma, eruma_deck(twice))) == ["eruma-one-copy"]


@pytest.mark.parametrize("spelling", ["glacain", "GLACÁIN", "Glacain"])
def test_eruma_the_same_card_spelled_twice_is_still_two_copies(eruma, check, spelling):
    """“You can only have 1 copy of the same card in your Deck.”"""
    outlaws = changed(OUTLAWS, {"Mr. Ivanov": 0, spelling: 1})
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-one-copy"]
    (problem,) = result.problems
    assert (problem.cards, problem.actual) == (("Glacáin",), 2)
    assert problem.message.endswith("you have 2 copies of Glacáin (at most 1)")


def test_eruma_a_card_that_says_otherwise_takes_precedence(pool_variant, check):
    """“Whenever a card's text directly contradicts these rules, the card takes precedence.”"""

    def allow_two(cards_yaml):
        card = next(c for c in cards_yaml["cards"] if c["name"] == "Charlotte")
        card["max_copies"] = 2

    eruma = pool_variant("eruma", edit_cards=allow_two)
    two = changed(OUTLAWS, {"Mr. Ivanov": 0, "Charlotte": 2})
    assert check(eruma, eruma_deck(two)).problems == []

    three = changed(OUTLAWS, {"Mr. Ivanov": 0, "Makuna": 0, "Charlotte": 3})
    result = check(eruma, eruma_deck(three))
    assert rule_ids(result) == ["eruma-one-copy"]
    (problem,) = result.problems
    assert (problem.expected, problem.actual) == (2, 3)
    # The card's own limit is named as the card's: the message never says "Only 1 copy"
    # and "at most 2" of the same card as if both were the rule.
    assert problem.message == (
        "Only 1 copy of each card in your deck: you have 3 copies of Charlotte"
        " (this card allows at most 2)"
    )


# -- Extra Deck ----------------------------------------------------------------------------------


def test_eruma_the_extra_deck_has_henchman_cards_only(eruma, check):
    """“The Extra deck has Henchman Cards only, which are cards summoned by Outlaw cards
    during the game.”"""
    result = check(eruma, eruma_deck(henchmen=[*HENCHMEN, (1, "Rox")]))
    assert rule_ids(result) == ["eruma-extra-henchmen-only"]
    (problem,) = result.problems
    assert problem.message == "Your Extra Deck holds only Henchman cards: Rox is an Outlaw card"
    assert problem.section == "extra"
    assert problem.cards == ("Rox",)
    assert (problem.expected, problem.actual) == (["Henchman"], "Outlaw")


def test_eruma_an_outlaw_of_the_deck_listed_again_in_the_extra_deck_is_not_legal(eruma, check):
    """“The Extra deck has Henchman Cards only”"""
    result = check(eruma, eruma_deck(henchmen=[*HENCHMEN, (1, "Gretel")]))
    # The Outlaw's second copy is in the Extra Deck, not in the Deck: only the Extra Deck's
    # rule is broken.
    assert rule_ids(result) == ["eruma-extra-henchmen-only"]
    assert result.problems[0].cards == ("Gretel",)


def test_eruma_an_outlaw_under_the_extra_deck_is_not_one_of_the_15(eruma, check):
    """“The Deck must be exactly 15 Outlaw Cards.” “The Extra deck has Henchman Cards only”

    14 Outlaws under ``Deck:`` and a 15th under ``Extra Deck:``: the Deck holds 14 Outlaw
    cards and the Extra Deck an Outlaw, both said at once, as a Henchman under ``Deck:`` is
    not one of the 15 (a recorded reading). Taking the Outlaw out of the Extra Deck, as its
    problem says, leaves the Deck one short, which is said from the start."""
    result = check(eruma, eruma_deck(changed(OUTLAWS, {"Endora": 0}), [*HENCHMEN, (1, "Endora")]))
    assert rule_ids(result) == ["eruma-extra-henchmen-only", "eruma-fifteen-cards"]
    misplaced = next(p for p in result.problems if p.rule == "eruma-extra-henchmen-only")
    assert (misplaced.section, misplaced.cards) == ("extra", ("Endora",))
    size = next(p for p in result.problems if p.rule == "eruma-fifteen-cards")
    assert (size.section, size.cards, size.actual) == ("deck", (), 14)
    (decision,) = [
        d for d in eruma.decisions_for("eruma-fifteen-cards") if "Extra Deck" in d.reading
    ]
    assert "an Outlaw listed under Extra Deck is not one of them" in decision.reading


def test_eruma_extra_deck_has_no_limit_on_copies(eruma, check):
    """“Your Extra Deck can have as many cards as you want and no limits for copies of the
    same card.”"""
    text = eruma_deck(henchmen=changed(HENCHMEN, {"Zombie": 12}))
    extra = parse_text(text, eruma).deck.sections["extra"]
    assert [(e.card.name, e.count) for e in extra if e.card.name == "Zombie"] == [("Zombie", 12)]
    assert check(eruma, text).problems == []


@pytest.mark.parametrize(
    "henchmen",
    [
        [(1, "Shark")],
        "every Henchman of the pool",
        [(20, "Crow"), (20, "Statue"), (20, "Plague")],
    ],
    ids=["1-card", "21-cards", "60-cards"],
)
def test_eruma_extra_deck_can_have_as_many_cards_as_you_want(eruma, check, henchmen):
    """“Your Extra Deck can have as many cards as you want”"""
    if henchmen == "every Henchman of the pool":
        henchmen = [(1, c.name) for c in eruma.cards if c.type == "Henchman"]
    assert check(eruma, eruma_deck(NO_MANIACS, henchmen)).problems == []


def test_eruma_an_empty_extra_deck_is_legal(eruma, check):
    """“Your Extra Deck can have as many cards as you want”"""
    result = check(eruma, decklist({"Deck": NO_MANIACS}))
    assert result.problems == []
    assert result.legal


def test_eruma_a_maniac_without_its_henchmen_gives_warnings_and_the_deck_stays_legal(eruma, check):
    """“When a card's power tells you to summon a Henchman, you must take the card with the
    matching name from your Extra Deck”"""
    result = check(eruma, decklist({"Deck": OUTLAWS}))
    assert result.legal
    assert rule_ids(result) == [SUMMONS_WARNING]
    assert {p.severity for p in result.problems} == {"warning"}
    assert [p.cards for p in result.problems] == [("Lazarus",), ("Gretel",), ("Endora",)]


def test_eruma_lazarus_creates_zombie_which_belongs_in_the_extra_deck(eruma, check):
    """“When a card's power tells you to summon a Henchman, you must take the card with the
    matching name from your Extra Deck and play it face-up in any empty position except the
    opponent's Zone 1.”"""
    result = check(eruma, eruma_deck(henchmen=changed(HENCHMEN, {"Zombie": 0})))
    assert result.legal
    assert rule_ids(result) == [SUMMONS_WARNING]
    (problem,) = result.problems
    assert problem.severity == "warning"
    assert problem.message == (
        "Henchmen your Outlaws create should be in your Extra Deck:"
        " Lazarus creates Zombie, but your Extra Deck has no Zombie"
    )
    assert (problem.section, problem.cards) == ("deck", ("Lazarus",))


def test_eruma_every_henchman_a_card_creates_belongs_in_the_extra_deck(eruma, check):
    """“When a card's power tells you to summon a Henchman, you must take the card with the
    matching name from your Extra Deck”"""
    result = check(eruma, eruma_deck(henchmen=changed(HENCHMEN, {"Bear": 0})))
    assert rule_ids(result, "error") == []
    (problem,) = result.problems
    assert problem.message.endswith("Gretel creates Rat and Bear, but your Extra Deck has no Bear")
    assert (problem.expected, problem.actual) == (["Rat", "Bear"], ["Rat"])

    result = check(eruma, eruma_deck(henchmen=changed(HENCHMEN, {"Bear": 0, "Rat": 0})))
    (problem,) = result.problems
    assert problem.message.endswith(
        "Gretel creates Rat and Bear, but your Extra Deck has no Rat or Bear"
    )


def test_eruma_a_henchman_that_creates_a_henchman_needs_it_too(eruma, check):
    """“Whenever a card's text directly contradicts these rules, the card takes precedence.”
    “When a card's power tells you to summon a Henchman, you must take the card with the
    matching name from your Extra Deck”"""
    result = check(eruma, eruma_deck(henchmen=changed(HENCHMEN, {"Borobo": 0})))
    assert result.legal
    assert rule_ids(result) == [HENCHMEN_WARNING]
    (problem,) = result.problems
    assert problem.message == (
        "Henchmen your Henchmen create should be in your Extra Deck:"
        " Pumpkin creates Borobo, but your Extra Deck has no Borobo"
    )
    assert (problem.section, problem.cards) == ("extra", ("Pumpkin",))


def test_eruma_a_henchman_in_the_deck_is_not_in_the_extra_deck(eruma, check):
    """“Henchman cards are cards summoned from your Extra Deck”"""
    outlaws = [*OUTLAWS, (1, "Zombie")]
    result = check(eruma, eruma_deck(outlaws, changed(HENCHMEN, {"Zombie": 0})))
    assert rule_ids(result, "error") == ["eruma-deck-outlaws-only"]
    # Lazarus's Zombie is in the Deck, not the Extra Deck; the misplaced Zombie is already an
    # error and is not blamed again for the Zombie it creates.
    assert [w.message.split(": ", 1)[1] for w in result.warnings] == [
        "Lazarus creates Zombie, but your Extra Deck has no Zombie",
    ]


def test_eruma_henchmen_go_to_the_extra_deck_when_a_list_has_no_headers(eruma, check):
    """“Henchman cards are cards summoned from your Extra Deck”"""
    text = "\n".join(f"{count} {name}" for count, name in [*HENCHMEN, *OUTLAWS])
    parsed = parse_text(text, eruma)
    assert {e.card.type for e in parsed.deck.sections["extra"]} == {"Henchman"}
    assert {e.card.type for e in parsed.deck.sections["deck"]} == {"Outlaw"}
    assert check(eruma, text).problems == []


BY_CLASS = """Eruma - heist gang

Assassins (4)
Charlotte
Makuna
Shimaru
Erzsebet

Thieves (4)
Miara
Dejavu
Alma
Genevieve

Spies (4)
White King
Bumi
Glacain
Mr Ivanov

Maniacs (3)
Lazarus
Gretel
Endora

Extra Deck:
3x Zombie
2x Rat
2x Bear
1x Pumpkin
2x Borobo
"""


def test_eruma_outlaws_grouped_under_their_class_are_the_deck(eruma, check):
    """“Class: Assassin, Thief, Spy or Maniac.” “The Deck must be exactly 15 Outlaw Cards.”

    A list grouped under the guide's Class names (``Assassins (4)``, ``Thieves (4)``,
    ``Spies (4)``, ``Maniacs (3)``) is the Deck: it was judged illegal, each header an unknown
    card. A second copy and a Henchman under a Class header are still the Deck's problems."""
    parsed = parse_text(BY_CLASS, eruma)
    deck = parsed.deck.sections["deck"]
    assert {e.card.get("class") for e in deck} == {"Assassin", "Thief", "Spy", "Maniac"}
    assert sum(e.count for e in deck) == 15
    result = check(eruma, BY_CLASS)
    assert rule_ids(result, "error") == []
    assert result.legal

    spelled = BY_CLASS.replace("Spies (4)", "Spy:").replace("Maniacs (3)", "Maniac")
    assert check(eruma, spelled).legal


@pytest.mark.parametrize(
    ("deck", "extra"),
    [("Outlaw Cards (15)", "Henchman Cards (10)"), ("Outlaws:", "Henchman cards:")],
)
def test_eruma_decks_headed_with_the_guides_own_words_are_read(eruma, check, deck, extra):
    """“The Deck must be exactly 15 Outlaw Cards.” “The Extra deck has Henchman Cards only”

    ``Outlaw Cards (15)`` heads the Deck and ``Henchman Cards (10)`` the Extra Deck: both were
    read as unknown sections (each an error), or the first line as the list's title."""
    text = "\n".join(
        [deck, *(f"{n} {name}" for n, name in OUTLAWS), extra, *(f"{n}x {c}" for n, c in HENCHMEN)]
    )
    parsed = parse_text(text, eruma)
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 15
    assert sum(e.count for e in parsed.deck.sections["extra"]) == 10
    assert parsed.problems == []
    assert check(eruma, text).problems == []

    broken = BY_CLASS.replace("Mr Ivanov", "Charlotte").replace("Endora", "Endora\nPumpkin")
    result = check(eruma, broken)
    assert rule_ids(result, "error") == ["eruma-deck-outlaws-only", "eruma-one-copy"]
    assert {p.section for p in result.errors} == {"deck"}


# -- Card types and Henchman cards ---------------------------------------------------------------


def test_eruma_there_are_2_types_of_cards_outlaw_and_henchman(eruma):
    """“There are 2 types of cards in Eruma TCG: Outlaw and Henchman.”"""
    assert eruma.card_types == ("Outlaw", "Henchman")
    assert {s.id: s.types for s in eruma.sections} == {
        "deck": ("Outlaw",),
        "extra": ("Henchman",),
    }
    # the designer's list: 96 Outlaws and 21 Henchmen, no longer an illustrative pool
    assert Counter(c.type for c in eruma.cards) == {"Outlaw": 96, "Henchman": 21}
    assert not eruma.illustrative


def test_eruma_outlaws_have_a_class_and_henchmen_do_not(eruma):
    """“Class: Assassin, Thief, Spy or Maniac.” “Henchmen do not have a Class and they are
    identified by the word "Henchman" and the icon above.” “Some Henchman have types.”"""
    henchmen = [c for c in eruma.cards if c.type == "Henchman"]
    assert all(c.get("class") is None for c in henchmen)
    outlaws = [c for c in eruma.cards if c.type == "Outlaw"]
    assert {c.get("class") for c in outlaws} == {"Assassin", "Thief", "Spy", "Maniac"}
    typed = [c for c in henchmen if c.get("keywords")]
    assert 0 < len(typed) < len(henchmen)


def test_eruma_the_pool_refuses_a_class_on_a_henchman_or_none_on_an_outlaw(tmp_path):
    """“Class: Assassin, Thief, Spy or Maniac.” “Henchmen do not have a Class and they are
    identified by the word "Henchman" and the icon above.”"""
    shutil.copytree(default_pool_dir() / "eruma", tmp_path / "eruma")
    path = tmp_path / "eruma" / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    by_name = {card["name"]: card for card in data["cards"]}
    del by_name["Lazarus"]["class"]
    by_name["Zombie"]["class"] = "Maniac"
    by_name["Gretel"]["creates"] = ["Rat", "Beer"]
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    problems = {(p.card, p.field): p for p in check_pools(tmp_path)}
    assert sorted(problems) == [("Gretel", "creates"), ("Lazarus", "class"), ("Zombie", "class")]
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [n for n, line in enumerate(lines, 1) if line.startswith("- id: ")]
    for (card, _), problem in problems.items():
        assert problem.file == str(path)
        # the line cited is within the card's own mapping
        start = max(n for n in starts if n <= problem.line)
        assert f"  name: {card}" in lines[start : start + 2]
    assert "Beer" in problems["Gretel", "creates"].message


def test_eruma_other_reading_missing_henchmen_make_a_deck_illegal(eruma, check):
    """“When a card's power tells you to summon a Henchman, you must take the card with the
    matching name from your Extra Deck”

    Deckwright reads this as a warning (the decision in game.yaml); the format built on the
    other reading makes it an error."""
    (decision, _) = eruma.decisions_for(SUMMONS_WARNING)
    assert decision.alternative == "henchmen-required"
    assert eruma.decisions_for(SUMMONS_WARNING, "henchmen-required")[0].alternative is None

    text = eruma_deck(henchmen=changed(HENCHMEN, {"Zombie": 0, "Borobo": 0}))
    assert check(eruma, text).legal
    strict = check(eruma, text, "henchmen-required")
    assert not strict.legal
    assert rule_ids(strict, "error") == [HENCHMEN_WARNING, SUMMONS_WARNING]
    assert [p.message for p in strict.errors] == [
        "Henchmen your Outlaws create must be in your Extra Deck:"
        " Lazarus creates Zombie, but your Extra Deck has no Zombie",
        "Henchmen your Henchmen create must be in your Extra Deck:"
        " Pumpkin creates Borobo, but your Extra Deck has no Borobo",
    ]
    assert check(eruma, eruma_deck(), "henchmen-required").problems == []


def _fitting(game, text: str, *names: str) -> dict[str, str | None]:
    """The builder's "fits my deck" in Henchmen required: None, or the rule a copy breaks."""
    deck = parse_text(text, game).deck
    cards = [game.find_card(name) for name in names]
    found = misfits(deck, "henchmen-required", None, cards)
    return {card.name: found[card.id] and found[card.id].rule for card in cards}


@pytest.mark.parametrize("format_id", ["standard", "henchmen-required"])
def test_eruma_henchmen_listed_under_deck_still_fit_the_extra_deck(eruma, format_id):
    """“The Extra deck has Henchman Cards only, which are cards summoned by Outlaw cards
    during the game. Your Extra Deck can have as many cards as you want and no limits for
    copies of the same card.”

    The builder's "fits my deck": two Demons listed under Deck are a problem of the deck as
    it is, not of a copy more, which goes in the Extra Deck and fits there; so does
    Grotheus, who creates Demon (in Henchmen required, with a Demon added to the Extra Deck
    for him). Demon was hidden in both formats and Grotheus in Henchmen required, with the
    Deck's problem as their reason. A second Charlotte still does not fit."""
    entries = [{"card": "Charlotte", "count": 1}, {"card": "Demon", "count": 2}]
    listed = parse_mapping({"sections": {"deck": entries}}, eruma).deck
    assert "eruma-deck-outlaws-only" in rule_ids(validate(listed, format_id))
    cards = [eruma.find_card(name) for name in ("Demon", "Grotheus", "Charlotte")]
    found = misfits(listed, format_id, None, cards)
    assert {card.name: found[card.id] and found[card.id].rule for card in cards} == {
        "Demon": None,
        "Grotheus": None,
        "Charlotte": "eruma-one-copy",
    }


def test_eruma_other_reading_a_maniac_fits_before_its_henchmen(eruma, pool_variant):
    """“When a card's power tells you to summon a Henchman, you must take the card with the
    matching name from your Extra Deck”

    Read as a requirement, it is met by adding the Henchmen: Gretel fits a deck that has no
    Rat or Bear yet (she was hidden from "fits my deck" until they were added first), and
    so does Endora, whose Pumpkin creates Borobo. Henchmen that cannot be added (banned, or
    more than the Extra Deck may hold, in copies of the pool) hide the Maniac who creates
    them."""
    charlotte = decklist({"Deck": [(1, "Charlotte")]})
    assert _fitting(eruma, charlotte, "Gretel", "Lazarus", "Endora") == {
        "Gretel": None,
        "Lazarus": None,
        "Endora": None,
    }

    def ban_zombie_and_keep_two_henchmen(data):
        strict = next(f for f in data["formats"] if f["id"] == "henchmen-required")
        strict["banlists"] = [{"date": "2024-01-01", "banned": ["Zombie"]}]
        strict["rules"] += [
            {"id": "banned", "check": "banlist", "title": "Banned", "cite": "A house rule."},
            {
                "id": "two-henchmen",
                "check": "section-size",
                "section": "extra",
                "max": 2,
                "title": "Two Henchmen",
                "cite": "A house rule.",
            },
        ]

    # Zombie is banned; beside a Shark, Rat and Bear (or Pumpkin and its Borobo) are one
    # Henchman too many for an Extra Deck of two, and Illusion is not. The rule said is the
    # one the Maniac breaks: its Henchmen are missing.
    strict = pool_variant("eruma", edit_game=ban_zombie_and_keep_two_henchmen)
    shark = decklist({"Deck": [(1, "Charlotte")], "Extra Deck": [(1, "Shark")]})
    assert _fitting(strict, shark, "Lazarus", "Gretel", "Endora", "Russula", "Marvaud") == {
        "Lazarus": SUMMONS_WARNING,
        "Gretel": SUMMONS_WARNING,
        "Endora": SUMMONS_WARNING,
        "Russula": None,
        "Marvaud": None,
    }


def test_eruma_only_maniacs_can_summon_henchman_cards(eruma):
    """“Maniac Skill: Only Maniacs can summon Henchman cards.” “Whenever a card's text
    directly contradicts these rules, the card takes precedence.”"""
    creators = [c for c in eruma.cards if c.get("creates")]
    # Every Outlaw that creates is a Maniac; two Henchmen create Henchmen by their own text.
    assert {c.get("class") for c in creators if c.type == "Outlaw"} == {"Maniac"}
    assert sorted(c.name for c in creators if c.type == "Henchman") == ["Pumpkin", "Zombie"]
    created = {name for c in creators for name in c.get("creates")}
    # every name created is a Henchman of the pool, and every Henchman can be created
    assert {eruma.find_card(name).type for name in created} == {"Henchman"}
    assert created == {c.name for c in eruma.cards if c.type == "Henchman"}


def test_eruma_every_problem_of_a_deck_is_reported_at_once(eruma, check):
    """“Assemble your favorite cards into a Deck that follows these rules:”"""
    outlaws = changed(OUTLAWS, {"Charlotte": 2, "Sheep": 1})
    henchmen = changed(HENCHMEN, {"Zombie": 0, "Clyde": 1})
    result = check(eruma, eruma_deck(outlaws, henchmen))
    assert not result.legal
    assert rule_ids(result, "error") == [
        "eruma-deck-outlaws-only",
        "eruma-extra-henchmen-only",
        "eruma-fifteen-cards",
        "eruma-one-copy",
    ]
    assert rule_ids(result, "warning") == [SUMMONS_WARNING]
    # 16 Outlaw cards (Charlotte twice); the Henchman under Deck is not one of them
    (size,) = (p for p in result.problems if p.rule == "eruma-fifteen-cards")
    assert size.actual == 16


# -- The example decks and the guide's quotes ---------------------------------------------------


def test_eruma_example_decks_validate_as_named(run_cli, example):
    """“Assemble your favorite cards into a Deck that follows these rules:”"""
    legal = run_cli("validate", "-g", "eruma", example("eruma-legal.txt"))
    assert legal.exit_code == 0, legal.output
    assert "legal in ERUMA Standard" in legal.output
    assert "error:" not in legal.output
    assert "warning:" not in legal.output

    illegal = run_cli("validate", "-g", "eruma", example("eruma-illegal.txt"))
    assert illegal.exit_code == 1, illegal.output
    assert "NOT legal in ERUMA Standard" in illegal.output
    for rule_id in (
        "eruma-fifteen-cards",
        "eruma-one-copy",
        "eruma-deck-outlaws-only",
        "eruma-extra-henchmen-only",
        SUMMONS_WARNING,
    ):
        assert f"[{rule_id}]" in illegal.output


def test_the_converter_rebuilds_the_shipped_eruma_cards_from_the_card_list(tmp_path):
    """The pool is data made by a rerunnable converter: running it again changes nothing."""
    carddata = Path(convert.DEFAULT_CARDDATA)
    if not (carddata / "eruma" / "cards.json").is_file():
        pytest.skip("the card data is not next to the repository")
    assert convert.main([str(carddata), "--out", str(tmp_path), "--game", "eruma"]) == 0
    shipped = default_pool_dir() / "eruma" / "cards.yaml"
    assert (tmp_path / "eruma" / "cards.yaml").read_text(encoding="utf-8") == shipped.read_text(
        encoding="utf-8"
    )


def test_every_eruma_test_quotes_the_rulebook_verbatim(eruma, assert_quotes_rulebook):
    assert eruma.rulebook == "eruma-quick-play-guide.md"
    assert_quotes_rulebook(globals(), "test_eruma_", eruma.rulebook)
