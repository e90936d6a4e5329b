"""Deck rules of games Deckwright does not ship, written in YAML alone, each on a small pool
in the test's own folder: Magic's Commander (two commanders both need partner; every card
within the commander's color identity), Magic's Standard (a card joining at a rotation) and
Netrunner's agenda points (2 more for every 5 cards, however large the deck)."""

from __future__ import annotations

from datetime import date

import pytest

from cardpool import PoolError, load_game
from validator import compiled

GAME = """\
id: mtg
name: "Magic: The Gathering"
short_name: MTG
card_types: [Creature, Instant, Artifact, Land]
attributes:
  colors: {label: Color identity, kind: list, values: [W, U, B, R, G]}
  keywords: {label: Keywords, kind: list, values: [Partner, Flying]}
sections:
  - {id: commander, name: Commander, noun: commander, types: [Creature]}
  - {id: deck, name: Deck, noun: card, types: [Creature, Instant, Artifact, Land]}
default_section: deck
default_format: commander
formats:
  - id: commander
    name: Commander
    rules:
      - {id: cmd-commanders, check: section-size, section: commander, min: 1, max: 2,
         title: One commander or two partners, cite: ""}
      - {id: cmd-partners, check: co-leaders, leader: commander,
         each: {keywords: {contains: Partner}}, noun: partner commander,
         title: Two commanders only if both have partner, cite: ""}
      - {id: cmd-identity, check: leader-match, leader: commander, attribute: colors, mode: same,
         title: Every card within the commander's color identity, cite: ""}
"""

CARDS = """\
game: mtg
sets:
  - {code: CMM, name: Commander Masters, released: 2023-08-04}
cards:
  - {id: thrasios, name: "Thrasios, Triton Hero", type: Creature, set: CMM, colors: [G, U],
     keywords: [Partner]}
  - {id: tymna, name: Tymna the Weaver, type: Creature, set: CMM, colors: [W, B],
     keywords: [Partner]}
  - {id: krenko, name: "Krenko, Mob Boss", type: Creature, set: CMM, colors: [R]}
  - {id: sheoldred, name: "Sheoldred, the Apocalypse", type: Creature, set: CMM, colors: [B]}
  - {id: grist, name: "Grist, the Hunger Tide", type: Creature, set: CMM, colors: [B, G]}
  - {id: dimir, name: Dimir Signet, type: Artifact, set: CMM, colors: [U, B]}
  - {id: shock, name: Shock, type: Instant, set: CMM, colors: [R]}
  - {id: sol-ring, name: Sol Ring, type: Artifact, set: CMM}
  - {id: wastes, name: Wastes, type: Land, set: CMM}
"""


def write_pool(tmp_path, game: str = GAME):
    folder = tmp_path / "pools" / "mtg"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return folder


@pytest.fixture
def mtg(tmp_path):
    return load_game(write_pool(tmp_path))


def deck(commanders, *cards: str) -> str:
    return "\n".join(["Commander:", *(f"1 {c}" for c in commanders), "Deck:", *cards])


def found(check, game, text, rule):
    return [p for p in check(game, text).problems if p.rule == rule]


def test_two_commanders_that_both_have_partner_lead_together(mtg, check):
    result = check(mtg, deck(["Thrasios, Triton Hero", "Tymna the Weaver"], "1 Sol Ring"))
    assert result.legal, [p.message for p in result.problems]


def test_a_commander_without_partner_leads_alone(mtg, check):
    assert found(check, mtg, deck(["Krenko, Mob Boss"], "1 Shock"), "cmd-partners") == []


def test_a_second_commander_needs_both_to_have_partner(mtg, check):
    text = deck(["Thrasios, Triton Hero", "Krenko, Mob Boss"], "1 Sol Ring")
    (problem,) = found(check, mtg, text, "cmd-partners")
    assert problem.message == (
        "Two commanders only if both have partner: you have 2 commanders; each must be"
        " a partner commander, and Krenko, Mob Boss is not"
    )
    assert problem.cards == ("Krenko, Mob Boss",)
    assert (problem.section, problem.lines) == ("commander", (3,))


def test_two_commanders_neither_with_partner_are_both_named(mtg, check):
    text = deck(["Krenko, Mob Boss", "Sheoldred, the Apocalypse"])
    (problem,) = found(check, mtg, text, "cmd-partners")
    assert problem.message.endswith("and Krenko, Mob Boss and Sheoldred, the Apocalypse are not")


def test_how_many_may_lead_is_the_size_rules_not_the_partners(mtg, check):
    """Three partners break the section's size rule alone; two copies of one commander
    listed on one line are two leaders, held to partner like two cards."""
    three = deck(["Thrasios, Triton Hero", "Tymna the Weaver", "Thrasios, Triton Hero"])
    assert {p.rule for p in check(mtg, three).problems} == {"cmd-commanders"}
    (problem,) = found(check, mtg, "Commander:\n2 Krenko, Mob Boss\n", "cmd-partners")
    assert problem.actual == 2


def test_a_card_of_another_type_in_the_commander_slot_does_not_lead(mtg, check):
    text = deck(["Krenko, Mob Boss", "Sol Ring"])
    assert found(check, mtg, text, "cmd-partners") == []


def test_co_leaders_needs_the_filter_each_leader_matches(tmp_path):
    without = GAME.replace("each: {keywords: {contains: Partner}}, ", "")
    game = load_game(write_pool(tmp_path, without))
    with pytest.raises(PoolError) as caught:
        compiled(game)
    assert "rule 'cmd-partners': needs parameter 'each'" in str(caught.value)


def test_co_leaders_needs_words_for_a_card_that_may_co_lead(tmp_path):
    """An empty noun would say 'each must be a , and Krenko, Mob Boss is not'."""
    game = load_game(write_pool(tmp_path, GAME.replace("noun: partner commander", "noun: ' '")))
    with pytest.raises(PoolError) as caught:
        compiled(game)
    assert "rule 'cmd-partners': parameter 'noun' is empty" in str(caught.value)


def test_a_cards_colors_all_within_the_commanders_identity(mtg, check):
    """leader-match's ``same`` on a list: every value of the card is among the leader's, not
    one shared (Grist is black and green, Sheoldred black alone)."""
    sheoldred = ["Sheoldred, the Apocalypse"]
    (problem,) = found(check, mtg, deck(sheoldred, "1 Grist, the Hunger Tide"), "cmd-identity")
    assert problem.message == (
        "Every card within the commander's color identity: Grist, the Hunger Tide is for B"
        " and G decks but your commander Sheoldred, the Apocalypse is B"
    )
    colorless = deck(sheoldred, "1 Sol Ring", "3 Wastes")
    assert found(check, mtg, colorless, "cmd-identity") == []


def test_two_partners_give_the_deck_both_their_colors(mtg, check):
    """Dimir Signet (blue and black) is within neither partner's colors alone but within
    the two together (Thrasios green and blue, Tymna white and black); Shock (red) is not."""
    text = deck(["Thrasios, Triton Hero", "Tymna the Weaver"], "1 Dimir Signet", "1 Shock")
    assert [p.cards for p in found(check, mtg, text, "cmd-identity")] == [("Shock",)]


STANDARD = """\
id: std
name: "Magic: The Gathering"
short_name: MTG
card_types: [Instant]
sections:
  - {id: deck, name: Deck, noun: card, types: [Instant]}
default_section: deck
default_format: standard
formats:
  - id: standard
    name: Standard
    legal_sets: [FDN]
    rotations:
      - {date: 2025-07-29, legal_sets: [FDN, FIN]}
    rules:
      - {id: std-sets, check: legal-sets, title: Cards from Standard-legal sets, cite: ""}
"""

STANDARD_CARDS = """\
game: std
sets:
  - {code: LEA, name: Limited Edition Alpha, released: 1993-08-05}
  - {code: FDN, name: Foundations, released: 2024-11-15}
  - {code: FIN, name: Final Fantasy, released: 2025-06-13}
cards:
  - {id: bolt-lea, name: Lightning Bolt, type: Instant, set: LEA}
  - {id: bolt-fin, name: Lightning Bolt, type: Instant, set: FIN}
  - {id: shock, name: Shock, type: Instant, set: FDN}
"""


def test_a_card_joining_standard_later_says_which_of_its_sets_joins(tmp_path, check):
    """Lightning Bolt is printed in Alpha, never legal in Standard, and in Final Fantasy,
    legal from the rotation of 2025-07-29: 'from Limited Edition Alpha and Final Fantasy,
    not legal until 2025-07-29' read as Alpha joining on that day too."""
    folder = tmp_path / "pools" / "std"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(STANDARD, encoding="utf-8")
    (folder / "cards.yaml").write_text(STANDARD_CARDS, encoding="utf-8")
    game = load_game(folder)
    result = check(game, "4 Lightning Bolt\n4 Shock\n", as_of=date(2025, 1, 1))
    assert [p.message for p in result.problems] == [
        "Cards from Standard-legal sets: Lightning Bolt is from Limited Edition Alpha and"
        " Final Fantasy, and Final Fantasy is not legal until 2025-07-29"
    ]
    assert check(game, "4 Lightning Bolt\n", as_of=date(2025, 7, 29)).legal


NETRUNNER = """\
id: anr
name: "Android: Netrunner"
short_name: Netrunner
card_types: [Identity, Agenda, Operation]
attributes:
  agenda_points: {label: Agenda points, kind: int, types: [Agenda]}
sections:
  - {id: identity, name: Identity, noun: identity, types: [Identity]}
  - {id: deck, name: Deck, noun: card, types: [Agenda, Operation]}
default_section: deck
default_format: standard
formats:
  - id: standard
    name: Standard
    rules:
      - id: agenda-points
        check: deck-sum
        attribute: agenda_points
        sections: [deck]
        by_deck_size:
          - {size: [40, 44], min: 18, max: 19, repeat: {every: 5, add: 2}}
        title: Agenda points for the deck's size
        cite: ""
"""

NETRUNNER_CARDS = """\
game: anr
sets:
  - {code: SG, name: System Gateway, released: 2021-03-01}
cards:
  - {id: hb, name: "Haas-Bioroid: Precision Design", type: Identity, set: SG}
  - {id: message, name: Send a Message, type: Agenda, set: SG, agenda_points: 1}
  - {id: hedge, name: Hedge Fund, type: Operation, set: SG}
"""


def netrunner_pool(tmp_path, game: str = NETRUNNER):
    folder = tmp_path / "pools" / "anr"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cards.yaml").write_text(NETRUNNER_CARDS, encoding="utf-8")
    return load_game(folder)


def corp(size: int, points: int) -> str:
    return f"Identity:\n1 Haas-Bioroid: Precision Design\nDeck:\n{points} Send a Message\n" + (
        f"{size - points} Hedge Fund\n"
    )


@pytest.mark.parametrize(
    ("size", "low"),
    [(40, 18), (44, 18), (45, 20), (49, 20), (50, 22), (64, 26), (65, 28), (120, 50)],
)
def test_agenda_points_rise_by_two_for_every_five_cards_however_large_the_deck(
    tmp_path, check, size, low
):
    """Netrunner's agenda points: 18 or 19 for 40 to 44 cards, 2 more for every 5 cards
    above 44. A table of rows stopped at its last row, and a 65-card deck with 20 points
    passed."""
    game = netrunner_pool(tmp_path)
    assert check(game, corp(size, low)).legal
    assert check(game, corp(size, low + 1)).legal
    (problem,) = check(game, corp(size, low - 1)).problems
    assert problem.message == (
        f"Agenda points for the deck's size: you have {low - 1} agenda points"
        f" (between {low} and {low + 1}, for a {size}-card deck)"
    )
    assert [p.actual for p in check(game, corp(size, low + 2)).problems] == [low + 2]


def test_a_wide_row_rises_for_every_five_cards_past_its_end(tmp_path, check):
    """A row of 40 to 49 cards repeating every 5: 50 to 54 cards is one step up, not two."""
    wide = NETRUNNER.replace("size: [40, 44]", "size: [40, 49]")
    game = netrunner_pool(tmp_path, wide)
    assert check(game, corp(54, 20)).legal
    assert not check(game, corp(55, 20)).legal


def test_a_deck_below_the_first_row_is_left_to_the_size_rule(tmp_path, check):
    assert check(netrunner_pool(tmp_path), corp(39, 0)).legal


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ("{size: [40, 44], min: 18, max: 19, repeat: {every: 0, add: 2}}", "every"),
        ("{size: [40, 44], min: 18, max: 19, repeat: {every: 5}}", "add"),
        ("{size: [40, 44], min: 18, repeat: {every: 5, add: 2, by: 1}}", "every"),
    ],
)
def test_a_repeat_needs_a_whole_number_of_cards_and_points(tmp_path, row, said):
    text = NETRUNNER.replace("{size: [40, 44], min: 18, max: 19, repeat: {every: 5, add: 2}}", row)
    with pytest.raises(PoolError) as caught:
        compiled(netrunner_pool(tmp_path, text))
    assert "repeat" in str(caught.value)
    assert said in str(caught.value)


def test_only_the_row_of_the_largest_decks_repeats(tmp_path):
    text = NETRUNNER.replace(
        "          - {size: [40, 44], min: 18, max: 19, repeat: {every: 5, add: 2}}\n",
        "          - {size: [40, 44], min: 18, max: 19, repeat: {every: 5, add: 2}}\n"
        "          - {size: [45, 49], min: 20, max: 21}\n",
    )
    with pytest.raises(PoolError) as caught:
        compiled(netrunner_pool(tmp_path, text))
    assert "only the row of the largest decks may repeat" in str(caught.value)


def test_a_table_sized_by_another_section_than_the_deck_says_that_section(tmp_path, check):
    """A bound chosen by the commanders' count, not the deck's: '(at most 0, for a 2-card
    deck)' read as the deck holding 2 cards."""
    rule = (
        "      - {id: by-commanders, check: section-size, section: commander,\n"
        "         where: {not: {keywords: {contains: Partner}}}, size_sections: [commander],\n"
        "         by_deck_size: [{size: 2, max: 0}], noun: non-partner commander,\n"
        "         title: Two commanders only if both have partner, cite: ''}\n"
    )
    game = load_game(write_pool(tmp_path, GAME + rule))
    text = deck(["Thrasios, Triton Hero", "Krenko, Mob Boss"], "1 Sol Ring")
    (problem,) = found(check, game, text, "by-commanders")
    assert problem.message == (
        "Two commanders only if both have partner: you have 1 non-partner commander"
        " (at most 0, with 2 commanders)"
    )
