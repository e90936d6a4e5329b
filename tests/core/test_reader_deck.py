"""A deck built entry by entry: merging copies, keeping their lines, in linear time."""

from __future__ import annotations

from dataclasses import replace

from validator import Deck


def test_adding_a_card_merges_with_its_entry_and_keeps_every_line(era):
    kindle, rex = era.find_card("Kindle"), era.find_card("Ember Rex")
    deck = Deck(era)
    deck.add("deck", kindle, 1, 3)
    deck.add("dinos", rex, 1, 4)
    deck.add("deck", kindle, 2, 9)
    deck.add("deck", kindle, 1)
    (entry,) = deck.sections["deck"]
    assert (entry.count, entry.lines, entry.line) == (4, (3, 9), 3)


def test_a_printing_named_and_the_card_by_name_stay_apart(era):
    kindle = era.find_card("Kindle")
    deck = Deck(era)
    deck.add("deck", kindle, 1, 1)
    deck.add("deck", kindle, 1, 2, printing_named=True)
    assert [(e.count, e.printing_named) for e in deck.sections["deck"]] == [(1, False), (1, True)]


def test_adding_still_merges_after_a_section_list_was_replaced(era):
    kindle = era.find_card("Kindle")
    deck = Deck(era)
    deck.add("deck", kindle, 1, 1)
    deck.sections = {k: list(v) for k, v in deck.sections.items()}
    deck.add("deck", kindle, 1, 2)
    assert [(e.count, e.lines) for e in deck.sections["deck"]] == [(2, (1, 2))]


class _CountedScans(list):
    """A section's entry list that counts how often it is walked from end to end."""

    scans = 0

    def __iter__(self):
        _CountedScans.scans += 1
        return super().__iter__()


def test_adding_costs_the_same_however_large_the_section(era):
    # A server is sent lists of any length; a look-up per card, not a scan of the section,
    # keeps a list of n lines at n steps (30,000 distinct cards took minutes when scanned).
    base = era.cards[0]
    many = [replace(base, id=f"card-{i}", name=f"Card {i}") for i in range(30_000)]
    deck = Deck(era)
    deck.sections["deck"] = _CountedScans()
    _CountedScans.scans = 0
    for line, card in enumerate(many, start=1):
        deck.add("deck", card, 1, line)
    for line, card in enumerate(many, start=30_001):
        deck.add("deck", card, 1, line)
    assert len(deck.sections["deck"]) == 30_000
    assert deck.sections["deck"][-1].lines == (30_000, 60_000)
    assert _CountedScans.scans <= 1  # the index is built once, never rescanned per add


def test_a_card_listed_on_every_line_keeps_every_line_in_order(era):
    # Each line's number is appended in place: a card on 20,000 lines is 20,000 steps,
    # where growing a tuple copied the lines so far on every one of them.
    rex = era.find_card("Ember Rex")
    deck = Deck(era)
    for line in range(1, 20_001):
        deck.add("dinos", rex, 1, line)
    (entry,) = deck.sections["dinos"]
    assert entry.count == 20_000
    assert entry.lines == tuple(range(1, 20_001))
    assert entry.line == 1


def test_entries_compare_by_their_card_count_lines_and_printing(era):
    rex = era.find_card("Ember Rex")
    first, second = Deck(era), Deck(era)
    for deck in (first, second):
        deck.add("dinos", rex, 2, 1)
        deck.add("dinos", rex, 1, 5)
    assert first.sections == second.sections
    second.add("dinos", rex, 1, 6)
    assert first.sections != second.sections
    assert "lines=(1, 5)" in repr(first.sections["dinos"][0])
