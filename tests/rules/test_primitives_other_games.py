"""Deck rules of games Deckwright does not ship, written in YAML alone: small Commander and
Standard pools (Magic: The Gathering) in the test's own folder, held to the sentences their
rules quote: “If you have two commanders, both must have partner.” and “Cards in a deck may
not have any colors in their color identity which are not in the color identity of the
deck's commander.”, and to words a player reads right about a card joining Standard."""

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
         title: Two commanders only if both have partner,
         cite: "If you have two commanders, both must have partner."}
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
  - {id: signet, name: Orzhov Signet, type: Artifact, set: CMM, colors: [W, B]}
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
