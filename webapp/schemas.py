"""The API's request and response bodies as marshmallow schemas.

These schemas are the contract the OpenAPI document is generated from, so each
response the API sends is dumped through one of them and each JSON body it
reads is loaded through one of them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from marshmallow import (
    EXCLUDE,
    Schema,
    ValidationError,
    fields,
    missing,
    pre_load,
    validate,
    validates_schema,
)

from validator.decklist_json import keys_beside_deck, saved_deck, two_decks
from validator.problems import ERROR, WARNING

from .cards import MAX_PAGE, MAX_PER_PAGE

# What a problem, and the rule that finds it, may be: the document lists them as an enum.
SEVERITIES = (ERROR, WARNING)


class Answer(Schema):
    """A response body. Answers are dumped from plain dicts, so a field's value is
    looked up by key alone (marshmallow's general lookup is the costliest part of a dump)."""

    def get_attribute(self, obj: Any, attr: str, default: Any = missing) -> Any:
        return obj.get(attr, default)


class Day(fields.Date):
    """A day: dumped from a ``date``, or kept as the ISO text an answer built as sent holds."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return value
        return super()._serialize(value, attr, obj, **kwargs)


DAY_FORM = "YYYY-MM-DD, its year in four digits"
DAY_EXAMPLE = "2024-05-21"
_SHOWN_CHARS = 40


def day_refused(value: Any) -> str:
    """Why ``value`` is not a day, and how a day is written."""
    if not isinstance(value, str):
        # as the client sent it: JSON's true, not Python's True
        shown = json.dumps(value, ensure_ascii=False, default=str)[:_SHOWN_CHARS]
        return f'{shown} is not a day: give the day as text, {DAY_FORM} ("{DAY_EXAMPLE}")'
    shown = repr(value if len(value) <= _SHOWN_CHARS else value[:_SHOWN_CHARS] + "...")
    # ASCII digits alone: "٢٠٢٤-٠٥-٢١" is not the form asked, not a day the calendar lacks
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        return f"{shown} is no day of the calendar: give a day that is, as {DAY_FORM}"
    return f"{shown} is not a day: give the day as {DAY_FORM} ({DAY_EXAMPLE})"


class AskedDay(fields.Date):
    """A day a request asks for (``as_of``); null is no day asked (today). A value refused
    is said with what was given and the form a day takes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(allow_none=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except ValidationError:
            raise ValidationError(day_refused(value)) from None


class ErrorSchema(Answer):
    status = fields.Int(required=True, metadata={"description": "The HTTP status code."})
    code = fields.Str(required=True, metadata={"description": "A stable code, e.g. unknown-game."})
    message = fields.Str(required=True, metadata={"description": "What went wrong, in words."})
    details = fields.List(
        fields.Raw(),
        required=True,
        metadata={"description": "The facts behind the error: problems, valid names ..."},
    )


class ErrorResponseSchema(Answer):
    error = fields.Nested(ErrorSchema, required=True)


class HealthSchema(Answer):
    status = fields.Str(required=True, metadata={"example": "ok"})


class SectionSchema(Answer):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    noun = fields.Str(required=True)
    types = fields.List(fields.Str(), required=True)


class ReadingSchema(Answer):
    """A decision of the game's: how Deckwright reads a sentence that can be read two ways."""

    reading = fields.Str(required=True, metadata={"description": "How Deckwright reads it."})
    reason = fields.Str(required=True, metadata={"description": "Why it reads it so."})
    alternative = fields.Str(
        required=True,
        allow_none=True,
        metadata={"description": "The id of a format built on the other reading, if any."},
    )
    alternative_name = fields.Str(required=True, allow_none=True)


def _readings() -> fields.List:
    return fields.List(
        fields.Nested(ReadingSchema),
        required=True,
        # Verdicts kept from before decisions existed (event records) have none to show.
        dump_default=list,
        metadata={"description": "How Deckwright reads the rule's sentence (often none)."},
    )


class RuleDescriptionSchema(Answer):
    id = fields.Str(required=True)
    check = fields.Str(required=True)
    severity = fields.Str(required=True, validate=validate.OneOf(SEVERITIES))
    rule = fields.Str(required=True, metadata={"description": "The rule in words."})
    cite = fields.Str(
        required=True,
        metadata={
            "description": "The rulebook's words it enforces; empty for a rule the rulebook"
            " does not state, whose readings say where it comes from."
        },
    )
    section = fields.Str(
        required=True,
        allow_none=True,
        metadata={"description": "The one section the rule looks at, when it looks at one."},
    )
    readings = _readings()


class FormatSchema(Answer):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    description = fields.Str(required=True)
    default = fields.Bool(required=True)


class FormatWithRulesSchema(FormatSchema):
    rules = fields.List(fields.Nested(RuleDescriptionSchema), required=True)


class AttributeSchema(Answer):
    name = fields.Str(required=True)
    label = fields.Str(required=True)
    kind = fields.Str(required=True, metadata={"enum": ["text", "int", "bool", "choice", "list"]})
    values = fields.List(fields.Str(), required=True)
    filter = fields.Bool(required=True)


class GameSchema(Answer):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    short_name = fields.Str(required=True)
    description = fields.Str(required=True)
    illustrative = fields.Bool(required=True)
    rulebook = fields.Str(required=True)
    sections = fields.List(fields.Nested(SectionSchema), required=True)
    formats = fields.List(fields.Nested(FormatSchema), required=True)
    default_format = fields.Str(required=True)
    main_attribute = fields.Str(required=True, allow_none=True)
    attributes = fields.List(fields.Nested(AttributeSchema), required=True)
    colors = fields.Dict(keys=fields.Str(), values=fields.Str(), required=True)
    card_types = fields.List(fields.Str(), required=True)


class GameDetailSchema(GameSchema):
    formats = fields.List(fields.Nested(FormatWithRulesSchema), required=True)


class GameListSchema(Answer):
    games = fields.List(fields.Nested(GameSchema), required=True)


# -- cards --------------------------------------------------------------------------


class CardSchema(Answer):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    type = fields.Str(required=True)
    set = fields.Str(required=True, metadata={"description": "The set code."})
    set_name = fields.Str(required=True)
    number = fields.Str(required=True, allow_none=True)
    facts = fields.Dict(
        keys=fields.Str(),
        values=fields.Raw(),
        required=True,
        metadata={"description": "The card's value of each attribute of its game it has."},
    )


class CardPageSchema(Answer):
    cards = fields.List(fields.Nested(CardSchema), required=True)
    total = fields.Int(required=True, metadata={"description": "Cards matching, on all pages."})
    page = fields.Int(required=True)
    per_page = fields.Int(required=True)
    pages = fields.Int(required=True)
    next = fields.Str(
        required=True,
        allow_none=True,
        metadata={"description": "The next page's address, the search kept; null on the last."},
    )
    suggestions = fields.List(
        fields.Str(),
        metadata={
            "description": "When the words `q` match no card: the closest card names, best"
            " first, of cards the other parameters let through (empty otherwise)."
        },
    )


class CardSearchQuerySchema(Schema):
    """The search parameters every game has; each attribute of a game is one more.

    ``<attribute>=<value>`` (repeatable: any of the values) and, for whole-number
    attributes, ``<attribute>_min`` / ``<attribute>_max``. ``GET /api/v1/games``
    lists each game's attributes.
    """

    q = fields.Str(metadata={"description": "Words of the name, type or text; prefixes match."})
    type = fields.List(fields.Str(), metadata={"description": "Card types (any of them)."})
    set = fields.List(fields.Str(), metadata={"description": "Set codes (any of them)."})
    sort = fields.Str(metadata={"description": "name, type, set, number or an attribute."})
    order = fields.Str(validate=validate.OneOf(["asc", "desc"]))
    page = fields.Int(
        validate=validate.Range(min=1, max=MAX_PAGE), metadata={"description": "From 1."}
    )
    per_page = fields.Int(validate=validate.Range(min=1, max=MAX_PER_PAGE))


# -- validation ---------------------------------------------------------------------


class DeckEntrySchema(Answer):
    card = fields.Str(required=True, metadata={"description": "Card name, id or number."})
    id = fields.Str(metadata={"description": "The card id (the JSON form names both)."})
    count = fields.Int(required=True)
    printing = fields.Bool(
        metadata={"description": "true when the list named this very printing (set or number)."}
    )


class Sections(fields.Dict):
    """Section id to its list of entries, documented as lists of ``DeckEntry``.

    Entries come from :func:`validator.to_mapping` as plain text and numbers, so
    they are dumped by keeping the entry schema's declared keys: a field call per
    key of every entry was a good part of a validate answer's time.
    """

    def __init__(self, **kwargs):
        super().__init__(
            keys=fields.Str(), values=fields.Nested(DeckEntrySchema, many=True), **kwargs
        )
        self.entry_keys = tuple(DeckEntrySchema().fields)

    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        keys = self.entry_keys
        return {
            str(section): [{k: entry[k] for k in keys if k in entry} for entry in entries]
            for section, entries in value.items()
        }


class DeckSchema(Answer):
    """A deck in its JSON form: sections by id, each a list of entries."""

    name = fields.Str(required=True)
    game = fields.Str(required=True)
    sections = Sections(required=True)
    boards = Sections(
        metadata={"description": "sideboard / maybeboard, kept with the deck; no rule counts them."}
    )


class DeckBodySchema(Schema):
    """A deck sent to be validated: its ``sections``, or its ``cards`` alone (each placed in
    the section of its type, as other deck tools export a deck), or a saved deck as
    ``GET /api/v1/decks/{id}`` gives it (the deck under ``deck``, judged in its ``format``).
    Entries are read by the validator, which reports bad entries as problems at their place
    (``sections.deck[2]``) instead of refusing the body. A body giving two decks (``sections``
    beside ``cards``, or either beside a saved deck's ``deck``) is refused, none dropped."""

    class Meta:
        unknown = EXCLUDE

    # Stated as oneOf in the OpenAPI document; enforced by sections_or_cards, and for 'deck'
    # by deck_of_saved_deck (refusing it beside either).
    exactly_one_of: tuple[str, ...] = ("sections", "cards", "deck")
    name = fields.Str(load_default="")
    game = fields.Str(
        allow_none=True,
        metadata={
            "description": "The game the deck is for, as a saved deck or an export names it:"
            " a deck of another game is judged with a warning saying so, and refused (422"
            " deck-for-another-game) in a format this game has not."
        },
    )
    format = fields.Str(metadata={"description": "A format id of the game (else the default)."})
    as_of = AskedDay(metadata={"description": "Judge the deck as on this day (YYYY-MM-DD)."})
    sections = fields.Dict(
        keys=fields.Str(),
        values=fields.Raw(allow_none=True),
        metadata={"description": 'Section id or name -> [{"card": "Name or id", "count": 3}]'},
    )
    cards = fields.List(
        fields.Raw(allow_none=True),
        metadata={
            "description": "Instead of sections: the deck's entries in one list, each card"
            " placed in the section of its type."
        },
    )
    boards = fields.Dict(
        keys=fields.Str(),
        values=fields.Raw(allow_none=True),
        metadata={"description": "sideboard / maybeboard -> entries, as in sections."},
    )
    # Read (and replaced by the deck it holds) by deck_of_saved_deck before any field is.
    deck = fields.Dict(
        allow_none=True,
        metadata={
            "description": "Instead of sections or cards: the body is a saved deck as"
            " GET /api/v1/decks/{deck_id} gives it, and this its deck; judged in the saved"
            " deck's format unless the query names one."
        },
    )

    @pre_load
    def deck_of_saved_deck(self, data, **_kwargs):
        # A saved deck's answer posted back as it came: its deck, name and format are the body.
        if not isinstance(data, dict):
            return data
        if beside := keys_beside_deck(data):  # one of the two would be dropped unseen
            raise ValidationError(two_decks(beside), "deck")
        deck = saved_deck(data)
        if deck is data:
            return data
        # null or "" is none given, as in a query string; any other value is read (and a
        # day of 0 or a format of false refused), not dropped as if it were none.
        given = ("format", "as_of")
        return {**deck, **{key: data[key] for key in given if data.get(key) not in (None, "")}}

    @validates_schema
    def sections_or_cards(self, data, **_kwargs):
        if ("sections" in data) == ("cards" in data):
            # Both given, the cards would be dropped unseen (the reader reads the sections).
            said = "not both" if "sections" in data else "one of them is missing"
            raise ValidationError(
                f"send the deck's 'sections' or 'cards' (a list of its cards), {said}",
                "sections",
            )


class ValidateQuerySchema(Schema):
    format = fields.Str(
        metadata={
            "description": "A format id of the game; else the deck's own (a text list's"
            " 'Format:' line, a saved deck's format), else the game's default."
        }
    )
    as_of = AskedDay(metadata={"description": "Judge the deck as on this day (YYYY-MM-DD)."})


class ProblemSchema(Answer):
    rule = fields.Str(required=True, metadata={"description": "A stable rule id."})
    severity = fields.Str(required=True, validate=validate.OneOf(SEVERITIES))
    section = fields.Str(required=True, allow_none=True)
    cards = fields.List(fields.Str(), required=True)
    message = fields.Str(required=True)
    line = fields.Int(required=True, allow_none=True, metadata={"description": "First line."})
    lines = fields.List(fields.Int(), required=True)
    expected = fields.Raw(required=True, allow_none=True)
    actual = fields.Raw(required=True, allow_none=True)
    cite = fields.Str(
        required=True,
        metadata={
            "description": "The rulebook's words broken; empty for a problem of the list"
            " itself, or of a rule the rulebook does not state (its readings say where it"
            " comes from)."
        },
    )
    suggestions = fields.List(
        fields.Str(), required=True, metadata={"description": "Did you mean ...?"}
    )
    readings = _readings()


class Counts(fields.Dict):
    """Text keys to whole numbers, documented as such; dumped in one comprehension
    rather than a field call per key and per value (validate answers carry several)."""

    def __init__(self, **kwargs):
        super().__init__(keys=fields.Str(), values=fields.Int(), **kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else {str(k): int(v) for k, v in value.items()}


class SummarySchema(Answer):
    total = fields.Int(required=True)
    sections = Counts(required=True)
    types = Counts(required=True)
    main_attribute = fields.Str(required=True, allow_none=True)
    by_main_attribute = Counts(required=True)
    curve_attribute = fields.Str(required=True, allow_none=True)
    curve = Counts(required=True)


class FormatVerdictSchema(Answer):
    name = fields.Str(required=True)
    legal = fields.Bool(required=True)
    errors = fields.Int(required=True)
    warnings = fields.Int(required=True)


class ValidationSchema(Answer):
    game = fields.Str(required=True)
    format = fields.Str(required=True)
    format_name = fields.Str(required=True)
    as_of = Day(required=True, allow_none=True)
    legal = fields.Bool(required=True)
    problems = fields.List(
        fields.Nested(ProblemSchema),
        required=True,
        metadata={"description": "The problems found, the first ones when there are many."},
    )
    more_problems = fields.Int(
        required=True,
        metadata={"description": "Problems found beyond those listed (the counts include them)."},
    )
    summary = fields.Nested(SummarySchema, required=True)
    formats = fields.Dict(
        keys=fields.Str(), values=fields.Nested(FormatVerdictSchema), required=True
    )
    deck = fields.Nested(DeckSchema, required=True)
    text = fields.Str(required=True, metadata={"description": "The deck as a canonical list."})


TEXT_DECK = {"type": "string", "description": "A text decklist, as a JSON string."}


class BatchBodySchema(Schema):
    decks = fields.List(
        fields.Raw(metadata={"oneOf": [{"$ref": "#/components/schemas/DeckBody"}, TEXT_DECK]}),
        required=True,
        metadata={"description": "Decks in the JSON form, or text decklists as strings."},
    )


class BatchSchema(Answer):
    results = fields.List(fields.Nested(ValidationSchema), required=True)


# -- fits my deck -------------------------------------------------------------------

MAX_FIT_CARDS = 100


class FitsBodySchema(DeckBodySchema):
    """A deck (as for validate, by its sections) and the cards to try in it, one more copy
    each."""

    class Meta(DeckBodySchema.Meta):
        exclude = ("deck",)  # the deck is its sections: a saved deck's is refused beside them

    exactly_one_of = ()
    sections = fields.Dict(
        keys=fields.Str(),
        values=fields.Raw(allow_none=True),
        required=True,
        metadata={"description": 'Section id or name -> [{"card": "Name or id", "count": 3}]'},
    )
    cards = fields.List(
        fields.Str(validate=validate.Length(min=1, max=200)),
        required=True,
        validate=validate.Length(min=1, max=MAX_FIT_CARDS),
        metadata={"description": "Card ids, as the card search answers them."},
    )

    def sections_or_cards(self, data, **_kwargs):
        """Not a check here: the deck is its sections, and ``cards`` the ids to try."""


class FitSchema(Answer):
    id = fields.Str(required=True)
    fits = fields.Bool(required=True)
    reason = fields.Str(
        required=True,
        allow_none=True,
        metadata={"description": "Why a copy more would not fit: the problem it would bring."},
    )
    rule = fields.Str(required=True, allow_none=True)


class FitsSchema(Answer):
    game = fields.Str(required=True)
    format = fields.Str(required=True)
    as_of = fields.Date(required=True, allow_none=True)
    cards = fields.List(fields.Nested(FitSchema), required=True)


# -- saved decks --------------------------------------------------------------------


class SaveDeckBodySchema(Schema):
    """A deck to save: its JSON ``sections`` or a ``text`` decklist (exactly one)."""

    # Stated as oneOf in the OpenAPI document; enforced by sections_or_text.
    exactly_one_of = ("sections", "text")
    game = fields.Str(required=True)
    name = fields.Str(required=True, validate=validate.Length(min=1, max=200))
    format = fields.Str()
    sections = fields.Dict(keys=fields.Str(), values=fields.Raw())
    boards = fields.Dict(keys=fields.Str(), values=fields.Raw())
    text = fields.Str(validate=validate.Length(max=200_000))
    parent = fields.Str(metadata={"description": "The id of the saved deck this edits."})
    description = fields.Str(
        load_default="",
        validate=validate.Length(max=5000),
        metadata={"description": "Plain text shown on the deck's page; addresses become links."},
    )

    @validates_schema
    def sections_or_text(self, data, **_kwargs):
        if ("sections" in data) == ("text" in data):
            raise ValidationError("send either 'sections' or 'text'", "_schema")
        if "text" in data and "boards" in data:
            # A text list holds its own boards ("Sideboard:"): these would be dropped unseen.
            raise ValidationError(
                "'boards' go with 'sections'; a 'text' list gives its boards under"
                " headers like 'Sideboard:'",
                "boards",
            )


class SavedDeckSchema(Answer):
    id = fields.Str(required=True)
    game = fields.Str(required=True)
    name = fields.Str(required=True)
    format = fields.Str(required=True)
    created = fields.DateTime(required=True)
    parent = fields.Str(required=True, allow_none=True)
    deck = fields.Nested(DeckSchema, required=True)
    text = fields.Str(required=True)
    description = fields.Str(metadata={"description": "The player's words about the deck."})
    url = fields.Str(required=True, metadata={"description": "The deck's page on the site."})
    claim_key = fields.Str(
        metadata={
            "description": "Only in the answer to a save with no one logged in: the secret"
            ' that claims the deck for an account later ("My decks"), with its id. Keep it;'
            " it is shown once and never again. A link or id alone claims nothing."
        }
    )
