"""The site's HTML form bodies, read through marshmallow like every other body at the edge."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, pre_load, validate

MAX_DECKLIST_CHARS = 200_000
# A browser's date field takes years of five and six digits (up to 275760): say what a day is.
BAD_DATE = (
    "Give the date as YYYY-MM-DD: a day of the calendar, its year in four digits (2024-05-21)."
)


class ValidateForm(Schema):
    """The plain validation page: a pasted decklist, its game, and optionally format and date."""

    class Meta:
        unknown = EXCLUDE  # the CSRF token and the submit button are not ours to read

    game = fields.Str(required=True, error_messages={"required": "Pick a game."})
    format = fields.Str(load_default=None)
    as_of = fields.Date(load_default=None, error_messages={"invalid": BAD_DATE})
    decklist = fields.Str(
        required=True,
        validate=validate.Length(
            max=MAX_DECKLIST_CHARS, error="A decklist is at most {max} characters."
        ),
        error_messages={"required": "Paste a decklist to check."},
    )

    @pre_load
    def blank_means_missing(self, data: Any, **_kwargs) -> dict[str, Any]:
        # A form sends every field; an empty one means "not given", as if it were absent.
        return {k: v for k, v in data.items() if isinstance(v, str) and v.strip()}
