"""bucket-coverage: a section spans every band of a numeric attribute."""

from __future__ import annotations

from .base import REMEMBERED_CARDS, Context, Params, Rule, and_list, primitive, whole_number

_UNSEEN = object()


@primitive("bucket-coverage")
class BucketCoverage(Rule):
    """Each named band of ``attribute`` (e.g. cost 1–2 "early") holds at least one card of
    ``section`` (Arcmage recommends "An even gold curve - a mix of both early mid and late
    game cards."). With ``where`` only the cards it matches fill a band."""

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.attribute = params.attribute(kinds=("int",))
        raw = params.get("buckets", kind=list)
        if not raw:
            params.fail("buckets names no band: give each {name, min, max}", "buckets")
        self.buckets = [_bucket(params, bucket) for bucket in raw]
        names = [name for name, _, _ in self.buckets]
        twice = [name for name in dict.fromkeys(names) if names.count(name) > 1]
        if twice:
            params.fail(f"buckets: two bands are named {twice[0]!r}", "buckets")
        self.where = params.where()
        self._numbers: dict = {}  # a card -> its number that fills a band, or None

    def _number(self, card):
        """The card's number that fills a band, or None."""
        if self.where is not None and not self.where(card):
            return None
        value = card.get(self.attribute)
        return value if isinstance(value, int) else None

    def short(self, deck, problem):
        """A band without a card is met by adding a card of it."""
        return True

    def problems(self, deck, context: Context):
        # Each card's number (none when ``where`` leaves it out, or it has none), remembered
        # per rule (bounded): a look-up instead of a filter's call and a card's look-up.
        numbers = self._numbers
        if len(numbers) >= REMEMBERED_CARDS:
            numbers.clear()
        values = set()
        for entry in deck.sections.get(self.section, ()):
            value = numbers.get(entry.card, _UNSEEN)
            if value is _UNSEEN:
                value = numbers[entry.card] = self._number(entry.card)
            if value is not None:
                values.add(value)
        if not values:
            return []
        # the bands no value falls in, in plain loops: a comprehension and a generator for
        # each band were made and called on every deck, most of which fill every band
        missing = []
        for band in self.buckets:
            _, low, high = band
            for v in values:
                if (low is None or v >= low) and (high is None or v <= high):
                    break
            else:
                missing.append(band)
        if not missing:
            return []
        return [
            self.problem(
                f"no {and_list(f'{name} ({_band(low, high)})' for name, low, high in missing)}"
                " cards",
                section=self.section,
                expected=[name for name, _, _ in self.buckets],
                actual=[name for name, _, _ in missing],
            )
        ]


def _bucket(params: Params, bucket) -> tuple:
    """One band ``{name, min, max}``: a name, and whole-number bounds (one of them at least)
    that some number meets."""
    if not isinstance(bucket, dict) or set(bucket) - {"name", "min", "max"}:
        params.fail(f"buckets: {bucket!r} is not {{name, min, max}}", "buckets")
    name = bucket.get("name")
    if not isinstance(name, str) or not name.strip():
        params.fail(f"buckets: {bucket!r} needs a name", "buckets")
    bounds = [bucket.get(key) for key in ("min", "max")]
    for key, value in zip(("min", "max"), bounds, strict=True):
        if key in bucket and not whole_number(value):
            params.fail(f"buckets: {name}: {key} {value!r} is no whole number", "buckets")
    low, high = bounds
    if low is None and high is None:
        params.fail(f"buckets: {name} needs min, max or both", "buckets")
    if low is not None and high is not None and low > high:
        params.fail(f"buckets: {name}: min {low} is more than max {high}", "buckets")
    return name, low, high


def _band(low, high) -> str:
    if low is None:
        return f"up to {high}"
    if high is None:
        return f"{low} or more"
    return f"{low}–{high}"
