"""'Fits my deck': a card fits when one more copy of it breaks no rule that names it."""

from __future__ import annotations

from validator import parse_text
from validator.fits import misfits

NISHAVEN_DECK = "Hero:\n1 Nishaven\nDeck:\n4 Fireball\n"


def verdicts(game, text: str, *names: str, format_id=None) -> dict[str, str | None]:
    deck = parse_text(text, game).deck
    cards = [game.find_card(name) for name in names]
    found = misfits(deck, format_id, None, cards)
    return {card.name: (found[card.id].rule if found[card.id] else None) for card in cards}


def test_shadow_era_cards_of_the_heros_faction_and_class_fit(shadow_era):
    assert verdicts(shadow_era, NISHAVEN_DECK, "Jasmine Rosecult", "Freezing Grip") == {
        "Jasmine Rosecult": None,
        "Freezing Grip": None,
    }


def test_shadow_era_cards_the_hero_cannot_take_do_not_fit(shadow_era):
    found = verdicts(
        shadow_era, NISHAVEN_DECK, "Deathbone", "Book of Curses", "Fireball", "Dirk Saber"
    )
    assert found["Deathbone"] is not None  # a Shadow ally for a Human hero
    assert found["Book of Curses"] is not None  # a Priest item for a Mage
    assert found["Fireball"] is not None  # a fifth copy
    assert found["Dirk Saber"] is None


def test_shadow_era_a_second_hero_does_not_fit(shadow_era):
    found = verdicts(shadow_era, NISHAVEN_DECK, "Logan Stonebreaker")
    assert found["Logan Stonebreaker"] == "se-one-hero"


def test_a_deck_that_is_too_small_hides_no_card(shadow_era):
    """Deck size names no card: a deck is built a card at a time."""
    assert verdicts(shadow_era, "Hero:\n1 Nishaven\n", "Dirk Saber") == {"Dirk Saber": None}


def test_the_deck_itself_is_left_as_it_was(shadow_era):
    deck = parse_text(NISHAVEN_DECK, shadow_era).deck
    before = deck.cards_by_section()
    misfits(deck, None, None, shadow_era.cards[:50])
    assert deck.cards_by_section() == before


def test_a_card_asking_for_cards_the_deck_can_still_add_fits(eruma):
    """In ERUMA's "Henchmen required" a Maniac's Henchmen must be in the Extra Deck: a deck
    without them is built to take them, so Gretel (Rat and Bear), Lazarus (Zombie) and
    Endora (Pumpkin, which creates Borobo in its turn) fit before their Henchmen are added.
    They were hidden until the Henchmen were added first."""
    charlotte = "Deck:\n1 Charlotte\n"
    assert verdicts(
        eruma, charlotte, "Gretel", "Lazarus", "Endora", "Zombie", format_id="henchmen-required"
    ) == {"Gretel": None, "Lazarus": None, "Endora": None, "Zombie": None}


def test_a_card_asking_for_cards_still_does_not_fit_what_it_truly_breaks(eruma):
    """ERUMA's copy limit is not met by adding cards: a second Gretel does not fit, with her
    Henchmen or without them."""
    for extra in ("", "Extra Deck:\n1 Rat\n1 Bear\n"):
        text = f"Deck:\n1 Gretel\n{extra}"
        found = verdicts(eruma, text, "Gretel", format_id="henchmen-required")
        assert found == {"Gretel": "eruma-one-copy"}
