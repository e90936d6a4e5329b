"""What a ``game.yaml`` written wrong can still be read as, so that a game's cards and rules
are checked in the same run as its problem (see :func:`spec_despite`).

A key the cards or rules read (``attributes``, ``sections``, ``card_types``, ...) written
wrong is stood in for by what can still be read of it; what hangs on that value alone is
not checked, so that one mistake is said once.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError

from . import schema
from .model import RuleSpec

# The keys of game.yaml the cards or rules read that, written wrong, are stood in for by
# what can still be read of them (an attribute declared wrong is still an attribute the
# cards hold, a section written wrong is still a section the rules name), so that the cards
# and rules are checked all the same; what hangs on the value written wrong alone is not.
_GAME_STOOD_IN = frozenset(
    (
        "id",
        "card_types",
        "attributes",
        "sections",
        "same_card",
        "default_section",
        "default_format",
        "whole_deck_headers",
        "formats",
    )
)
# What the schema is shown for such a key, replaced once the rest is read.
_SCHEMA_PLACEHOLDERS = {
    "id": "game",
    "card_types": ["card"],
    "sections": [{"id": "deck", "name": "Deck", "noun": "card"}],
    "default_section": "deck",
    "default_format": "standard",
    "formats": [{}],
}
# The rule parameters naming sections: with a section's id unreadable, a rule naming a
# section not read cannot be checked (it would be said to name no section, one mistake
# said again and again).
_SECTION_PARAMETERS = frozenset(
    (
        "section",
        "sections",
        "match_section",
        "match_sections",
        "size_sections",
        "leader",
        "target_section",
    )
)
# The fields every card may hold besides the attributes game.yaml declares.
_CARD_FIELDS = frozenset((*schema.RESERVED, "text", "image"))


def spec_despite(raw: dict, error: ValidationError, folder: str, raw_cards: dict) -> dict | None:
    """The game of a game.yaml written wrong (its problems said already), built of what
    can still be read: keys no card nor rule reads (``colors``, ``play``, a misspelt key) and
    ``decisions`` are left out, ``formats`` entries that are no mapping are skipped in their
    places, and the keys the cards and rules read are stood in for (see
    :data:`_GAME_STOOD_IN`), so that the cards and rules are checked too. None when even
    that cannot be read."""
    wrong = error.messages
    if not isinstance(wrong, dict):
        return None
    kept = {key: value for key, value in raw.items() if key not in wrong}
    format_entries = isinstance(wrong.get("formats"), dict)
    if format_entries:
        kept["formats"] = [f for i, f in enumerate(raw["formats"]) if i not in wrong["formats"]]
    for key, placeholder in _SCHEMA_PLACEHOLDERS.items():
        if key in wrong and not kept.get(key):
            kept[key] = placeholder
    kept.setdefault("name", str(raw.get("id")))
    kept.setdefault("short_name", kept["name"])
    try:
        spec = schema.GameSchema().load(kept)
    except ValidationError:
        return None
    stood_in = set(wrong) & _GAME_STOOD_IN
    spec["stood_in"] = stood_in
    if "id" in wrong:
        written = raw.get("id")
        spec["id"] = written.strip() if isinstance(written, str) and written.strip() else folder
    if "sections" in wrong:
        spec["sections"], spec["sections_unread"] = _sections_despite(raw.get("sections"))
    if "attributes" in wrong:
        spec["attributes"] = _attributes_despite(raw.get("attributes"), raw_cards)
    if "card_types" in wrong:
        spec["card_types"] = _card_types_despite(raw.get("card_types"), spec, raw_cards)
    if "same_card" in wrong:
        written = raw.get("same_card")
        written = [written] if isinstance(written, str) else written
        bases = [b for b in written if b in ("name", "number")] if isinstance(written, list) else []
        spec["same_card"] = list(dict.fromkeys(bases)) or ["name"]
    if "default_section" in wrong or ("sections" in wrong and "default_section" not in raw):
        spec["default_section"] = None
    if "default_format" in wrong:
        spec["default_format"] = None
    if "formats" in wrong and format_entries:
        # each format in its place, for its line: one refused is None
        spec["formats"] = [
            None if i in wrong["formats"] else f for i, f in enumerate(raw["formats"])
        ]
    elif "formats" in wrong:
        # none read: nothing naming a format or a rule is said wrong for its sake
        spec["formats"], spec["formats_unread"] = [], True
    return spec


def _sections_despite(written: Any) -> tuple[list[dict], bool]:
    """The sections of a ``sections`` written wrong, each as far as it can be read (a
    mapping by id is read as the list it stands for), and whether the id of any could not
    be read (an entry with no id is no section, or none is written)."""
    if isinstance(written, list):
        entries = [
            (item.get("id"), item) if isinstance(item, dict) else (item, {}) for item in written
        ]
    elif isinstance(written, dict):
        entries = [(key, item if isinstance(item, dict) else {}) for key, item in written.items()]
    else:
        return [], True
    sections = []
    unread = not entries
    for section_id, item in entries:
        if not isinstance(section_id, str) or not section_id:
            unread = True
            continue
        try:
            sections.append(schema.SectionSchema().load({**item, "id": section_id}))
            continue
        except ValidationError:
            pass
        name = item.get("name") if isinstance(item.get("name"), str) else section_id
        sections.append(
            {
                "id": section_id,
                "name": name,
                "noun": item.get("noun") if isinstance(item.get("noun"), str) else name,
                "aliases": _texts(item.get("aliases")),
                "types": _texts(item.get("types")),
                "description": "",
            }
        )
    return sections, unread


def _attributes_despite(written: Any, raw_cards: dict) -> dict:
    """The attributes of an ``attributes`` written wrong: each declared right as declared,
    each declared wrong stood in for (its cards' values taken as they are), one written as a
    list item (``- element: {...}``) read as the mapping it stands for; when none can be
    read, the facts the cards hold beyond the fields every card has."""
    items = []
    if isinstance(written, dict):
        items = list(written.items())
    elif isinstance(written, list):
        for entry in written:
            if isinstance(entry, dict):
                items.extend(entry.items())
            elif isinstance(entry, str):
                items.append((entry, {}))
    if not items:  # "attributes: []", a word: every card's facts would be said unknown
        cards = raw_cards.get("cards")
        held = {
            key
            for card in (cards if isinstance(cards, list) else ())
            if isinstance(card, dict)
            for key in card
        }
        items = [(key, {}) for key in sorted(held - _CARD_FIELDS, key=str)]
    attributes = {}
    for name, item in items:
        if not isinstance(name, str) or name in schema.RESERVED or name in attributes:
            continue
        try:
            attributes[name] = schema.AttributeSchema().load(item)
        except ValidationError:
            attributes[name] = _attribute_stood_in(name, item, raw_cards)
    return attributes


def _attribute_stood_in(name: str, item: Any, raw_cards: dict) -> dict:
    """An attribute declared wrong: its values on cards are taken as they are (nothing of
    the declaration is sure), its kind as declared when that is a kind, else as the cards'
    values show it, for the rules reading it."""
    item = item if isinstance(item, dict) else {}
    kind = item.get("kind")
    if kind not in schema.ATTRIBUTE_KINDS:
        cards = raw_cards.get("cards")
        values = [
            card[name]
            for card in (cards if isinstance(cards, list) else ())
            if isinstance(card, dict) and name in card
        ]
        kind = "text"
        for candidate, fits in (
            ("bool", lambda v: isinstance(v, bool)),
            ("int", lambda v: isinstance(v, int) and not isinstance(v, bool)),
            ("list", lambda v: isinstance(v, list)),
        ):
            if values and all(fits(v) for v in values):
                kind = candidate
                break
    label = item.get("label")
    return {
        **({"label": label} if isinstance(label, str) else {}),
        "kind": kind,
        "filter": False,
        "required": False,
        "references": False,
        "printing": item.get("printing") is True,
        "stood_in": True,
    }


def _card_types_despite(written: Any, spec: dict, raw_cards: dict) -> list[str]:
    """The card types of a ``card_types`` written wrong: those it names (one line of text
    is read as a list split at its commas); when it names none that the sections, the
    attributes or the cards name ("Dino Crystal Event", its commas left out, is one type
    no card is of), every type they name, so that no card is said to be of an unknown type
    for its sake."""
    if isinstance(written, str):
        named = [part.strip() for part in written.split(",")]
    else:
        named = _texts(written)
    named = [t for t in named if t]
    cards = raw_cards.get("cards")
    used = [
        *(t for s in spec["sections"] for t in s["types"]),
        *(t for a in spec.get("attributes", {}).values() for t in a.get("types", ())),
        *(
            card["type"]
            for card in (cards if isinstance(cards, list) else ())
            if isinstance(card, dict) and isinstance(card.get("type"), str)
        ),
    ]
    if set(named).isdisjoint(used):
        named = used
    return list(dict.fromkeys(named))


def _texts(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def names_sections_of(rule: RuleSpec, read: set[str]) -> bool:
    """Whether every section ``rule`` names is among ``read`` (as a rule naming none is)."""
    for key, value in rule.params.items():
        if key in _SECTION_PARAMETERS:
            named = value if isinstance(value, list) else [value]
            if not all(isinstance(v, str) and v in read for v in named):
                return False
    return True
