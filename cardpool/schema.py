"""The documented shape of a card pool (see docs/cardpool.md), enforced with marshmallow.

Two files per game folder: ``game.yaml`` (sections, attributes, formats and
their rules) and ``cards.yaml`` (sets and cards). The card schema is built per
game from the attributes its ``game.yaml`` declares, so a new attribute is a
YAML change too.
"""

from __future__ import annotations

import difflib

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from .names import did_you_mean

ID = validate.Regexp(
    r"^[a-z0-9][a-z0-9-]*$",
    error="{input!r} is no id: write it in lowercase letters, digits and '-'",
)
SEVERITIES = ("error", "warning")
# A card's picture: an https address, or a picture file in the pool's folder (no way out of it).
CARD_IMAGE = validate.Regexp(
    r"^(https://[^\s\"'<>]+|(?![./])(?!.*\.\.)[\w./-]+\.(png|jpe?g|webp|gif))$",
    error="must be an https:// address or a .png, .jpg, .webp or .gif file in the pool's folder",
)
# ``cards`` is a list whose values name cards of the pool (what a card summons or creates).
ATTRIBUTE_KINDS = ("text", "int", "bool", "choice", "list", "cards")
RESERVED = ("id", "name", "type", "set", "number", "max_copies", "revision_of", "aliases")


class NumberOrText(fields.Str):
    """Card numbers are printed as text ("se001") or numbers (42), and so are the attribute
    values a format lists (a regulation mark ``H``); keep them as text."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return super()._deserialize(value, attr, data, **kwargs)


def unknown_key(key: str, keys: list[str], entry: str, others=(), others_are: str = "") -> str:
    """What is said of a key an entry does not have ("Unknown field; a set's keys are code,
    name, released, constructed and legal_from; did you mean 'released'?"): the keys of
    ``entry``, and ``others_are`` when keys beyond them are the pool's own (a card's declared
    attributes, ``others``), with the one meant among them all when one is close."""
    close = _close_key(key, [*keys, *others])
    more = f", and {others_are}" if others_are else ""
    meant = f"; did you mean {close!r}?" if close is not None else "."
    return f"Unknown field; {entry}'s keys are {_and(keys)}{more}{meant}"


def _close_key(key: str, keys: list[str]) -> str | None:
    """The one of ``keys`` that ``key`` is written for, when one is that close."""
    close = difflib.get_close_matches(key, keys, n=1, cutoff=0.7)
    return close[0] if close else None


def _and(words: list[str]) -> str:
    """``a, b and c``."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


class Strict(Schema):
    class Meta:
        unknown = RAISE

    # The entry as a stranger names it, whose keys an unknown key is told ("a set").
    entry = "an entry"

    def handle_error(self, error: ValidationError, data, *, many: bool, **kwargs) -> None:
        """A key the schema does not know ('stamna', 'bans') is said with the keys the entry
        may have and the one meant: "Unknown field." alone leaves a stranger to find the
        typo, or to guess the keys."""
        messages = error.messages
        if many or not isinstance(messages, dict):
            return
        unknown = self.error_messages["unknown"]
        for key, said in messages.items():
            if said == [unknown] and isinstance(key, str):
                messages[key] = [self.unknown_key(key)]

    def unknown_key(self, key: str) -> str:
        return unknown_key(key, [f.data_key or n for n, f in self.load_fields.items()], self.entry)


class AttributeSchema(Strict):
    entry = "an attribute"

    label = fields.Str()
    kind = fields.Str(required=True, validate=validate.OneOf(ATTRIBUTE_KINDS))
    values = fields.List(fields.Str())
    filter = fields.Bool(load_default=False)
    required = fields.Bool(load_default=False)
    types = fields.List(fields.Str(), validate=validate.Length(min=1))
    references = fields.Bool(load_default=False)
    # A fact of the printing, not of the card (rarity, artist): printings of one card may
    # differ in it (docs/cardpool.md, Printings).
    printing = fields.Bool(load_default=False)

    @validates_schema
    def check_references(self, data, **kwargs):
        if data.get("references") and data["kind"] not in ("list", "cards"):
            raise ValidationError("only a list attribute can name cards", "references")
        if data["kind"] == "cards" and data.get("values"):
            raise ValidationError("the values of a cards attribute are card names", "values")


class SectionSchema(Strict):
    entry = "a section"

    id = fields.Str(required=True, validate=ID)
    name = fields.Str(required=True)
    noun = fields.Str(required=True)
    aliases = fields.List(fields.Str(), load_default=list)
    types = fields.List(fields.Str(), load_default=list)
    description = fields.Str(load_default="")


class RuleSchema(Schema):
    """A rule entry: the primitive's own parameters ride along and are checked on compile."""

    class Meta:
        unknown = INCLUDE

    id = fields.Str(required=True, validate=ID)
    check = fields.Str(required=True)
    severity = fields.Str(
        load_default="error",
        validate=validate.OneOf(SEVERITIES, error="{input!r} is not one of: {choices}."),
    )
    cite = fields.Str(required=True)
    title = fields.Str(required=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check_own_keys(self, data, original, **kwargs):
        """A key close to an entry's own ('titel', 'severty') is that key misspelt, not a
        parameter of the check (none is so close to them): said as such, not as a
        parameter the check does not take, or as the title missing alone."""
        if not isinstance(original, dict):
            return
        own = list(self.load_fields)
        wrong = {
            key: [unknown_key(key, own, "a rule entry", others_are="its check's parameters")]
            for key in original
            if isinstance(key, str) and key not in own and _close_key(key, own) is not None
        }
        if wrong:
            raise ValidationError(wrong)


class BanlistSchema(Strict):
    entry = "a banned list"

    date = fields.Date(required=True)
    banned = fields.List(fields.Str(), load_default=list)
    restricted = fields.Dict(
        keys=fields.Str(), values=fields.Int(strict=True, validate=validate.Range(min=0))
    )
    note = fields.Str(load_default="")


class RotationSchema(Strict):
    """A rotation day: the format's legal sets and legal attribute values from then on."""

    entry = "a rotation"

    date = fields.Date(required=True)
    legal_sets = fields.List(fields.Str())
    legal_values = fields.Dict(keys=fields.Str(), values=fields.List(NumberOrText()))
    note = fields.Str(load_default="")

    @validates_schema
    def check_something_rotates(self, data, **kwargs):
        if "legal_sets" not in data and not data.get("legal_values"):
            raise ValidationError("a rotation names its legal_sets or legal_values", "date")


class FormatSchema(Strict):
    entry = "a format"

    id = fields.Str(required=True, validate=ID)
    name = fields.Str(required=True)
    description = fields.Str(load_default="")
    base = fields.Str()
    rules = fields.List(fields.Dict(), load_default=list)
    remove_rules = fields.List(fields.Str(), load_default=list)
    legal_sets = fields.List(fields.Str(), allow_none=False)
    banlists = fields.List(fields.Nested(BanlistSchema))
    rotations = fields.List(fields.Nested(RotationSchema))
    legal_values = fields.Dict(keys=fields.Str(), values=fields.List(NumberOrText()))
    legal_after_days = fields.Int(strict=True, validate=validate.Range(min=0))


class ReadingSchema(Strict):
    """A rulebook sentence with two readings and the one Deckwright takes (``decisions``)."""

    entry = "a decision"

    rules = fields.List(fields.Str(), required=True, validate=validate.Length(min=1))
    reading = fields.Str(required=True, validate=validate.Length(min=1))
    reason = fields.Str(required=True, validate=validate.Length(min=1))
    alternative = fields.Str()


class PlaySchema(Strict):
    """How a game is played, as far as draw odds need it: the opening hand and the draws."""

    entry = "play"

    opening_hand = fields.Int(required=True, strict=True, validate=validate.Range(min=1))
    draws_per_turn = fields.Int(required=True, strict=True, validate=validate.Range(min=0))
    draw_from = fields.List(fields.Str(validate=ID), validate=validate.Length(min=1))
    # Card types set aside when drawn into the opening hand, drawn past and shuffled back
    # once the hand is kept (ERA's events).
    set_aside = fields.List(fields.Str(), load_default=list)
    cite = fields.Str(load_default="")


class GameSchema(Strict):
    entry = "game.yaml"

    id = fields.Str(required=True, validate=ID)
    name = fields.Str(required=True)
    short_name = fields.Str(required=True)
    rulebook = fields.Str(load_default="")
    description = fields.Str(load_default="")
    card_types = fields.List(fields.Str(), required=True, validate=validate.Length(min=1))
    attributes = fields.Dict(keys=fields.Str(), values=fields.Nested(AttributeSchema))
    main_attribute = fields.Str()
    # the number attribute the builder's cost curve counts (``level``); absent: ``cost`` or
    # ``synergy`` when the game has one
    curve = fields.Str()
    colors = fields.Dict(keys=fields.Str(), values=fields.Str())
    same_card = fields.List(
        fields.Str(validate=validate.OneOf(("name", "number"))), load_default=lambda: ["name"]
    )
    sections = fields.List(
        fields.Nested(SectionSchema), required=True, validate=validate.Length(min=1)
    )
    default_section = fields.Str(required=True)
    whole_deck_headers = fields.List(fields.Str(validate=validate.Length(min=1)), load_default=list)
    default_format = fields.Str(required=True)
    formats = fields.List(fields.Dict(), required=True, validate=validate.Length(min=1))
    decisions = fields.List(fields.Nested(ReadingSchema), load_default=list)
    play = fields.Nested(PlaySchema)

    @validates_schema
    def check_attribute_names(self, data, **kwargs):
        clash = sorted(set(data.get("attributes", {})) & set(RESERVED))
        if clash:
            raise ValidationError(f"reserved field names: {', '.join(clash)}", "attributes")


class DecisionSchema(Strict):
    entry = "a decision"

    cards = fields.List(fields.Str())
    change = fields.Str(required=True)
    reason = fields.Str(required=True)


class SetSchema(Strict):
    entry = "a set"

    code = fields.Str(required=True)
    name = fields.Str(required=True)
    released = fields.Date()
    constructed = fields.Bool(load_default=True)
    legal_from = fields.Date()


class CardsFileSchema(Strict):
    entry = "cards.yaml"

    game = fields.Str(required=True)
    title = fields.Str(load_default="")
    illustrative = fields.Bool(load_default=False)
    source = fields.Str(load_default="")
    credits = fields.Str(load_default="")
    decisions = fields.List(fields.Nested(DecisionSchema), load_default=list)
    sets = fields.List(fields.Nested(SetSchema), required=True, validate=validate.Length(min=1))
    cards = fields.List(fields.Dict(), required=True)


class OneOf(validate.OneOf):
    """``OneOf`` whose message names the value written and the one meant where one is close
    ("'dino' is not one of: Dino, Crystal, ...; did you mean Dino?"); a long list of choices
    (hundreds of sets) is counted, as ``noun`` ("none of the 240 sets of cards.yaml")."""

    LISTED = 12

    def __init__(self, choices, noun: str):
        super().__init__(choices)
        self.noun = noun

    def _format_error(self, value) -> str:
        choices = [str(c) for c in self.choices]
        meant = did_you_mean(str(value), dict.fromkeys(choices, ()))
        if len(choices) > self.LISTED:
            return f"{value!r} is none of the {len(choices)} {self.noun}{meant}"
        return f"{value!r} is not one of: {', '.join(choices)}{meant or '.'}"


def _attribute_field(kind: str, values: list[str], name: str = "") -> fields.Field:
    choice = OneOf(values, f"{name} values") if values else None
    if kind == "int":
        return fields.Int(strict=True)
    if kind == "bool":
        return fields.Bool()
    if kind == "choice":
        return fields.Str(validate=choice)
    if kind in ("list", "cards"):
        return fields.List(fields.Str(validate=choice))
    return fields.Str()


def card_schema(card_types: list[str], set_codes: list[str], attributes: dict) -> Schema:
    """The schema of one card of a game, built from the game's declared attributes."""
    declared = {
        "id": fields.Str(required=True, validate=ID),
        "name": fields.Str(required=True, validate=validate.Length(min=1)),
        "type": fields.Str(required=True, validate=OneOf(card_types, "card types")),
        "set": fields.Str(required=True, validate=OneOf(set_codes, "sets of cards.yaml")),
        "number": NumberOrText(),
        "max_copies": fields.Int(strict=True, validate=validate.Range(min=0)),
        "revision_of": fields.Str(),
        # Old names and nicknames players write for the card, read like its name.
        "aliases": fields.List(fields.Str(validate=validate.Length(min=1))),
        # Shown on the card's page and searched, never read by a rule (docs/cardpool.md).
        "text": fields.Str(validate=validate.Length(min=1)),
        "image": fields.Str(validate=CARD_IMAGE),
    }
    for name, spec in attributes.items():
        # an attribute declared wrong (said already): its values are taken as they are
        stood_in = spec.get("stood_in")
        declared[name] = (
            fields.Raw()
            if stood_in
            else _attribute_field(spec["kind"], spec.get("values", []), name)
        )
    schema_class = _CardFields.from_dict(declared, name="CardSchema")
    schema_class.attributes = tuple(attributes)
    return schema_class(unknown=RAISE)


class _CardFields(Strict):
    """A card: its own keys (id, name, set, ...) and the game's declared attributes."""

    entry = "a card"
    attributes: tuple[str, ...] = ()

    def unknown_key(self, key: str) -> str:
        # A key that is none of a card's own ('speed: 3') is read as an attribute of the
        # game's: the game has not declared it.
        own = [name for name in self.load_fields if name not in self.attributes]
        declared = f" ({_and(list(self.attributes))})" if self.attributes else " (none yet)"
        return unknown_key(
            key, own, self.entry, self.attributes, f"the attributes game.yaml declares{declared}"
        )
