"""'Did you mean ...?' from the name index built with the pool: the answers a full
comparison with every name gives, for work that does not grow with the pool."""

from __future__ import annotations

import difflib
import random

import pytest

from cardpool import name_index
from cardpool.name_index import NameIndex
from cardpool.names import name_key

SYLLABLES = ["ka", "ri", "mon", "tha", "el", "dur", "vex", "ia", "gor", "sun", "bra", "quil"]


def invented_names(count: int, rng: random.Random) -> list[str]:
    """Distinct card-like names of two or three invented words."""
    names: set[str] = set()
    while len(names) < count:
        words = [
            "".join(rng.choices(SYLLABLES, k=rng.randint(1, 3))).title()
            for _ in range(rng.randint(2, 3))
        ]
        names.add(" ".join(words))
    return sorted(names)


def misspell(name: str, rng: random.Random) -> str:
    """One letter dropped, changed or added, as a hurried player types."""
    letters = list(name)
    at = rng.randrange(len(letters))
    how = rng.randrange(3)
    if how == 0 and len(letters) > 4:
        del letters[at]
    elif how == 1:
        letters[at] = rng.choice("abcdefghijklmnopqrstuvwxyz")
    else:
        letters.insert(at, rng.choice("abcdefghijklmnopqrstuvwxyz"))
    return "".join(letters)


def closest_by_full_scan(names: list[str], text: str) -> list[str]:
    by_key = {}
    for name in names:
        by_key.setdefault(name_key(name), name)
    keys = difflib.get_close_matches(name_key(text), by_key, n=3, cutoff=0.6)
    return [by_key[k] for k in keys]


def test_a_misspelt_card_name_suggests_the_card(games):
    rng = random.Random(7)
    for game in games.values():
        for card in rng.sample(game.cards, min(25, len(game.cards))):
            typed = misspell(card.name, rng)
            if game.find_card(typed) is not None:
                continue  # the slip made another card's name
            suggested = game.suggest(typed)
            best = closest_by_full_scan([c.name for c in game.cards], typed)
            assert suggested[:1] == best[:1] or card.name in suggested, (game.id, typed)


def test_a_word_of_a_name_typed_alone_suggests_the_names_holding_it(shadow_era):
    assert any(name.startswith("Nishaven") for name in shadow_era.suggest("nishaven"))


def test_nothing_alike_suggests_nothing(era):
    assert era.suggest("zzqxv") == []
    assert era.suggest("") == []
    assert era.suggest("!!!") == []


def test_a_name_far_longer_than_any_card_is_not_compared_at_all(era, monkeypatch):
    monkeypatch.setattr(name_index, "SequenceMatcher", None)  # would fail if used
    assert era.suggest("Ember Rex " * 40) == []


@pytest.mark.parametrize("size", [50, 1_500])
def test_the_names_compared_letter_by_letter_do_not_grow_with_the_pool(size, monkeypatch):
    rng = random.Random(size)
    names = invented_names(size, rng)
    index = NameIndex(names)
    compared = []

    class Counting(difflib.SequenceMatcher):
        def set_seq1(self, a):
            if a:  # the constructor sets empty sequences
                compared.append(a)
            super().set_seq1(a)

    monkeypatch.setattr(name_index, "SequenceMatcher", Counting)
    for name in rng.sample(names, 20):
        compared.clear()
        typed = misspell(name, rng)
        suggested = index.suggest(typed)
        assert len(compared) <= name_index.MAX_RANKED
        assert suggested[:1] == closest_by_full_scan(names, typed)[:1] or name in suggested
