"""ERA's, Shadow Era's and RYFT's deck construction written twice, judged against each other.

The shipped ``cardpool/<game>/game.yaml`` is one definition; the other,
``tests/rules/stranger/<game>/game.yaml``, was written from the rulebook's deck construction
alone (era-comprehensive-rulebook.txt, shadow-era-rulebook.txt, ryft-official-rulebook.md)
and docs/cardpool.md, by a reader who had not seen the first, and is read with the shipped
``cards.yaml``. A fixed, seeded sample of decks is made from the example lists, the rule
tests' lists and fresh legal decks by the mistakes players make: a copy more or less, a card
swapped for another of its type (another element, faction or class) or of any type, a card
moved to another part of the deck, a dino or hero swapped, a promo, campaign card or token
added, a part one card off. Every format both write is judged, ERA's on days around its
products' releases too.

Both must find the same decks legal, but for the readings the shipped game records as its
own decisions (``decisions:`` in its game.yaml), listed in ``RECORDED``; where no card is
listed out of place they must also break the same rules. Where one is, the shipped rules
count a card as what it is wherever it is listed (a token is none of RYFT's 40) and report
the misplaced card by the type rule of the part it sits in, while the second definition
counts ERA's parts as listed and a token among the 40: both find the deck illegal and name
the card, but a count may say another number.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from cardpool import Card, Game
from validator import ERROR, Deck, parse_text, validate

REPO = Path(__file__).resolve().parents[2]
SAMPLE = 300  # decks per game and format
SEED = 20261127

# The formats both definitions write (same ids), and the days each game's decks are judged
# on: a fixed day (banned lists and releases in force then), and ERA's days around its
# products' releases: before any, the SDS1 products without EXP1A, and EXP1A's first day.
TODAY = date(2026, 11, 27)
FORMATS = {
    "era": ("standard", "open"),
    "shadow-era": ("standard",),
    "ryft": ("standard", "singleton-matrix"),
}
DAYS = {
    "era": (
        TODAY,
        TODAY,
        date(2023, 8, 31),
        date(2024, 2, 29),
        date(2024, 3, 1),
        date(2024, 5, 21),
    ),
    "shadow-era": (TODAY,),
    "ryft": (TODAY,),
}

# The second definition's rule ids and the shipped rule each stands for.
SAME_RULE = {
    "era": {
        "s-three-dinos": "era-three-dinos",
        "s-dinos-are-dinos": "era-dinos-are-dinos",
        "s-unique-dino": "era-unique-dinos",
        "s-three-crystals": "era-three-crystals",
        "s-crystals-are-crystals": "era-crystals-are-crystals",
        "s-crystals-match": "era-crystals-match-dinos",
        "s-thirty": "era-deck-thirty",
        "s-three-events": "era-three-events",
        "s-deck-types": "era-deck-card-types",
        "s-events-match": "era-events-match-dinos",
        "s-unique-event": "era-unique-events",
        "s-three-copies": "era-three-copies",
        "s-eligible": "era-eligible-products",
        "s-banned": "era-banned-cards",
    },
    "shadow-era": {
        "s-one-hero": "se-one-hero",
        "s-thirty-nine": "se-thirty-nine-others",
        "s-four-copies": "se-four-copies",
        "s-faction": "se-hero-faction",
        "s-class": "se-hero-class",
        "s-constructed-sets": "se-collectible-sets",
    },
    "ryft": {
        "s-forty": "ryft-forty-cards",
        "s-three-copies": "ryft-three-copies",
        "s-beings-and-code": "ryft-being-and-code-only",
        "s-one-matrix": "ryft-one-of-each-matrix",
    },
}
# The shipped rules that say a card is listed where it does not belong (or in no deck).
MISPLACED = {
    "era-dinos-are-dinos",
    "era-crystals-are-crystals",
    "era-deck-card-types",
    "se-hero-is-a-hero",
    "se-others-are-not-heroes",
    "ryft-being-and-code-only",
}
# Rules the shipped game holds and the second definition does not, each a reading the
# shipped game.yaml records as a decision (the test checks it does): a deck they alone find
# illegal is not a disagreement.
RECORDED = {
    # The rulebook sets no maximum; the game's own deck builder stops at 80 cards.
    "se-at-most-80-cards": "A deck holds at most 80 cards, the hero included.",
    # A card listed in the other part than its type's (an ally as the hero, a hero among
    # the other cards) is a problem of the list until it is moved; the second definition
    # reads the deck as one pile, whatever the part a card is listed in.
    "se-hero-is-a-hero": "A card out of place is a problem of the list until it is moved.",
    "se-others-are-not-heroes": "A card out of place is a problem of the list until it is moved.",
}
# The second definition's rules that may break beside a stricter one of the same cards: a
# fourth copy of a Matrix card breaks its "at most 3 of each card" too, which the shipped
# Singleton Matrix format leaves to its one rule for Matrix cards.
ALSO_BROKEN = {"ryft-one-of-each-matrix": "ryft-three-copies"}
# Shipped rules no deck can break today: "No cards are currently banned."
UNBROKEN = {"era-banned-cards"}
# The lists the sample starts from, besides examples/<game>-legal.txt and -illegal.txt: the
# rule tests' lists of each game (tests/rules/lists), named so that a list added there does
# not change the sample.
LISTS = {
    "era": ("era-broken.txt", "era-forum.txt", "era-markdown-headings.txt", "era-misplaced.txt"),
    "shadow-era": (
        "shadow-era-forum.txt",
        "shadow-era-habits.txt",
        "shadow-era-two-heroes.txt",
    ),
    "ryft": ("ryft-broken.txt", "ryft-forum.txt"),
}
# How many decks of each sample both definitions find legal: a list above changed changes
# these counts (once the two definitions still agree on every deck).
LEGAL = {
    ("era", "standard"): 76,
    ("era", "open"): 96,
    ("shadow-era", "standard"): 114,
    ("ryft", "standard"): 153,
    ("ryft", "singleton-matrix"): 25,
}

# An entry of a deck: (section id, card id, copies); both definitions name the parts alike.
Entry = tuple[str, str, int]


@pytest.fixture(scope="module")
def definitions(both_definitions) -> dict[str, tuple[Game, Game]]:
    """Each game twice: (shipped, second definition) on the same cards."""
    return both_definitions(*FORMATS)


def of_type(game: Game, *types: str) -> list[Card]:
    return [c for c in game.cards if c.type in types]


def some(rng: random.Random, cards: list[Card], total: int, most: int) -> list[tuple[Card, int]]:
    """``total`` copies drawn from ``cards``, at most ``most`` of each."""
    counts: Counter[Card] = Counter()
    while sum(counts.values()) < total:
        card = rng.choice(cards)
        if counts[card] < most:
            counts[card] += 1
    return list(counts.items())


def fresh_deck(game: Game, rng: random.Random) -> list[Entry]:
    """A deck as the rulebook asks (now and then with a card of a set not for decks)."""
    cards = [c for c in game.cards if c.set not in ("PROMO", "CAMP") or rng.random() < 0.05]
    if game.id == "era":
        dinos = rng.sample([c for c in cards if c.type == "Dino"], 3)
        elements = [d.get("element") for d in dinos]
        crystals = Counter(
            next(c for c in of_type(game, "Crystal") if c.get("element") == e) for e in elements
        )
        events: list[Card] = []
        for element in elements:
            events.append(
                rng.choice(
                    [
                        c
                        for c in cards
                        if c.type == "Event" and c.get("element") == element and c not in events
                    ]
                )
            )
        others = [c for c in cards if c.type in ("Action", "Equipment")]
        return [
            *(("dinos", d.id, 1) for d in dinos),
            *(("crystals", c.id, n) for c, n in crystals.items()),
            *(("deck", e.id, 1) for e in events),
            *(("deck", c.id, n) for c, n in some(rng, others, 27, 3)),
        ]
    if game.id == "shadow-era":
        hero = rng.choice([c for c in cards if c.type == "Hero"])
        icons = set(hero.get("classes") or ())
        fitting = [
            c
            for c in cards
            if c.type != "Hero"
            and c.get("faction") in (hero.get("faction"), "Neutral")
            and (not c.get("classes") or icons & set(c.get("classes")))
        ]
        size = rng.choice([39, 39, 40, 45, 60, 79, 80])
        return [("hero", hero.id, 1), *(("deck", c.id, n) for c, n in some(rng, fitting, size, 4))]
    playable = [c for c in cards if c.type != "Token"]
    return [("deck", c.id, n) for c, n in some(rng, playable, 40, 3)]


def mutate(game: Game, deck: list[Entry], rng: random.Random) -> list[Entry]:
    """The deck with one mistake a player makes (or a change that keeps it legal)."""
    deck = list(deck)
    cards = list(game.cards)
    parts = [s.id for s in game.sections]
    i = rng.randrange(len(deck)) if deck else None
    op = rng.randrange(12) if deck else 2
    if op == 0:  # a copy less
        part, cid, n = deck[i]
        deck[i] = (part, cid, n - 1)
    elif op == 1:  # a copy more
        part, cid, n = deck[i]
        deck[i] = (part, cid, n + 1)
    elif op == 2:  # any card added where its type goes, or to any part
        card = rng.choice(cards)
        part = game.section_for_card(card) if rng.random() < 0.7 else rng.choice(parts)
        deck.append((part, card.id, rng.choice([1, 1, 2, 3, 4])))
    elif op == 3:  # swapped for a card of the same type (another element, faction or class)
        part, cid, n = deck[i]
        kind = game.card(cid).type
        deck[i] = (part, rng.choice([c for c in cards if c.type == kind]).id, n)
    elif op == 4:  # swapped for a card of any type
        part, cid, n = deck[i]
        deck[i] = (part, rng.choice(cards).id, n)
    elif op == 5:  # moved to another part
        part, cid, n = deck[i]
        deck[i] = (rng.choice(parts), cid, n)
    elif op == 6:  # one copy moved to another part
        part, cid, n = deck[i]
        deck[i] = (part, cid, n - 1)
        deck.append((rng.choice(parts), cid, 1))
    elif op == 7:  # an entry dropped
        del deck[i]
    elif op == 8:  # a copy count a player mistypes
        part, cid, n = deck[i]
        deck[i] = (part, cid, rng.choice([0, 1, 2, 3, 4, 5]))
    elif op == 9:  # a dino, the hero or a Matrix card swapped, or listed in another part
        kind = {"era": "Dino", "shadow-era": "Hero", "ryft": "Matrix"}[game.id]
        led = [j for j, (_, cid, _) in enumerate(deck) if game.card(cid).type == kind]
        if led:
            j = rng.choice(led)
            part, cid, n = deck[j]
            if rng.random() < 0.7:
                deck[j] = (part, rng.choice(of_type(game, kind)).id, n)
            else:
                deck[j] = (rng.choice(parts), cid, n)
    elif op == 10:  # a card of a product not for decks, or a token
        odd = [c for c in cards if c.set in ("PROMO", "CAMP") or c.type == "Token"]
        card = rng.choice(odd)
        part = game.section_for_card(card) if rng.random() < 0.7 else rng.choice(parts)
        deck.append((part, card.id, rng.randint(1, 2)))
    else:  # the main part made one card short, right, or one over
        main = game.default_section
        missing = {"era": 30, "shadow-era": 39, "ryft": 40}[game.id] + rng.choice([-1, 0, 0, 1])
        missing -= sum(n for p, _, n in deck if p == main)
        while missing < 0 and any(p == main and n for p, _, n in deck):
            j = rng.choice([j for j, (p, _, n) in enumerate(deck) if p == main and n])
            part, cid, n = deck[j]
            deck[j] = (part, cid, n - 1)
            missing += 1
        fillers = [c for c in cards if game.section_for_card(c) == main]
        deck += [(main, c.id, 1) for c in rng.sample(fillers, max(missing, 0))]
    return [e for e in deck if e[2] > 0]


def seed_decks(game: Game) -> list[list[Entry]]:
    """The shipped example lists and the rule tests' lists of the game, as read."""
    paths = [
        REPO / "examples" / f"{game.id}-legal.txt",
        REPO / "examples" / f"{game.id}-illegal.txt",
        *(REPO / "tests" / "rules" / "lists" / name for name in LISTS[game.id]),
    ]
    decks = []
    for path in paths:
        parsed = parse_text(path.read_text(encoding="utf-8"), game)
        decks.append(
            [
                (section, entry.card.id, entry.count)
                for section, entries in parsed.deck.sections.items()
                for entry in entries
            ]
        )
    return decks


def sample(game: Game, format_id: str) -> list[tuple[list[Entry], date]]:
    rng = random.Random(f"{SEED}-{game.id}-{format_id}")
    seeds = seed_decks(game)
    decks = []
    for _ in range(SAMPLE):
        deck = rng.choice(seeds) if rng.random() < 0.3 else fresh_deck(game, rng)
        for _ in range(rng.choice([0, 0, 1, 1, 1, 2, 3])):
            deck = mutate(game, deck, rng)
        decks.append((deck, rng.choice(DAYS[game.id])))
    return decks


def broken(game: Game, format_id: str, deck: list[Entry], as_of: date) -> set[str]:
    """The error rules ``deck`` breaks, the second definition's named as the shipped rules
    they stand for."""
    built = Deck(game, {s.id: [] for s in game.sections})
    for line, (part, cid, n) in enumerate(deck, 1):
        built.add(part, game.card(cid), n, line=line)
    result = validate(built, format_id, as_of)
    rules = {p.rule for p in result.problems if p.severity == ERROR}
    return {SAME_RULE[game.id].get(r, r) for r in rules}


@pytest.fixture(scope="module")
def judged(definitions) -> dict[tuple[str, str], list[tuple[list[Entry], date, set, set]]]:
    """Every deck of each sample with the rules it breaks: (deck, day, shipped, second)."""
    found = {}
    for game_id, format_id in LEGAL:
        shipped, stranger = definitions[game_id]
        found[game_id, format_id] = [
            (
                deck,
                as_of,
                broken(shipped, format_id, deck, as_of),
                broken(stranger, format_id, deck, as_of),
            )
            for deck, as_of in sample(shipped, format_id)
        ]
    return found


@pytest.mark.parametrize(("game_id", "format_id"), sorted(LEGAL))
def test_both_definitions_find_the_same_decks_legal(definitions, judged, game_id, format_id):
    shipped, _ = definitions[game_id]
    verdicts, fired, disagree = Counter(), Counter(), []
    for deck, as_of, ours, theirs in judged[game_id, format_id]:
        verdicts[not ours] += 1
        fired.update(ours)
        if ours and not theirs and ours <= RECORDED.keys():
            continue  # a reading the shipped game records (below)
        if bool(ours) != bool(theirs) or (not ours & MISPLACED and not same_rules(ours, theirs)):
            listed = [f"{part}: {n} {shipped.card(cid).name}" for part, cid, n in deck]
            disagree.append(f"{as_of}: shipped {sorted(ours)}, second {sorted(theirs)}: {listed}")
    assert disagree == [], "\n".join(disagree[:5])
    # The sample holds legal decks and illegal ones, and breaks every rule of the format.
    assert verdicts[True] == LEGAL[game_id, format_id], verdicts
    assert verdicts[False] == SAMPLE - LEGAL[game_id, format_id]
    rules = {r.id for r in shipped.format(format_id).rules if r.severity == ERROR}
    assert rules - set(fired) - UNBROKEN == set()


def same_rules(ours: set[str], theirs: set[str]) -> bool:
    """Both break the same rules, but for the shipped game's recorded readings and a rule
    the second breaks beside a stricter one."""
    also = {ALSO_BROKEN[r] for r in ours if r in ALSO_BROKEN}
    return ours - RECORDED.keys() == theirs - (also - ours)


def test_the_readings_allowed_to_differ_are_recorded_by_the_shipped_games(definitions):
    """Each rule of ``RECORDED`` enforces a reading its game.yaml records, in those words."""
    for rule, reading in RECORDED.items():
        [game] = [shipped for shipped, _ in definitions.values() if rule in _rule_ids(shipped)]
        assert any(reading in d.reading for d in game.decisions_for(rule)), rule


def test_each_recorded_reading_alone_tells_the_definitions_apart(definitions):
    """The allow-list is no longer than it must be: Shadow Era's legal example with one
    mistake that each recorded rule alone finds, and the second definition does not: 40
    cards more (81 in all), an ally fitting the hero listed beside it as a second hero, the
    hero listed among the other cards."""
    shipped, stranger = definitions["shadow-era"]
    legal = seed_decks(shipped)[0]
    listed = {cid for _, cid, _ in legal}
    free = [  # Neutral cards without a class icon fit every hero
        c.id
        for c in shipped.cards
        if c.type != "Hero"
        and c.set != "CAMP"
        and c.get("faction") == "Neutral"
        and not c.get("classes")
        and c.id not in listed
    ]
    mistakes = {
        "se-at-most-80-cards": [*legal, *(("deck", cid, 4) for cid in free[:10])],
        "se-hero-is-a-hero": [*legal, ("hero", free[0], 1)],
        "se-others-are-not-heroes": [("deck", cid, n) for _, cid, n in legal],
    }
    assert broken(shipped, "standard", legal, TODAY) == set()
    for rule, deck in mistakes.items():
        assert broken(shipped, "standard", deck, TODAY) == {rule}, rule
        assert broken(stranger, "standard", deck, TODAY) == set(), rule
    assert set(mistakes) == set(RECORDED)


def _rule_ids(game: Game) -> set[str]:
    return {r.id for f in game.formats.values() for r in f.rules}
