"""bucket-coverage: a section spans every band of a numeric attribute."""

from __future__ import annotations

from .base import Context, Params, Rule, and_list, primitive


@primitive("bucket-coverage")
class BucketCoverage(Rule):
    """Each named band of ``attribute`` (e.g. cost 1–2 "early") holds at least one card of
    ``section`` (Arcmage recommends "An even gold curve - a mix of both early mid and late
    game cards."). With ``where`` only the cards it matches fill a band."""

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.attribute = params.attribute()
        raw = params.get("buckets", kind=list)
        self.buckets = []
        for bucket in raw:
            if not isinstance(bucket, dict) or "name" not in bucket:
                params.fail("each bucket needs a name, and min and/or max", "buckets")
            self.buckets.append((bucket["name"], bucket.get("min"), bucket.get("max")))
        self.where = params.where()

    def problems(self, deck, context: Context):
        attribute = self.attribute
        where = self.where
        values = {
            e.card.get(attribute)
            for e in deck.sections.get(self.section, ())
            if where is None or where(e.card)
        }
        values = {v for v in values if isinstance(v, int)}
        if not values:
            return []
        missing = [
            (name, low, high)
            for name, low, high in self.buckets
            if not any((low is None or v >= low) and (high is None or v <= high) for v in values)
        ]
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


def _band(low, high) -> str:
    if low is None:
        return f"up to {high}"
    if high is None:
        return f"{low} or more"
    return f"{low}–{high}"
