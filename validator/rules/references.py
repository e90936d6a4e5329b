"""references: cards that name other cards expect to find them in another section."""

from __future__ import annotations

from .base import REMEMBERED_CARDS, Context, Params, Rule, and_list, or_list, primitive


@primitive("references")
class References(Rule):
    """Every card named in ``attribute`` by a card of ``section`` is in ``target_section``
    (ERUMA: "When a card's power tells you to summon a Henchman, you must take the card
    with the matching name from your Extra Deck"). ``verb`` says how the card names them in
    the message ("Lazarus creates Zombie, but your Extra Deck has no Zombie"). With ``where``
    only the cards it matches are asked for theirs, so a card already misplaced in the section
    is not blamed a second time for what it names."""

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.attribute = params.attribute()
        declared = self.game.attributes.get(self.attribute)
        if declared is None or not declared.references:
            # the names of other cards: any other value names no card, and every card with one
            # would be said to miss cards that do not exist
            params.fail(
                f"attribute {self.attribute!r} names no cards: a cards attribute (or a list"
                " with references: true) is expected",
                "attribute",
            )
        self.target = params.section("target_section")
        self.target_name = self.game.sections_by_id[self.target].name
        self.verb = params.text("verb", "names")
        self.where = params.where()
        self._names: dict = {}  # a card -> the cards it names, with their identities

    def problems(self, deck, context: Context):
        present = {e.card.identity for e in deck.sections.get(self.target, ())}
        found = []
        # The cards each card names, with their identities (none when ``where`` leaves it
        # out), remembered per rule (bounded): finding every name again cost the most.
        names = self._names
        if len(names) >= REMEMBERED_CARDS:
            names.clear()
        for entry in deck.sections.get(self.section, ()):
            pairs = names.get(entry.card)
            if pairs is None:
                pairs = names[entry.card] = self._named(entry.card)
            if not pairs:
                continue
            named = entry.card.get(self.attribute)
            missing = [n for n, identity in pairs if identity not in present]
            if missing:
                found.append(
                    self.problem(
                        f"{entry.card.name} {self.verb} {and_list(named)}, but your"
                        f" {self.target_name} has no {or_list(missing)}",
                        section=self.section,
                        entries=[entry],
                        expected=list(named),
                        actual=[n for n in named if n not in missing],
                    )
                )
        return found

    def _named(self, card) -> tuple:
        """Each card ``card`` names, with its identity (None for a name of no card); none for a
        card ``where`` leaves out."""
        if self.where is not None and not self.where(card):
            return ()
        return tuple((name, _identity(self.game, name)) for name in card.get(self.attribute) or ())

    def additions(self, deck, problem):
        """The cards named and missing: each goes in the target section."""
        missing = [self.game.find_card(n) for n in problem.expected if n not in problem.actual]
        if not missing or None in missing:
            return None
        return [(self.target, card) for card in missing]


def _identity(game, name: str) -> str | None:
    card = game.find_card(name)
    return card.identity if card else None
