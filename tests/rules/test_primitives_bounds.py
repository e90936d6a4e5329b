"""Bounds that are not constants: read from the leader card (``{from_leader: attribute}``)
or from a table keyed by the deck's own size (``by_deck_size``), on the Netrunner test pool
(tests/pools/netrunner)."""

from __future__ import annotations

from datetime import date

import pytest

from cardpool import load_game
from tests.pools.support import add_rule, edited, load_test_pool

EARLY = date(2015, 1, 1)
KATE = 'Kate "Mac" McCaffrey: Digital Tinker'
NOISE = "Noise: Hacker Extraordinaire"


@pytest.fixture(scope="module")
def netrunner():
    return load_test_pool("netrunner")


def deck(identities, size: int) -> str:
    """A deck of ``size`` Sure Gambles (copy limits are another rule's) under the identities."""
    return "\n".join(["Identity:", *(f"1 {i}" for i in identities), "Deck:", f"{size} Sure Gamble"])


def size_problems(check, game, text, rule="nr-deck-size"):
    return [p for p in check(game, text, as_of=EARLY).problems if p.rule == rule]


def test_a_deck_holds_at_least_its_identitys_minimum_deck_size(netrunner, check):
    assert size_problems(check, netrunner, deck([KATE], 45)) == []
    (problem,) = size_problems(check, netrunner, deck([KATE], 44))
    assert (problem.actual, problem.expected) == (
        44,
        f"at least 45, the minimum deck size of your identity {KATE}",
    )
    assert problem.message == (
        "At least the identity's minimum deck size: you have 44 cards"
        f" (at least 45, the minimum deck size of your identity {KATE})"
    )
    assert problem.cards == ()


def test_without_an_identity_the_minimum_is_left_to_the_identity_rule(netrunner, check):
    result = check(netrunner, "Deck:\n10 Sure Gamble", as_of=EARLY)
    assert "nr-deck-size" not in {p.rule for p in result.problems}
    assert "nr-one-identity" in {p.rule for p in result.problems}


def test_with_two_identities_the_more_lenient_bound_holds(tmp_path, check):
    """Which identity the player meant to keep is unknown: with Kate (45) and an identity of
    a 40-card minimum, 42 cards are not refused for size (the identity rule speaks)."""

    _, game_yaml = edited(tmp_path, "netrunner", lambda data: None)
    cards = game_yaml.parent / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8")
        + "  - {id: forty, name: Forty Card Test Identity, type: Identity, set: core,\n"
        "     side: Runner, faction: Shaper, min_deck_size: 40, influence_limit: 15}\n",
        encoding="utf-8",
    )
    game = load_game(game_yaml.parent)
    assert size_problems(check, game, deck([KATE, "Forty Card Test Identity"], 42)) == []
    (problem,) = size_problems(check, game, deck([KATE, "Forty Card Test Identity"], 39))
    assert problem.expected.startswith("at least 40, the minimum deck size of your identity")


def table_rule(**extra) -> dict:
    rule = {
        "id": "nr-ice-share",
        "check": "section-size",
        "section": "deck",
        "where": {"type": "ICE"},
        "noun": "ICE card",
        "by_deck_size": [
            {"size": [40, 44], "min": 18, "max": 19},
            {"size": [45, 49], "min": 20, "max": 21},
        ],
        "title": "ICE for the deck's size",
        "cite": "A house rule for the tests.",
    }
    rule.update(extra)
    return rule


def corp(ice: int, other: int) -> str:
    return "\n".join(
        [
            "Identity:",
            "1 Weyland Consortium: Building a Better World",
            "Deck:",
            f"{ice} Enigma",
            f"{other} Hedge Fund",
        ]
    )


def test_a_section_size_bound_read_from_a_table_by_the_decks_size(tmp_path, check):
    """40–44 cards: 18 or 19 of one kind; 45–49 cards: 20 or 21."""
    game, _ = edited(tmp_path, "netrunner", lambda d: add_rule(d, table_rule()))
    assert size_problems(check, game, corp(18, 24), "nr-ice-share") == []  # 42 cards
    assert size_problems(check, game, corp(21, 25), "nr-ice-share") == []  # 46 cards
    (problem,) = size_problems(check, game, corp(19, 26), "nr-ice-share")  # 45 cards
    assert (problem.actual, problem.expected) == (19, "between 20 and 21, for a 45-card deck")
    assert problem.message == (
        "ICE for the deck's size: you have 19 ICE cards (between 20 and 21, for a 45-card deck)"
    )
    (problem,) = size_problems(check, game, corp(20, 22), "nr-ice-share")  # 42 cards
    assert (problem.actual, problem.expected) == (20, "between 18 and 19, for a 42-card deck")


def test_a_deck_size_no_row_covers_is_not_bounded_by_the_table(tmp_path, check):
    game, _ = edited(tmp_path, "netrunner", lambda d: add_rule(d, table_rule()))
    assert size_problems(check, game, corp(2, 60), "nr-ice-share") == []


def test_the_decks_size_may_be_counted_over_other_sections(tmp_path, check):
    """With ``size_sections: [identity, deck]`` the identity counts too: 44 + 1 is a
    45-card row."""
    rule = table_rule(size_sections=["identity", "deck"])
    game, _ = edited(tmp_path, "netrunner", lambda d: add_rule(d, rule))
    (problem,) = size_problems(check, game, corp(19, 25), "nr-ice-share")
    assert problem.expected == "between 20 and 21, for a 45-card deck"
