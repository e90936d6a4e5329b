"""Eruma TCG deck rules, sentence by sentence (eruma-quick-play-guide.md: Deck, Extra Deck,
Henchman cards).

Every test quotes the sentence it checks; ``test_every_eruma_test_quotes_the_rulebook_verbatim``
holds the quotes to the guide's own words.
"""

from __future__ import annotations

import pytest

from tests.helpers import changed, decklist, rule_ids
from validator import parse_mapping, parse_text, validate

# 15 different Outlaws, 3 of them Maniacs, and the Henchmen those Maniacs summon.
OUTLAWS = [
    (1, name)
    for name in (
        "The Hollow Bride",
        "Widow Nightshade",
        "Red Cap Butcher",
        "Lady Tallow",
        "Magpie Mordecai",
        "The Glass-Fingered Boy",
        "Granny Gristle",
        "Lantern Fox Ilse",
        "Whispering Veil",
        "Mother Keyhole",
        "The Faceless Courier",
        "Eavesdrop Ezra",
        "Doctor Sewn-Smile",
        "Baron Bonesaw",
        "Madame Puppetstring",
    )
]
HENCHMEN = [
    (3, "Stitched Hound"),
    (2, "Bone Golem"),
    (2, "Rattling Skeleton"),
    (1, "Marionette Guard"),
]
# 15 Outlaws none of whom summons anything: Assassins, Thieves and Spies only.
NO_MANIACS = [
    (1, name)
    for name in (
        "The Hollow Bride",
        "Widow Nightshade",
        "Red Cap Butcher",
        "Lady Tallow",
        "The Lamplighter",
        "Magpie Mordecai",
        "The Glass-Fingered Boy",
        "Granny Gristle",
        "Lantern Fox Ilse",
        "Cutpurse Cornelius",
        "Whispering Veil",
        "Mother Keyhole",
        "The Faceless Courier",
        "Eavesdrop Ezra",
        "Doll-Eyed Margot",
    )
]
SUMMONS_WARNING = "eruma-summoned-henchmen-in-extra"


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
        (changed(OUTLAWS, {"Eavesdrop Ezra": 0}), 14),
        (changed(OUTLAWS, {"Cutpurse Cornelius": 1}), 16),
    ],
    ids=["14-cards", "16-cards"],
)
def test_eruma_the_deck_must_be_exactly_15_outlaw_cards(eruma, check, outlaws, actual):
    """“The Deck must be exactly 15 Outlaw Cards.”"""
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-fifteen-cards"]
    (problem,) = result.problems
    assert problem.message == f"Your deck must have exactly 15 cards: you have {actual} cards"
    assert problem.section == "deck"
    assert problem.cards == (tuple(name for _, name in outlaws) if actual > 15 else ())
    assert (problem.expected, problem.actual) == ("exactly 15", actual)


def test_eruma_a_henchman_in_the_deck_is_not_legal(eruma, check):
    """“The Deck must be exactly 15 Outlaw Cards.”"""
    outlaws = changed(OUTLAWS, {"Eavesdrop Ezra": 0, "Grave Ghoul": 1})
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-deck-outlaws-only"]
    (problem,) = result.problems
    assert problem.message == "Your deck holds only Outlaw cards: Grave Ghoul is a Henchman card"
    assert problem.section == "deck"
    assert problem.cards == ("Grave Ghoul",)
    assert (problem.expected, problem.actual) == (["Outlaw"], "Henchman")
    assert problem.lines == (16,)


def test_eruma_a_henchman_in_the_deck_is_not_legal_in_the_json_form_either(eruma):
    """“The Deck must be exactly 15 Outlaw Cards.”"""
    names = [name for _, name in changed(OUTLAWS, {"Eavesdrop Ezra": 0, "Choir Wraith": 1})]
    parsed = parse_mapping({"sections": {"deck": names, "extra": ["Stitched Hound"]}}, eruma)
    result = validate(parsed.deck, extra=parsed.problems)
    assert rule_ids(result, "error") == ["eruma-deck-outlaws-only"]
    assert result.errors[0].cards == ("Choir Wraith",)


def test_eruma_you_can_only_have_1_copy_of_the_same_card_in_your_deck(eruma, check):
    """“You can only have 1 copy of the same card in your Deck.”"""
    outlaws = changed(OUTLAWS, {"Eavesdrop Ezra": 0, "The Hollow Bride": 2})
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-one-copy"]
    (problem,) = result.problems
    assert problem.message == (
        "Only 1 copy of each card in your deck: you have 2 copies of The Hollow Bride (at most 1)"
    )
    assert problem.section == "deck"
    assert problem.cards == ("The Hollow Bride",)
    assert (problem.expected, problem.actual) == (1, 2)


def test_eruma_the_same_card_spelled_twice_is_still_two_copies(eruma, check):
    """“You can only have 1 copy of the same card in your Deck.”"""
    outlaws = changed(OUTLAWS, {"Eavesdrop Ezra": 0, "the hollow  BRIDE": 1})
    result = check(eruma, eruma_deck(outlaws))
    assert rule_ids(result) == ["eruma-one-copy"]
    assert (result.problems[0].cards, result.problems[0].actual) == (("The Hollow Bride",), 2)


def test_eruma_a_card_that_says_otherwise_takes_precedence(pool_variant, check):
    """“Whenever a card's text directly contradicts these rules, the card takes precedence.”"""

    def allow_two_brides(cards_yaml):
        bride = next(c for c in cards_yaml["cards"] if c["name"] == "The Hollow Bride")
        bride["max_copies"] = 2

    eruma = pool_variant("eruma", edit_cards=allow_two_brides)
    two = changed(OUTLAWS, {"Eavesdrop Ezra": 0, "The Hollow Bride": 2})
    assert check(eruma, eruma_deck(two)).problems == []

    three = changed(OUTLAWS, {"Eavesdrop Ezra": 0, "Lady Tallow": 0, "The Hollow Bride": 3})
    result = check(eruma, eruma_deck(three))
    assert rule_ids(result) == ["eruma-one-copy"]
    assert (result.problems[0].expected, result.problems[0].actual) == (2, 3)


# -- Extra Deck ----------------------------------------------------------------------------------


def test_eruma_the_extra_deck_has_henchman_cards_only(eruma, check):
    """“The Extra deck has Henchman Cards only, which are cards summoned by Outlaw cards
    during the game.”"""
    result = check(eruma, eruma_deck(henchmen=[*HENCHMEN, (1, "Cutpurse Cornelius")]))
    assert rule_ids(result) == ["eruma-extra-henchmen-only"]
    (problem,) = result.problems
    assert problem.message == (
        "Your Extra Deck holds only Henchman cards: Cutpurse Cornelius is an Outlaw card"
    )
    assert problem.section == "extra"
    assert problem.cards == ("Cutpurse Cornelius",)
    assert (problem.expected, problem.actual) == (["Henchman"], "Outlaw")


def test_eruma_an_outlaw_of_the_deck_listed_again_in_the_extra_deck_is_not_legal(eruma, check):
    """“The Extra deck has Henchman Cards only”"""
    result = check(eruma, eruma_deck(henchmen=[*HENCHMEN, (1, "Baron Bonesaw")]))
    # The Outlaw's second copy is in the Extra Deck, not in the Deck: only the Extra Deck's
    # rule is broken.
    assert rule_ids(result) == ["eruma-extra-henchmen-only"]
    assert result.problems[0].cards == ("Baron Bonesaw",)


def test_eruma_extra_deck_has_no_limit_on_copies(eruma, check):
    """“Your Extra Deck can have as many cards as you want and no limits for copies of the
    same card.”"""
    text = eruma_deck(henchmen=changed(HENCHMEN, {"Stitched Hound": 12}))
    extra = parse_text(text, eruma).deck.sections["extra"]
    assert [(e.card.name, e.count) for e in extra if e.card.name == "Stitched Hound"] == [
        ("Stitched Hound", 12)
    ]
    assert check(eruma, text).problems == []


ALL_HENCHMEN = [
    "Stitched Hound",
    "Plague Rat Swarm",
    "Bone Golem",
    "Marionette Guard",
    "Bog Lurker",
    "Grave Ghoul",
    "Choir Wraith",
    "Cauldron Imp",
    "Rattling Skeleton",
]


@pytest.mark.parametrize(
    "henchmen",
    [
        [(1, "Cauldron Imp")],
        [(1, name) for name in ALL_HENCHMEN],
        [(20, "Stitched Hound"), (20, "Bone Golem"), (20, "Bog Lurker")],
    ],
    ids=["1-card", "9-cards", "60-cards"],
)
def test_eruma_extra_deck_can_have_as_many_cards_as_you_want(eruma, check, henchmen):
    """“Your Extra Deck can have as many cards as you want”"""
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
    assert [p.cards for p in result.problems] == [
        ("Doctor Sewn-Smile",),
        ("Baron Bonesaw",),
        ("Madame Puppetstring",),
    ]


def test_eruma_summoned_henchmen_belong_in_the_extra_deck(eruma, check):
    """“When a card's power tells you to summon a Henchman, you must take the card with the
    matching name from your Extra Deck and play it face-up in any empty position except the
    opponent's Zone 1.”"""
    result = check(eruma, eruma_deck(henchmen=changed(HENCHMEN, {"Rattling Skeleton": 0})))
    assert result.legal
    assert rule_ids(result) == [SUMMONS_WARNING]
    assert rule_ids(result, "error") == []
    (problem,) = result.problems
    assert problem.severity == "warning"
    assert problem.message == (
        "Henchmen your Outlaws summon should be in your Extra Deck: Baron Bonesaw summons"
        " Rattling Skeleton, missing from your Extra Deck"
    )
    assert problem.section == "deck"
    assert problem.cards == ("Baron Bonesaw",)
    assert (problem.expected, problem.actual) == (
        ["Bone Golem", "Rattling Skeleton"],
        ["Bone Golem"],
    )


def test_eruma_a_henchman_in_the_deck_is_not_in_the_extra_deck(eruma, check):
    """“Henchman cards are cards summoned from your Extra Deck”"""
    outlaws = changed(OUTLAWS, {"Eavesdrop Ezra": 0, "Marionette Guard": 1})
    result = check(eruma, eruma_deck(outlaws, changed(HENCHMEN, {"Marionette Guard": 0})))
    assert rule_ids(result, "error") == ["eruma-deck-outlaws-only"]
    (warning,) = result.warnings
    assert warning.message.endswith(
        "Madame Puppetstring summons Marionette Guard, missing from your Extra Deck"
    )


def test_eruma_henchmen_go_to_the_extra_deck_when_a_list_has_no_headers(eruma, check):
    """“Henchman cards are cards summoned from your Extra Deck”"""
    text = "\n".join(f"{count} {name}" for count, name in [*HENCHMEN, *OUTLAWS])
    parsed = parse_text(text, eruma)
    assert {e.card.type for e in parsed.deck.sections["extra"]} == {"Henchman"}
    assert {e.card.type for e in parsed.deck.sections["deck"]} == {"Outlaw"}
    assert check(eruma, text).problems == []


# -- Card types and Henchman cards ---------------------------------------------------------------


def test_eruma_there_are_2_types_of_cards_outlaw_and_henchman(eruma):
    """“There are 2 types of cards in Eruma TCG: Outlaw and Henchman.”"""
    assert eruma.card_types == ("Outlaw", "Henchman")
    assert {c.type for c in eruma.cards} == {"Outlaw", "Henchman"}
    assert {s.id: s.types for s in eruma.sections} == {
        "deck": ("Outlaw",),
        "extra": ("Henchman",),
    }


def test_eruma_henchmen_do_not_have_a_class(eruma):
    """“Henchmen do not have a Class and they are identified by the word "Henchman" and the
    icon above.” “Some Henchman have types.”"""
    henchmen = [c for c in eruma.cards if c.type == "Henchman"]
    assert henchmen
    assert all(c.get("class") is None for c in henchmen)
    assert all(c.get("class") is not None for c in eruma.cards if c.type == "Outlaw")
    typed = [c for c in henchmen if c.get("keywords")]
    assert 0 < len(typed) < len(henchmen)


def test_eruma_only_maniacs_can_summon_henchman_cards(eruma):
    """“Maniac Skill: Only Maniacs can summon Henchman cards.”"""
    summoners = [c for c in eruma.cards if c.get("summons")]
    assert summoners
    assert {(c.type, c.get("class")) for c in summoners} == {("Outlaw", "Maniac")}
    summoned = {name for c in summoners for name in c.get("summons")}
    # every summon names a Henchman of the pool, and every Henchman can be summoned
    assert {eruma.find_card(name).type for name in summoned} == {"Henchman"}
    assert summoned == {c.name for c in eruma.cards if c.type == "Henchman"}


def test_eruma_every_problem_of_a_deck_is_reported_at_once(eruma, check):
    """“Assemble your favorite cards into a Deck that follows these rules:”"""
    outlaws = changed(OUTLAWS, {"The Hollow Bride": 2, "Bog Lurker": 1})
    henchmen = changed(HENCHMEN, {"Rattling Skeleton": 0, "Ferryman Obol": 1})
    result = check(eruma, eruma_deck(outlaws, henchmen))
    assert not result.legal
    assert rule_ids(result, "error") == [
        "eruma-deck-outlaws-only",
        "eruma-extra-henchmen-only",
        "eruma-fifteen-cards",
        "eruma-one-copy",
    ]
    assert rule_ids(result, "warning") == [SUMMONS_WARNING]
    (size,) = (p for p in result.problems if p.rule == "eruma-fifteen-cards")
    assert size.actual == 17


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
    ):
        assert f"[{rule_id}]" in illegal.output


def test_every_eruma_test_quotes_the_rulebook_verbatim(eruma, assert_quotes_rulebook):
    assert eruma.rulebook == "eruma-quick-play-guide.md"
    assert_quotes_rulebook(globals(), "test_eruma_", eruma.rulebook)
