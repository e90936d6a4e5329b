"""RYFT Card Battle deck construction, sentence by sentence (ryft-official-rulebook.md).

Every test quotes the sentence it checks; ``test_every_ryft_test_quotes_the_rulebook_verbatim``
holds the quotes to the rulebook's own words.
"""

from __future__ import annotations

import pytest

from cardpool import PoolError
from tests.helpers import changed, decklist, rule_ids
from validator import parse_text

# 40 cards: 9 Beings, 2 Matrixes, 2 Active Codes at 3 copies each and 1 Delayed Code.
BEINGS = [
    (3, name)
    for name in (
        "Cinder Imp",
        "Flarefox Kit",
        "Magma Golemling",
        "Pyre Knight Valcor",
        "Drowned Sentinel",
        "Gloom Eel",
        "Inkshade Squidling",
        "Byte Drone",
        "Static Hound",
    )
]
CODE = [
    (3, "Caldera Forge"),
    (3, "Sunken Archive"),
    (3, "Flash Fire Protocol"),
    (3, "Undertow Script"),
    (1, "Eruption Countdown"),
]
FORTY = [*BEINGS, *CODE]


def ryft_deck(entries=FORTY) -> str:
    return decklist({"Deck": entries})


def test_ryft_players_build_a_40_card_deck(ryft, check):
    """“In RYFT Card Battle, 2 Players build a 40 card deck to defeat their Rival, with a
    maximum of 3 of each card.”"""
    assert sum(count for count, _ in FORTY) == 40
    result = check(ryft, ryft_deck())
    assert result.problems == []
    assert result.legal


@pytest.mark.parametrize(
    ("entries", "actual"),
    [
        (changed(FORTY, {"Eruption Countdown": 0}), 39),
        (changed(FORTY, {"Logic Bomb": 1}), 41),
    ],
    ids=["39-cards", "41-cards"],
)
def test_ryft_a_deck_of_other_than_40_cards_is_not_legal(ryft, check, entries, actual):
    """“In RYFT Card Battle, 2 Players build a 40 card deck to defeat their Rival”

    The same deck at 40 cards (one Eruption Countdown, no Logic Bomb) is legal."""
    assert check(ryft, ryft_deck()).problems == []

    result = check(ryft, ryft_deck(entries))
    assert rule_ids(result) == ["ryft-forty-cards"]
    (problem,) = result.problems
    assert problem.message == f"Your deck must have exactly 40 cards: you have {actual} cards"
    assert problem.section == "deck"
    # A deck size names no card: no one card is the wrong one.
    assert problem.cards == ()
    assert (problem.expected, problem.actual) == ("exactly 40", actual)


def test_ryft_a_maximum_of_3_of_each_card(ryft, check):
    """“with a maximum of 3 of each card.”"""
    assert check(ryft, ryft_deck()).legal  # 3 copies of 12 cards

    four = changed(FORTY, {"Cinder Imp": 4, "Eruption Countdown": 0})
    result = check(ryft, ryft_deck(four))
    assert rule_ids(result) == ["ryft-three-copies"]
    (problem,) = result.problems
    assert problem.message == (
        "At most 3 copies of each card: you have 4 copies of Cinder Imp (at most 3)"
    )
    assert problem.section == "deck"
    assert problem.cards == ("Cinder Imp",)
    assert (problem.expected, problem.actual) == (3, 4)
    assert problem.lines == (2,)


# 36 cards without Cinder Imp; a test adds its own Cinder Imp lines and fills up with Logic Bomb.
WITHOUT_CINDER_IMP = changed(FORTY, {"Cinder Imp": 0, "Eruption Countdown": 0})


@pytest.mark.parametrize(
    ("spellings", "copies"),
    [
        (["2 Cinder Imp", "1 cinder imp"], 3),
        (["2 Cinder Imp", "1 CINDER-IMP", "1 cinder  imp"], 4),
        (["3 Cinder Imp", "Cinder Imp x1"], 4),
    ],
    ids=["3-in-two-spellings", "4-in-three-spellings", "4-on-two-lines"],
)
def test_ryft_cards_with_the_same_name_are_the_same_card(ryft, check, spellings, copies):
    """“This is the card's name. If a card is mentioned on card text, it will be in
    quotations. Cards with the same name are considered the same card.”"""
    filler = changed(WITHOUT_CINDER_IMP, {"Logic Bomb": 40 - 36 - copies})
    result = check(ryft, ryft_deck(filler) + "\n".join(spellings))
    if copies <= 3:
        assert result.problems == []
        return
    assert rule_ids(result) == ["ryft-three-copies"]
    (problem,) = result.problems
    assert problem.message.endswith(f"you have {copies} copies of Cinder Imp (at most 3)")
    assert problem.section == "deck"
    assert problem.cards == ("Cinder Imp",)
    assert (problem.expected, problem.actual) == (3, copies)


def _reprint_cinder_imp(cards_yaml):
    """Print Cinder Imp again in RYFT2, as a second card with its own id and number."""
    original = next(c for c in cards_yaml["cards"] if c["name"] == "Cinder Imp")
    reprint = {**original, "id": "ryft-cinder-imp-rift", "set": "RYFT2", "number": "RYFT2-020"}
    cards_yaml["cards"].append(reprint)


def test_ryft_two_printings_of_one_name_are_the_same_card(pool_variant, check):
    """“Cards with the same name are considered the same card.”"""
    reprinted = pool_variant("ryft", edit_cards=_reprint_cinder_imp)
    core, rift = (reprinted.card(i) for i in ("ryft-cinder-imp", "ryft-cinder-imp-rift"))
    assert (core.name, core.set, rift.name, rift.set) == (
        "Cinder Imp",
        "RYFT1",
        "Cinder Imp",
        "RYFT2",
    )

    legal = changed(WITHOUT_CINDER_IMP, {"Logic Bomb": 1, "Cinder Imp": 2, "RYFT2-020": 1})
    assert check(reprinted, ryft_deck(legal)).problems == []

    four = changed(WITHOUT_CINDER_IMP, {"Cinder Imp": 2, "RYFT2-020": 2})
    result = check(reprinted, ryft_deck(four))
    assert rule_ids(result) == ["ryft-three-copies"]
    (problem,) = result.problems
    assert problem.message == (
        "At most 3 copies of each card: you have 4 copies of Cinder Imp (at most 3)"
    )
    assert problem.section == "deck"
    assert problem.cards == ("Cinder Imp",)
    assert (problem.expected, problem.actual) == (3, 4)
    assert len(problem.lines) == 2  # both printings' lines


@pytest.mark.parametrize(
    "code_card", ["Logic Bomb", "Tidal Gate", "System Reboot"], ids=["delayed", "matrix", "active"]
)
def test_ryft_decks_consist_of_being_and_code_cards(ryft, check, code_card):
    """“Their decks will consist of Being and Code cards”"""
    entries = changed(FORTY, {"Eruption Countdown": 0, code_card: 1})
    result = check(ryft, ryft_deck(entries))
    assert result.problems == []
    types = {ryft.find_card(name).type for _, name in entries}
    assert types == {"Being", "Matrix", "Active Code", ryft.find_card(code_card).type}


def test_ryft_matrix_cards_are_code_cards(ryft, check):
    """“Matrix Cards are unique Code cards that are placed in Battle Zones.”"""
    matrixes = [(3, "Caldera Forge"), (3, "Sunken Archive"), (3, "Mainframe Nexus")]
    matrixes += [(3, "Overgrown Sanctum"), (3, "Starfall Observatory"), (3, "Ashen Wasteland")]
    entries = changed(BEINGS, {"Static Hound": 0, "Byte Drone": 0, "Tidal Gate": 1}) + matrixes
    assert sum(count for count, _ in entries) == 40
    assert check(ryft, ryft_deck(entries)).problems == []


MATRIXES = ("Caldera Forge", "Sunken Archive")  # the two Matrix cards of FORTY, 3 copies each


def test_ryft_matrix_cards_are_unique_code_cards_read_as_special_up_to_3_copies(ryft, check):
    """“Matrix Cards are unique Code cards that are placed in Battle Zones.” “with a maximum
    of 3 of each card.”

    Deckwright reads “unique” as special, not as one copy per deck (a recorded decision):
    3 copies of a Matrix card are legal in Standard, a fourth is one too many."""
    assert {ryft.find_card(name).type for name in MATRIXES} == {"Matrix"}
    assert check(ryft, ryft_deck()).problems == []

    four = changed(FORTY, {"Caldera Forge": 4, "Eruption Countdown": 0})
    (problem,) = check(ryft, ryft_deck(four)).problems
    assert problem.rule == "ryft-three-copies"
    assert (problem.cards, problem.expected, problem.actual) == (("Caldera Forge",), 3, 4)

    (decision,) = [
        d for d in ryft.decisions_for("ryft-three-copies") if d.alternative == "singleton-matrix"
    ]
    assert decision.reading.startswith("“Matrix Cards are unique Code cards” is read as")
    assert decision not in ryft.decisions_for("ryft-three-copies", "singleton-matrix")


def test_ryft_singleton_matrix_reads_unique_as_one_copy_of_each_matrix(ryft, check):
    """“Matrix Cards are unique Code cards that are placed in Battle Zones.”

    The other reading, offered as the Singleton Matrix format built on Standard: each
    Matrix card at most once, every other card still up to 3 copies."""
    result = check(ryft, ryft_deck(), "singleton-matrix")
    assert result.format == "singleton-matrix"
    assert rule_ids(result) == ["ryft-one-of-each-matrix"]
    assert sorted((p.cards, p.expected, p.actual) for p in result.problems) == [
        (("Caldera Forge",), 1, 3),
        (("Sunken Archive",), 1, 3),
    ]
    (caldera, _) = sorted(result.problems, key=lambda p: p.cards)
    assert caldera.message == (
        "At most 1 copy of each Matrix card: you have 3 copies of Caldera Forge (at most 1)"
    )

    # One of each Matrix, filled up with Code cards: legal; a fourth Being is still too many.
    singles = changed(FORTY, {"Caldera Forge": 1, "Sunken Archive": 1, "Logic Bomb": 3})
    singles = changed(singles, {"Eruption Countdown": 2})
    assert sum(count for count, _ in singles) == 40
    assert check(ryft, ryft_deck(singles), "singleton-matrix").problems == []
    four = changed(singles, {"Cinder Imp": 4, "Eruption Countdown": 1})
    (problem,) = check(ryft, ryft_deck(four), "singleton-matrix").problems
    assert (problem.rule, problem.cards, problem.actual) == (
        "ryft-three-copies",
        ("Cinder Imp",),
        4,
    )

    # A fourth copy of a Matrix is one problem, not also a break of the 3-copy rule.
    too_many = changed(singles, {"Caldera Forge": 4, "Logic Bomb": 0})
    (problem,) = check(ryft, ryft_deck(too_many), "singleton-matrix").problems
    assert (problem.rule, problem.cards, problem.actual) == (
        "ryft-one-of-each-matrix",
        ("Caldera Forge",),
        4,
    )


def test_ryft_active_and_delayed_codes_are_code_cards(ryft, check):
    """“Active & Delayed cards are used in a Player's Code Zones.”"""
    codes = [(3, n) for n in ("Flash Fire Protocol", "Undertow Script", "Voltage Spike")]
    codes += [(3, n) for n in ("Rapid Bloom", "Ryft Surge", "Eruption Countdown")]
    codes += [(3, n) for n in ("Pressure Trap", "Logic Bomb", "Bramble Snare", "Eclipse Seal")]
    entries = [*codes, (3, "Cinder Imp"), (3, "Gloom Eel"), (3, "Byte Drone"), (1, "Comet Hare")]
    assert sum(count for count, _ in entries) == 40
    assert check(ryft, ryft_deck(entries)).problems == []


BY_RULEBOOK_NAMES = """RYFT - Abyss/Aether control (v0.4.6)

Beings (22)
3x Drowned Sentinel
3x Gloom Eel
3x Inkshade Squidling
2x Abyssal Kraken Moor
1x Leviathan Null-Tide
3x Comet Hare
3x Nebula Moth
3x Starling Wisp
1x Celestial Arbiter

Matrixes (6)
3x Sunken Archive
3x Starfall Observatory

Active (6)
3x Undertow Script
3x Ryft Surge

Delayed (6)
3x Pressure Trap
3x Eclipse Seal
"""


@pytest.mark.parametrize(
    ("active", "delayed"),
    [
        ("Active (6)", "Delayed (6)"),
        ("Active cards:", "Delayed cards:"),
        ("Active/Delayed Codes (12)", ""),
        ("Code Cards (12)", ""),
    ],
)
def test_ryft_active_and_delayed_cards_grouped_as_the_rulebook_names_them(
    ryft, check, active, delayed
):
    """“Active & Delayed cards are used in a Player's Code Zones.” “Their decks will consist
    of Being and Code cards”

    A list grouped under the rulebook's own names for Code cards is one 40-card deck: ``Active
    (6)`` and ``Delayed (6)`` were each read as an unknown card, and the legal deck as illegal.
    A fourth copy and a Token under such a header are still the deck's problems."""
    text = BY_RULEBOOK_NAMES.replace("Active (6)", active).replace("Delayed (6)", delayed)
    result = check(ryft, text)
    assert rule_ids(result, "error") == []
    assert result.legal
    codes = [e.card.type for e in parse_text(text, ryft).deck.sections["deck"]]
    assert (codes.count("Active Code"), codes.count("Delayed Code")) == (2, 2)

    broken = text.replace("3x Ryft Surge", "4x Ryft Surge\n1x Ember Spawn")
    # and a header counting its cards ("Active (6)") says it no longer holds that many
    recounted = ["decklist-header-count"] if "(" in active else []
    assert rule_ids(check(ryft, broken)) == [
        *recounted,
        "decklist-ignored-line",
        "ryft-being-and-code-only",
        "ryft-forty-cards",
        "ryft-three-copies",
    ]


@pytest.mark.parametrize("token", ["Ember Spawn", "Data Fragment"])
def test_ryft_a_token_is_neither_a_being_nor_a_code_card(ryft, check, token):
    """“Their decks will consist of Being and Code cards”

    The 40 Being and Code cards are legal; a Token beside them is not, and is the one
    problem: taking it out leaves the legal deck."""
    assert ryft.find_card("Eruption Countdown").type == "Delayed Code"
    assert check(ryft, ryft_deck()).problems == []

    result = check(ryft, ryft_deck([*FORTY, (1, token)]))
    assert rule_ids(result) == ["ryft-being-and-code-only"]
    (problem,) = result.problems
    assert problem.message == (
        f"Your deck holds only Being and Code cards: {token} is a Token card"
    )
    assert problem.section == "deck"
    assert problem.cards == (token,)
    assert (problem.expected, problem.actual) == (
        ["Active Code", "Being", "Delayed Code", "Matrix"],
        "Token",
    )


def test_ryft_a_token_is_not_one_of_the_40_cards(ryft, check):
    """“In RYFT Card Battle, 2 Players build a 40 card deck to defeat their Rival” “Their
    decks will consist of Being and Code cards”

    A Token in place of the 40th card leaves 39 Being and Code cards: both are said at once,
    so taking the Token out does not reveal a short deck only then. The player lists 40
    cards, so the words say which one is not counted ('you have 39 cards' alone reads as a
    miscount)."""
    result = check(ryft, ryft_deck(changed(FORTY, {"Eruption Countdown": 0, "Ember Spawn": 1})))
    assert rule_ids(result) == ["ryft-being-and-code-only", "ryft-forty-cards"]
    (size,) = (p for p in result.problems if p.rule == "ryft-forty-cards")
    assert size.message == (
        "Your deck must have exactly 40 cards: you have 39 cards, not counting Ember Spawn"
    )
    assert (size.expected, size.actual) == ("exactly 40", 39)

    without_token = check(ryft, ryft_deck(changed(FORTY, {"Eruption Countdown": 0})))
    assert rule_ids(without_token) == ["ryft-forty-cards"]
    assert without_token.problems[0].actual == 39
    assert without_token.problems[0].message == (
        "Your deck must have exactly 40 cards: you have 39 cards"
    )


def test_ryft_a_card_that_contradicts_the_rulebook_is_followed(ryft, pool_variant, check):
    """“If any card effect contradicts a ruling in the Rulebook, you must follow the text
    listed on the card.” “with a maximum of 3 of each card.”

    A card printed with its own limit (none of the illustrative pool is) is held to it, not
    to 3: 4 copies of a card that allows 4 are legal, a fifth is not, and the message says
    whose limit it is. Every other card keeps the rulebook's 3."""

    def allow_four(cards_yaml):
        next(c for c in cards_yaml["cards"] if c["name"] == "Cinder Imp")["max_copies"] = 4

    assert all(card.max_copies is None for card in ryft.cards)
    generous = pool_variant("ryft", edit_cards=allow_four)
    four = changed(FORTY, {"Cinder Imp": 4, "Eruption Countdown": 0})
    assert check(generous, ryft_deck(four)).problems == []

    five = changed(FORTY, {"Cinder Imp": 5, "Eruption Countdown": 0, "Gloom Eel": 2})
    (problem,) = check(generous, ryft_deck(five)).problems
    assert problem.rule == "ryft-three-copies"
    assert problem.message == (
        "At most 3 copies of each card: you have 5 copies of Cinder Imp"
        " (this card allows at most 4)"
    )
    assert (problem.expected, problem.actual) == (4, 5)

    other = changed(FORTY, {"Gloom Eel": 4, "Eruption Countdown": 0})
    assert rule_ids(check(generous, ryft_deck(other))) == ["ryft-three-copies"]

    # The sentence ends “Cards take priority over the Rulebook during gameplay.”: that a
    # card's own limit counts when the deck is built is a reading, recorded with the rule,
    # in both formats.
    for format_id, rule_id in (
        ("standard", "ryft-three-copies"),
        ("singleton-matrix", "ryft-three-copies"),
        ("singleton-matrix", "ryft-one-of-each-matrix"),
    ):
        readings = [d.reading for d in ryft.decisions_for(rule_id, format_id)]
        assert any("during gameplay" in reading for reading in readings), (format_id, rule_id)


@pytest.mark.parametrize("format_id", ["standard", "singleton-matrix"])
def test_ryft_four_tokens_are_no_deck_cards_not_one_copy_too_many(ryft, check, format_id):
    """“Their decks will consist of Being and Code cards” “with a maximum of 3 of each card.”

    4 copies of a Token beside 40 deck cards are one problem, the Token: "at most 3" said of
    it too read as if 3 Tokens were allowed."""
    beings = changed(BEINGS, {"Cinder Imp": 2})
    code = [(1, "Caldera Forge"), (1, "Sunken Archive"), (3, "Flash Fire Protocol")]
    code += [(3, "Undertow Script"), (3, "Logic Bomb"), (3, "Eruption Countdown")]
    entries = [*beings, *code]
    assert sum(count for count, _ in entries) == 40
    assert check(ryft, ryft_deck(entries), format_id).problems == []
    entries.append((4, "Ember Spawn"))
    (problem,) = check(ryft, ryft_deck(entries), format_id).problems
    assert problem.rule == "ryft-being-and-code-only"
    assert (problem.cards, problem.actual) == (("Ember Spawn",), "Token")


def test_ryft_every_problem_of_a_deck_is_reported_at_once(ryft, check):
    """“In RYFT Card Battle, 2 Players build a 40 card deck to defeat their Rival, with a
    maximum of 3 of each card. Their decks will consist of Being and Code cards”"""
    entries = changed(FORTY, {"Cinder Imp": 4, "Gloom Eel": 5, "Ember Spawn": 2})
    result = check(ryft, ryft_deck(entries))
    assert not result.legal
    assert rule_ids(result) == [
        "ryft-being-and-code-only",
        "ryft-forty-cards",
        "ryft-three-copies",
    ]
    copies = {p.cards: p.actual for p in result.problems if p.rule == "ryft-three-copies"}
    assert copies == {("Cinder Imp",): 4, ("Gloom Eel",): 5}
    (size,) = (p for p in result.problems if p.rule == "ryft-forty-cards")
    # 40 cards, a 4th Cinder Imp and a 4th and 5th Gloom Eel: 43 (the 2 Tokens are no deck cards)
    assert size.actual == 43


def test_ryft_example_decks_validate_as_named(run_cli, example):
    """“In RYFT Card Battle, 2 Players build a 40 card deck to defeat their Rival, with a
    maximum of 3 of each card.”"""
    legal = run_cli("validate", "-g", "ryft", example("ryft-legal.txt"))
    assert legal.exit_code == 0, legal.output
    assert "legal in RYFT Standard" in legal.output
    assert "error:" not in legal.output

    illegal = run_cli("validate", "-g", "ryft", example("ryft-illegal.txt"))
    assert illegal.exit_code == 1, illegal.output
    assert "NOT legal in RYFT Standard" in illegal.output
    for rule_id in ("ryft-forty-cards", "ryft-three-copies", "ryft-being-and-code-only"):
        assert f"[{rule_id}]" in illegal.output
    assert "Your deck must have exactly 40 cards: you have 41 cards" in illegal.output


def test_ryft_all_cards_have_a_domain(ryft, pool_variant):
    """“All cards have a [DOMAIN], and mixing Domains can create unique combos.”"""
    assert all(card.get("domain") for card in ryft.cards)

    def drop_domain(cards_yaml):
        del next(c for c in cards_yaml["cards"] if c["name"] == "Cinder Imp")["domain"]

    with pytest.raises(PoolError) as caught:
        pool_variant("ryft", edit_cards=drop_domain)
    (problem,) = caught.value.problems
    assert (problem.card, problem.field) == ("Cinder Imp", "domain")


def test_every_ryft_test_quotes_the_rulebook_verbatim(ryft, assert_quotes_rulebook):
    assert ryft.rulebook == "ryft-official-rulebook.md"
    assert_quotes_rulebook(globals(), "test_ryft_", ryft.rulebook)
