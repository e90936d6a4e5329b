"""A key written wrong in any entry of a pool, by someone adding a game from the docs alone:
the problem names the keys that kind of entry may have and the one meant when one is close;
a text cut by a comma inside {...} is said as such, with the quotes that keep it whole."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from cardpool import check_pools, schema

from ..helpers import edit, line_of

BANNED_LIST = "a banned list's keys are date, banned, restricted and note"
FORMAT = (
    "a format's keys are id, name, description, base, rules, remove_rules, legal_sets,"
    " banlists, rotations, legal_values and legal_after_days"
)
RULE = "a rule entry's keys are id, check, severity, cite and title, and its check's parameters"


def _line_starting(path, start: str) -> int:
    """The number of the line of the file at ``path`` that starts with ``start``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


@pytest.mark.parametrize(
    ("file", "old", "new", "where", "said"),
    [
        (
            "game.yaml",
            "        note: No cards are currently banned.",
            "        notes: No cards are currently banned.",
            "field 'notes': format 'standard': the banned list of 2024-05-21",
            f"{BANNED_LIST}; did you mean 'note'?",
        ),
        (
            "game.yaml",
            "        note: No cards are currently banned.",
            "        bans: [Ember Rex]",
            "field 'bans': format 'standard': the banned list of 2024-05-21",
            f"{BANNED_LIST}.",
        ),
        (
            "game.yaml",
            "    legal_sets: [SDS1A, SDS1B, SDS1C, EXP1A]",
            "    sets: [SDS1A, SDS1B, SDS1C, EXP1A]",
            "field 'sets': format 'standard'",
            f"{FORMAT}.",
        ),
        (
            "game.yaml",
            "  - {id: dinos, name: Dinos, noun: dino, aliases:",
            "  - {id: dinos, name: Dinos, noun: dino, alias:",
            "field 'sections.0.alias'",
            "a section's keys are id, name, noun, aliases, types and description;"
            " did you mean 'aliases'?",
        ),
        (
            "game.yaml",
            "  power: {label: Power, kind: int, required: true,",
            "  power: {label: Power, kind: int, needed: true,",
            "field 'attributes.power.value.needed'",
            "an attribute's keys are label, kind, values, filter, required, types, references"
            " and printing.",
        ),
        (
            "game.yaml",
            "main_attribute: element",
            "main_atribute: element",
            "field 'main_atribute'",
            "game.yaml's keys are id, name, short_name, rulebook, description, card_types,"
            " attributes, main_attribute, curve, colors, same_card, sections, default_section,"
            " whole_deck_headers, default_format, formats, decisions and play;"
            " did you mean 'main_attribute'?",
        ),
        (
            "game.yaml",
            "  draw_from: [deck]",
            "  drawfrom: [deck]",
            "field 'play.drawfrom'",
            "play's keys are opening_hand, draws_per_turn, draw_from, set_aside and cite;"
            " did you mean 'draw_from'?",
        ),
        (
            "game.yaml",
            "        title: You need exactly 3 dinos",
            "        title: You need exactly 3 dinos\n        severty: warning",
            "field 'severty': format 'standard': rule 'era-three-dinos'",
            f"{RULE}; did you mean 'severity'?",
        ),
        (
            "cards.yaml",
            "illustrative: true",
            "ilustrative: true",
            "field 'ilustrative'",
            "cards.yaml's keys are game, title, illustrative, source, credits, decisions, sets"
            " and cards; did you mean 'illustrative'?",
        ),
        (
            "cards.yaml",
            "  - cards: [Riftborn Velociraptor",
            "  - card: [Riftborn Velociraptor",
            "field 'decisions.2.card'",
            "a decision's keys are cards, change and reason; did you mean 'cards'?",
        ),
        (
            "cards.yaml",
            '    name: "Flamecrest Mariners"\n    released: 2023-09-01',
            '    name: "Flamecrest Mariners"\n    release: 2023-09-01',
            "field 'sets.0.release'",
            "a set's keys are code, name, released, constructed and legal_from;"
            " did you mean 'released'?",
        ),
        (
            "cards.yaml",
            "    stamina: 4\n    hitpoints: 3\n",
            "    stamina: 4\n    hitpoints: 3\n    speed: 3\n",
            "card 'Ember Rex', field 'speed'",
            "a card's keys are id, name, type, set, number, max_copies, revision_of, aliases,"
            " text and image, and the attributes game.yaml declares (element, cost, subtype,"
            " power, stamina and hitpoints).",
        ),
    ],
    ids=[
        "banned list, close",
        "banned list, like none",
        "format",
        "section",
        "attribute",
        "game",
        "play",
        "rule entry",
        "cards file",
        "data decision",
        "set",
        "card",
    ],
)
def test_an_unknown_key_is_said_with_the_keys_its_entry_may_have(
    pool_copy, file, old, new, where, said
):
    path = pool_copy / "era" / file
    edit(path, old, new)
    key = where.split("field '")[1].split("'")[0].split(".")[-1]
    (problem,) = check_pools(pool_copy)
    line = _line_starting(path, next(line for line in new.splitlines() if f"{key}:" in line))
    assert str(problem) == f"{path}:{line}: {where}: Unknown field; {said}"


def test_a_reading_s_unknown_key_is_said_with_the_keys_of_a_decision(pool_copy):
    game = pool_copy / "ryft" / "game.yaml"
    edit(game, "    alternative: singleton-matrix", "    alternatve: singleton-matrix")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '    alternatve: singleton-matrix')}:"
        " field 'decisions.0.alternatve': Unknown field; a decision's keys are rules, reading,"
        " reason and alternative; did you mean 'alternative'?"
    )


def test_a_rule_entry_s_misspelt_title_is_said_as_the_title_meant(pool_copy):
    """Not taken for a parameter of the check: 'titel' is said as the title misspelt, not
    as a parameter section-size does not take, and once (not the title missing besides)."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "        title: You need exactly 3 dinos", "        titel: You need exactly 3 dinos")
    problems = [str(p) for p in check_pools(pool_copy)]
    assert problems == [
        f"{game}:{line_of(game, '        titel: You need exactly 3 dinos')}: field 'titel':"
        f" format 'standard': rule 'era-three-dinos': Unknown field; {RULE};"
        " did you mean 'title'?",
    ]


def test_a_card_key_of_a_game_declaring_no_attribute_says_none_are_declared():
    card = schema.card_schema(["Unit"], ["CORE"], {})
    with pytest.raises(ValidationError) as raised:
        card.load({"id": "spark", "name": "Spark", "type": "Unit", "set": "CORE", "colour": "red"})
    assert raised.value.messages == {
        "colour": [
            "Unknown field; a card's keys are id, name, type, set, number, max_copies,"
            " revision_of, aliases, text and image, and the attributes game.yaml declares"
            " (none yet)."
        ]
    }


def test_every_kind_of_entry_names_itself():
    """A schema added without saying what its entry is would say "an entry's keys"."""
    kinds = [
        kind
        for kind in vars(schema).values()
        if isinstance(kind, type) and issubclass(kind, schema.Strict) and kind is not schema.Strict
    ]
    assert len(kinds) == 12
    assert [kind.__name__ for kind in kinds if "entry" not in vars(kind)] == []


@pytest.mark.parametrize(
    ("file", "old", "new", "first", "said"),
    [
        (
            "cards.yaml",
            "  - id: era-ember-rex\n",
            "  - {id: era-fire-ice, name: Fire, Ice, Storm, type: Dino, set: SDS1A,"
            " element: Fire, power: 1, stamina: 1, hitpoints: 1}\n  - id: era-ember-rex\n",
            "card 'Fire', field 'Ice'",
            "'name' is only 'Fire': write its text in quotes, name: \"Fire, Ice, Storm\"",
        ),
        (
            "cards.yaml",
            '  - code: SDS1B\n    name: "Skyquake Dominion"\n    released: 2023-09-01\n',
            "  - {code: SDS1B, name: Skyquake, Dominion, released: 2023-09-01}\n",
            "field 'sets.1.Dominion'",
            "'name' is only 'Skyquake': write its text in quotes, name: \"Skyquake, Dominion\"",
        ),
        (
            "game.yaml",
            "  - {id: dinos, name: Dinos,",
            "  - {id: dinos, name: Dinos, Saurians,",
            "field 'sections.0.Saurians'",
            "'name' is only 'Dinos': write its text in quotes, name: \"Dinos, Saurians\"",
        ),
        (
            "game.yaml",
            "  power: {label: Power, kind: int",
            "  power: {label: Power, Might, kind: int",
            "field 'attributes.power.value.Might'",
            "'label' is only 'Power': write its text in quotes, label: \"Power, Might\"",
        ),
    ],
    ids=["card", "set", "section", "attribute"],
)
def test_a_text_a_comma_cut_inside_braces_is_said_once_with_its_quotes(
    pool_copy, file, old, new, first, said
):
    path = pool_copy / "era" / file
    edit(path, old, new)
    (problem,) = check_pools(pool_copy)
    line = _line_starting(path, new.splitlines()[0])
    assert str(problem) == (
        f"{path}:{line}: {first}: Unknown field; a comma inside {{...}} ends a value, so {said}"
    )
