"""deck-sum: a number the cards carry, added up over the deck and held within a bound,
shown on Netrunner's influence and agenda points (tests/pools/netrunner)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.pools.support import add_rule, edited, load_test_pool

# Before the first rotation, when every set of the pool is legal.
EARLY = date(2015, 1, 1)


@pytest.fixture(scope="module")
def netrunner():
    return load_test_pool("netrunner")


KATE = 'Kate "Mac" McCaffrey: Digital Tinker'
PROFESSOR = "The Professor: Keeper of Knowledge"
WEYLAND = "Weyland Consortium: Building a Better World"

# 45 Shaper and neutral cards: a legal deck for Kate, spending no influence.
KATE_OWN = (
    "3 Sure Gamble",
    "3 Infiltration",
    "3 Armitage Codebusting",
    "3 Crypsis",
    "3 Gordian Blade",
    "3 Magnum Opus",
    "3 Diesel",
    "3 The Maker's Eye",
    "3 Akamatsu Mem Chip",
    "3 Rabbit Hole",
    "3 Battering Ram",
    "3 Pipeline",
    "3 Modded",
    "3 Tinkering",
    "3 Aesop's Pawnshop",
)


def deck(identity: str, *lines: str) -> str:
    return "\n".join(["Identity:", f"1 {identity}", "Deck:", *lines])


def found(check, game, text, rule, as_of=EARLY, format_id=None):
    result = check(game, text, format_id, as_of)
    return [p for p in result.problems if p.rule == rule]


def test_a_deck_of_the_identitys_own_faction_spends_no_influence(netrunner, check):
    result = check(netrunner, deck(KATE, *KATE_OWN), as_of=EARLY)
    assert result.legal, [p.message for p in result.problems]


def test_out_of_faction_influence_over_the_identitys_limit_is_refused(netrunner, check):
    """Kate's limit is 15: 3 Corroder (2 each), 3 Datasucker (1), 3 Femme Fatale (1) and
    3 Déjà Vu (2) spend 18."""
    extra = ("3 Corroder", "3 Datasucker", "3 Femme Fatale", "3 Déjà Vu")
    (problem,) = found(check, netrunner, deck(KATE, *KATE_OWN, *extra), "nr-influence")
    assert problem.actual == 18
    assert problem.expected == f"at most 15, the influence limit of your identity {KATE}"
    assert problem.message == (
        "Influence within the identity's limit: you have 18 influence"
        f" (at most 15, the influence limit of your identity {KATE})"
    )
    # the cards that spend it are named, her own and neutral ones are not
    assert set(problem.cards) == {"Corroder", "Datasucker", "Femme Fatale", "Déjà Vu"}


def test_out_of_faction_influence_up_to_the_limit_is_legal(netrunner, check):
    """3 Corroder (6), 3 Datasucker (3), 3 Femme Fatale (3) and 1 Ninja (2) spend 14."""
    extra = ("3 Corroder", "3 Datasucker", "3 Femme Fatale", "1 Ninja")
    result = check(netrunner, deck(KATE, *KATE_OWN, *extra), as_of=EARLY)
    assert result.legal, [p.message for p in result.problems]


def test_a_card_of_the_identitys_faction_spends_nothing(netrunner, check):
    """Corroder is an Anarch card: Noise, an Anarch, plays it for free; Kate pays 2 a copy."""
    cards = ("3 Corroder", "3 Déjà Vu", "3 Datasucker", "3 Account Siphon")
    # Noise spends 12, on Account Siphon alone: within his 15
    noise = deck("Noise: Hacker Extraordinaire", *cards)
    assert found(check, netrunner, noise, "nr-influence") == []
    (kate,) = found(check, netrunner, deck(KATE, *cards), "nr-influence")
    assert kate.actual == 6 + 6 + 3 + 12


def test_each_identitys_own_limit_bounds_its_influence(netrunner, check):
    """The Professor's influence limit is 1: a Datasucker fits, a Corroder does not."""
    assert found(check, netrunner, deck(PROFESSOR, *KATE_OWN, "1 Datasucker"), "nr-influence") == []
    (problem,) = found(check, netrunner, deck(PROFESSOR, *KATE_OWN, "1 Corroder"), "nr-influence")
    assert (problem.actual, problem.cards) == (2, ("Corroder",))
    assert problem.expected == f"at most 1, the influence limit of your identity {PROFESSOR}"


def test_without_an_identity_no_influence_is_counted(netrunner, check):
    text = "Deck:\n" + "\n".join((*KATE_OWN, "3 Account Siphon", "3 Desperado"))
    assert found(check, netrunner, text, "nr-influence") == []


AGENDAS_21 = (
    "3 Priority Requisition",  # 3 points each
    "3 Private Security Force",  # 2
    "3 Hostile Takeover",  # 1
    "3 Posted Bounty",  # 1
)


def corp(size: int, *agendas: str) -> str:
    """A Weyland deck of ``size`` cards: the agendas, and Hedge Funds (no points) for the rest.
    Copies past 3 break another rule, not this one."""
    held = sum(int(line.split()[0]) for line in agendas)
    return deck(WEYLAND, f"{size - held} Hedge Fund", *agendas)


def test_agenda_points_within_the_row_of_the_decks_size_are_legal(netrunner, check):
    """45 cards hold 20 or 21 points; 42 cards 18 or 19."""
    assert found(check, netrunner, corp(45, *AGENDAS_21), "nr-agenda-points") == []
    assert found(check, netrunner, corp(42, *AGENDAS_21[:3]), "nr-agenda-points") == []


def test_too_few_agenda_points_for_the_decks_size(netrunner, check):
    """18 points are enough for 42 cards, not for 45."""
    (problem,) = found(check, netrunner, corp(45, *AGENDAS_21[:3]), "nr-agenda-points")
    assert (problem.actual, problem.expected) == (18, "between 20 and 21, for a 45-card deck")
    assert problem.message == (
        "Agenda points for the deck's size: you have 18 agenda points"
        " (between 20 and 21, for a 45-card deck)"
    )
    assert problem.cards == ()  # no one card is missing


def test_too_many_agenda_points_name_the_agendas(netrunner, check):
    (problem,) = found(
        check, netrunner, corp(45, *AGENDAS_21, "1 Posted Bounty"), "nr-agenda-points"
    )
    assert problem.actual == 22
    assert set(problem.cards) == {
        "Priority Requisition",
        "Private Security Force",
        "Hostile Takeover",
        "Posted Bounty",
    }


def test_a_deck_size_no_row_covers_is_left_to_the_size_rule(netrunner, check):
    result = check(netrunner, corp(30, *AGENDAS_21), as_of=EARLY)
    assert "nr-agenda-points" not in {p.rule for p in result.problems}
    assert "nr-deck-size" in {p.rule for p in result.problems}


def test_per_card_adds_a_cards_number_once_however_many_copies(tmp_path, check):
    def once_per_card(data):
        add_rule(
            data,
            {
                "id": "nr-distinct-influence",
                "check": "deck-sum",
                "attribute": "influence",
                "per": "card",
                "leader": "identity",
                "off_leader": "faction",
                "max": 3,
                "title": "At most 3 influence of different cards",
                "cite": "A house rule for the tests.",
            },
        )

    game, _ = edited(tmp_path, "netrunner", once_per_card)
    # per copy 3 Corroder and 3 Datasucker spend 9; once per card, 2 + 1
    text = deck(KATE, *KATE_OWN, "3 Corroder", "3 Datasucker")
    assert found(check, game, text, "nr-distinct-influence") == []
    (problem,) = found(
        check,
        game,
        deck(KATE, *KATE_OWN, "3 Corroder", "3 Datasucker", "1 Ninja"),
        "nr-distinct-influence",
    )
    assert (problem.actual, problem.expected) == (5, "at most 3")


def test_where_picks_the_cards_whose_numbers_add_up(tmp_path, check):
    def neutral_points(data):
        add_rule(
            data,
            {
                "id": "nr-neutral-points",
                "check": "deck-sum",
                "attribute": "agenda_points",
                "where": {"faction": "Neutral"},
                "max": 12,
                "noun": "neutral agenda points",
                "title": "At most 12 neutral agenda points",
                "cite": "A house rule for the tests.",
            },
        )

    game, _ = edited(tmp_path, "netrunner", neutral_points)
    # 3 Priority Requisition and 3 Private Security Force: 15 neutral points of the 21
    (problem,) = found(check, game, corp(45, *AGENDAS_21), "nr-neutral-points")
    assert (problem.actual, problem.cards) == (
        15,
        ("Priority Requisition", "Private Security Force"),
    )
    assert (
        found(
            check,
            game,
            corp(45, "3 Priority Requisition", "1 Private Security Force", "6 Posted Bounty"),
            "nr-neutral-points",
        )
        == []
    )
