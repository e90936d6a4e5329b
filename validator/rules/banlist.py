"""banlist: the format's dated banned and restricted lists."""

from __future__ import annotations

from .base import Context, Params, Rule, plural, primitive


@primitive("banlist")
class BanlistRule(Rule):
    """No banned card, and no more copies of a restricted card than its list allows,
    under the list in force on the day validated for (ERA: "cards in the following list
    may not be included in ERA decks"). The lists themselves live in the format's
    ``banlists``, each with the date it takes effect. With ``where`` only the cards it
    matches are held to the lists."""

    reads_format = True  # its format's banned lists

    def configure(self, params: Params) -> None:
        self.sections = params.sections()
        self.where = params.where()

    def problems(self, deck, context: Context):
        banlist = self.format.banlist_on(context.as_of)
        if banlist is None or not (banlist.banned or banlist.restricted):
            return []
        found = []
        banned: dict[str, list] = {}
        totals: dict[str, list] = {}
        where = self.where
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                identity = entry.card.identity
                if identity not in banlist.banned and identity not in banlist.restricted:
                    continue
                if where is not None and not where(entry.card):
                    continue
                if identity in banlist.banned:
                    banned.setdefault(identity, []).append((section_id, entry))
                elif identity in banlist.restricted:
                    totals.setdefault(identity, []).append((section_id, entry))
        # A banned card listed in two sections is one banned card: one problem, every line.
        for held in banned.values():
            section_id, first = held[0]
            found.append(
                self.problem(
                    f"{first.card.name} is banned (list of {banlist.date.isoformat()})",
                    section=section_id,
                    entries=[entry for _, entry in held],
                    expected=0,
                    actual=sum(entry.count for _, entry in held),
                )
            )
        for identity, held in totals.items():
            total = sum(entry.count for _, entry in held)
            limit = banlist.restricted[identity]
            if total > limit:
                section_id, first = held[0]
                found.append(
                    self.problem(
                        f"{first.card.name} is restricted to {limit} {plural('copy', limit)}"
                        f" (list of {banlist.date.isoformat()}); you have {total}",
                        section=section_id,
                        entries=[entry for _, entry in held],
                        expected=limit,
                        actual=total,
                    )
                )
        return found
