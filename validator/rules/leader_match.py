"""leader-match: cards restricted by an attribute of the deck's leader card."""

from __future__ import annotations

from .base import (
    REMEMBERED_CARDS,
    Context,
    Params,
    Rule,
    and_list,
    leaders,
    plural,
    primitive,
)

MODES = ("same", "shares")
# The leaders' values a rule remembers the fitting cards of: a game has few (its factions,
# its classes, two heroes' together), each a set of at most REMEMBERED_CARDS cards.
REMEMBERED_LEADS = 32
_UNSEEN = object()


@primitive("leader-match")
class LeaderMatch(Rule):
    """Cards fit the leader card (the one card of ``leader``) on ``attribute``.

    ``mode: same`` — the card's value equals the leader's (Shadow Era: "Cards which
    specify a faction in their type line may only be put into decks with a hero from
    that faction."); ``mode: shares`` — the card's values share at least one with the
    leader's (Shadow Era: "Cards that have one or more Class icons may only be used in
    decks with a hero that has at least one matching icon."). Cards without a value, or
    with a value in ``free`` ("Neutral"), go in any deck.

    Only cards of the leader section's types lead (an ally in the hero slot is no hero,
    and is held to the leader like any card of the deck). Every card is checked against
    the leaders present: with two heroes a card fits if it fits either, since which one
    the player meant to keep is unknown, and under ``same`` a card of several values may
    take them from both (Commander: two partners' colors are the deck's one color
    identity); with none the rule says nothing. The leader
    section's own size and type rules report the slot itself. With ``where`` only the
    cards it matches must fit (Netrunner: only agendas may not be out of faction).
    """

    def configure(self, params: Params) -> None:
        self.leader_section = params.section("leader")
        # a value or values a card asks its leader for, a number (a level) too; a card's
        # true or false asks its leader for nothing
        self.attribute = params.attribute(kinds=("choice", "list", "text", "int"))
        self.mode = params.get("mode", "same", str)
        if self.mode not in MODES:
            params.fail(f"mode must be one of {', '.join(MODES)}", "mode")
        self.free = params.values(self.attribute, "free", None)
        # The leader's own section too: a card there that is no leader (an ally listed as the
        # hero) is still a card of the deck, and must fit the leader like the others
        self.sections = params.sections()
        self.leader_noun = self.game.sections_by_id[self.leader_section].noun
        self.leader_types = params.leader_types(self.leader_section)
        self.where = params.where()
        # a number is said with its attribute ("cost 2 decks"), a word alone ("Fire decks")
        declared = self.game.attributes.get(self.attribute)
        self.number_label = declared.label.lower() if declared and declared.kind == "int" else None
        # a leader without a value "has no talent" ('is no talent' said it is not one)
        self.no_value = f"no {declared.label.lower() if declared else self.attribute}"
        self._asked: dict = {}
        self._led: dict = {}  # a leader card -> the values it has, worked out once
        self._fine: dict = {}  # a leader's values -> the cards known to fit them

    @staticmethod
    def _values(value) -> frozenset:
        if value is None:
            return frozenset()
        return frozenset(value) if isinstance(value, list) else frozenset([value])

    def _yours(self, leading) -> str:
        """'your hero Zaladar is shadow': built for a problem only, most decks have none."""
        words = {}  # each leader's own values, in the order the deck lists them
        for card in leading:
            values = self._values(card.get(self.attribute))
            words.setdefault(card.name, and_list(self._said(values)) or self.no_value)
        names = list(words)
        noun = plural(self.leader_noun, len(names))
        if len(set(words.values())) > 1:
            # 'your heroes Aramia and Elementalis are Elemental and Mage' read as Aramia
            # being the Elemental: each leader is said with its own values
            each = and_list([f"{name} ({value})" for name, value in words.items()])
            return f"your {noun} are {each}"
        if words[names[0]] == self.no_value:
            verb = "has" if len(names) == 1 else "have"
        else:
            verb = "is" if len(names) == 1 else "are"
        return f"your {noun} {and_list(names)} {verb} {words[names[0]]}"

    def _said(self, values) -> list[str]:
        """A card's values in order, as words: 'Fire', and a number with its attribute
        ('cost 2')."""
        if self.number_label is None:
            return [str(value) for value in sorted(values)]
        return [f"{self.number_label} {value}" for value in sorted(values)]

    def _asks(self, card) -> frozenset | None:
        """The values a card asks its leader for; None when it goes in any deck (no value, only
        ``free`` values, or a card ``where`` leaves out)."""
        value = card.facts.get(self.attribute)
        if value is None:
            return None
        values = (frozenset(value) if isinstance(value, list) else frozenset((value,))) - self.free
        if not values or (self.where is not None and not self.where(card)):
            return None
        return values

    def problems(self, deck, context: Context):
        leader_section, leader_types = self.leader_section, self.leader_types
        leading = leaders(deck, leader_section, leader_types)
        if not leading:
            return []
        if len(leading) == 1:  # nearly every deck: its one leader's values, remembered
            led = self._led
            mine = led.get(leading[0])
            if mine is None:
                if len(led) >= REMEMBERED_CARDS:
                    led.clear()
                mine = led[leading[0]] = self._values(leading[0].get(self.attribute))
        else:
            mine = frozenset().union(*(self._values(card.get(self.attribute)) for card in leading))
        shares = self.mode == "shares"
        # What each card asks is worked out once and remembered: the rule runs on every card
        # of every deck, and a remembered answer is one look-up.
        asked = self._asked
        if len(asked) >= REMEMBERED_CARDS:
            asked.clear()
        # The cards known to fit leaders of these values, remembered per rule (bounded): a
        # card seen before with such a leader is one set look-up.
        fine = self._fine.get(mine)
        if fine is None:
            if len(self._fine) >= REMEMBERED_LEADS:
                self._fine.clear()
            fine = self._fine[mine] = set()
        found = []
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                card = entry.card
                if card in fine:
                    continue
                if section_id == leader_section and (not leader_types or card.type in leader_types):
                    continue  # a leader, itself or a second one (each fits either)
                values = asked.get(card, _UNSEEN)
                if values is _UNSEEN:
                    values = asked[card] = self._asks(card)
                if values is None or (not values.isdisjoint(mine) if shares else values <= mine):
                    if len(fine) >= REMEMBERED_CARDS:
                        fine.clear()
                    fine.add(card)
                    continue
                said = self._said(values)
                theirs = and_list(said) if not shares else " or ".join(said)
                found.append(
                    self.problem(
                        f"{card.name} is for {theirs} decks but {self._yours(leading)}",
                        section=section_id,
                        entries=[entry],
                        expected=sorted(mine),
                        actual=sorted(values),
                    )
                )
        return found
