"""The API's request and response bodies as marshmallow schemas.

These schemas are the contract the OpenAPI document is generated from, so each
response the API sends is dumped through one of them and each JSON body it
reads is loaded through one of them.
"""

from __future__ import annotations

from marshmallow import Schema, fields


class ErrorSchema(Schema):
    status = fields.Int(required=True, metadata={"description": "The HTTP status code."})
    code = fields.Str(required=True, metadata={"description": "A stable code, e.g. unknown-game."})
    message = fields.Str(required=True, metadata={"description": "What went wrong, in words."})
    details = fields.List(
        fields.Raw(),
        required=True,
        metadata={"description": "The facts behind the error: problems, valid names ..."},
    )


class ErrorResponseSchema(Schema):
    error = fields.Nested(ErrorSchema, required=True)


class HealthSchema(Schema):
    status = fields.Str(required=True, metadata={"example": "ok"})


class SectionSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    noun = fields.Str(required=True)
    types = fields.List(fields.Str(), required=True)


class RuleDescriptionSchema(Schema):
    id = fields.Str(required=True)
    check = fields.Str(required=True)
    severity = fields.Str(required=True)
    rule = fields.Str(required=True, metadata={"description": "The rule in words."})
    cite = fields.Str(required=True, metadata={"description": "The rulebook text it enforces."})


class FormatSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    description = fields.Str(required=True)
    default = fields.Bool(required=True)


class FormatWithRulesSchema(FormatSchema):
    rules = fields.List(fields.Nested(RuleDescriptionSchema), required=True)


class AttributeSchema(Schema):
    name = fields.Str(required=True)
    label = fields.Str(required=True)
    kind = fields.Str(required=True, metadata={"enum": ["text", "int", "bool", "choice", "list"]})
    values = fields.List(fields.Str(), required=True)
    filter = fields.Bool(required=True)


class GameSchema(Schema):
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


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
