"""``where`` on every primitive and ``when_leader`` (a rule for one kind of deck only), on the
Netrunner test pool (tests/pools/netrunner). Rules added here are house rules for the tests."""

from __future__ import annotations

from datetime import date

import pytest

from tests.pools.support import add_rule, edited, format_of, load_test_pool

EARLY = date(2015, 1, 1)
LATE = date(2018, 1, 1)  # after the Core Set rotated out
KATE = 'Kate "Mac" McCaffrey: Digital Tinker'
WEYLAND = "Weyland Consortium: Building a Better World"
NBN = "NBN: Making News"


@pytest.fixture(scope="module")
def netrunner():
    return load_test_pool("netrunner")


def deck(identity: str | None, *lines: str) -> str:
    head = ["Identity:", f"1 {identity}"] if identity else []
    return "\n".join([*head, "Deck:", *lines])


def rule_problems(check, game, text, rule, as_of=EARLY):
    return [p for p in check(game, text, as_of=as_of).problems if p.rule == rule]


def with_rule(tmp_path, rule: dict, edit=None):
    def change(data):
        add_rule(data, {"title": "House rule", "cite": "A house rule for the tests.", **rule})
        if edit is not None:
            edit(data)

    game, _ = edited(tmp_path, "netrunner", change)
    return game


def test_a_rule_for_corp_decks_says_nothing_of_a_runner_deck(netrunner, check):
    """Agenda points (when_leader: {side: Corp}) bind Weyland's 45 cards, not Kate's."""
    runner = deck(KATE, "45 Sure Gamble")
    assert rule_problems(check, netrunner, runner, "nr-agenda-points") == []
    corp = deck(WEYLAND, "45 Hedge Fund")
    (problem,) = rule_problems(check, netrunner, corp, "nr-agenda-points")
    assert problem.actual == 0


def test_a_rule_for_one_kind_of_deck_is_silent_without_a_leader(netrunner, check):
    assert rule_problems(check, netrunner, deck(None, "45 Hedge Fund"), "nr-agenda-points") == []


def test_when_leader_on_a_size_rule(tmp_path, check):
    game = with_rule(
        tmp_path,
        {
            "id": "nr-runner-events",
            "check": "section-size",
            "section": "deck",
            "where": {"type": "Event"},
            "max": 6,
            "noun": "event",
            "leader": "identity",
            "when_leader": {"faction": "Shaper"},
        },
    )
    events = ("3 Sure Gamble", "3 Diesel", "3 Infiltration")
    (problem,) = rule_problems(check, game, deck(KATE, *events), "nr-runner-events")
    assert problem.actual == 9
    noise = deck("Noise: Hacker Extraordinaire", *events)
    assert rule_problems(check, game, noise, "nr-runner-events") == []


def test_leader_match_where_holds_agendas_alone_to_the_faction(netrunner, check):
    """An NBN agenda is refused in a Weyland deck; a Weyland ICE in an NBN deck spends
    influence instead."""
    (problem,) = rule_problems(
        check, netrunner, deck(WEYLAND, "3 AstroScript Pilot Program"), "nr-agendas-in-faction"
    )
    assert problem.cards == ("AstroScript Pilot Program",)
    assert rule_problems(check, netrunner, deck(NBN, "3 Ice Wall"), "nr-agendas-in-faction") == []


def test_allowed_types_where(tmp_path, check):
    game = with_rule(
        tmp_path,
        {
            "id": "nr-weyland-ice",
            "check": "allowed-types",
            "section": "deck",
            "types": ["ICE"],
            "where": {"faction": "Weyland Consortium"},
        },
    )
    text = deck(WEYLAND, "3 Ice Wall", "3 Scorched Earth", "3 Hedge Fund")
    (problem,) = rule_problems(check, game, text, "nr-weyland-ice")
    assert problem.cards == ("Scorched Earth",)


def test_banlist_where(tmp_path, check):
    def ban(data):
        format_of(data)["banlists"] = [
            {"date": "2014-01-01", "banned": ["Corroder", "Scorched Earth"]}
        ]

    game = with_rule(
        tmp_path, {"id": "nr-corp-bans", "check": "banlist", "where": {"side": "Corp"}}, ban
    )
    text = deck(None, "3 Corroder", "3 Scorched Earth")
    (problem,) = rule_problems(check, game, text, "nr-corp-bans")
    assert problem.cards == ("Scorched Earth",)


def test_legal_sets_where(tmp_path, check):
    game = with_rule(
        tmp_path,
        {"id": "nr-deck-sets", "check": "legal-sets", "where": {"not": {"type": "Identity"}}},
    )
    text = deck(KATE, "3 Déjà Vu")
    (problem,) = rule_problems(check, game, text, "nr-deck-sets", LATE)
    assert problem.cards == ("Déjà Vu",)
    # the pool's own rule, without where, refuses Kate's rotated identity too
    assert len(rule_problems(check, game, text, "nr-legal-sets", LATE)) == 2


def test_distinct_values_where(tmp_path, check):
    game = with_rule(
        tmp_path,
        {
            "id": "nr-one-program-faction",
            "check": "distinct-values",
            "attribute": "faction",
            "max": 1,
            "where": {"type": "Program"},
        },
    )
    assert (
        rule_problems(
            check, game, deck(None, "3 Déjà Vu", "3 Gordian Blade"), "nr-one-program-faction"
        )
        == []
    )
    (problem,) = rule_problems(
        check, game, deck(None, "3 Corroder", "3 Gordian Blade"), "nr-one-program-faction"
    )
    assert problem.actual == 2


def test_ordered_positions_where(tmp_path, check):
    game = with_rule(
        tmp_path,
        {
            "id": "nr-neutral-event-first",
            "check": "ordered-positions",
            "section": "deck",
            "attribute": "faction",
            "positions": {"Neutral": "first"},
            "where": {"type": "Event"},
        },
    )
    # Crypsis is a neutral program: where leaves it anywhere
    ok = deck(None, "1 Sure Gamble", "1 Diesel", "1 Crypsis")
    assert rule_problems(check, game, ok, "nr-neutral-event-first") == []
    (problem,) = rule_problems(
        check, game, deck(None, "1 Diesel", "1 Sure Gamble"), "nr-neutral-event-first"
    )
    assert problem.cards == ("Sure Gamble",)


def test_bucket_coverage_where(tmp_path, check):
    game = with_rule(
        tmp_path,
        {
            "id": "nr-anarch-curve",
            "check": "bucket-coverage",
            "section": "deck",
            "attribute": "influence",
            "buckets": [{"name": "light", "max": 1}, {"name": "heavy", "min": 2}],
            "where": {"faction": "Anarch"},
        },
    )
    # Sure Gamble (neutral, 0) would fill "light" but where counts Anarch cards alone
    (problem,) = rule_problems(
        check, game, deck(None, "3 Corroder", "3 Sure Gamble"), "nr-anarch-curve"
    )
    assert problem.actual == ["light"]
    assert (
        rule_problems(check, game, deck(None, "3 Corroder", "3 Datasucker"), "nr-anarch-curve")
        == []
    )
