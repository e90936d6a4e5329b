"""The common line (``3 Name``, ``3x Name``) is read by a short path; it must read every line
exactly as the full reader does, or leave the line to it."""

from __future__ import annotations

import pytest

from validator.decklist import _read_line, _read_plain

GAMES = ("era", "shadow-era", "ryft", "arcmage", "eruma")
# The ways players write a count before a name, and the marks that make a line something else.
FORMS = (
    "{n} {name}",
    "{n}x {name}",
    "{n}X {name}",
    "{n} x {name}",
    "{n}  {name}",
    "0{n} {name}",
    "{n}x{name}",
    "{n} {upper}",
    "{n} {lower}",
    "{n} {name}:",
    "{n} {name} // from the sideboard",
    "{n} {name} # budget",
    "{n} **{name}**",
    "{n} __{name}__",
    "{n} {name} (SET) 12",
    "{n} {name} [SET-012]",
    "{n} {name} #42",
    "{n} {name} x2",
    "- {n} {name}",
    "{n} cards",
    "{n} Cards total",
    "0 {name}",
    "1000 {name}",
    "{n} {name}\u200b",
    "{n} {name} ×",
    "{n}  x {name}",
    "{n} x  {name}",
    "{n}\t{name}",
    "{n}x  {name}",
    "{n}x x {name}",
    "{n} x{name}",
    "{n} X\t{name}",
    "{n} {name}  ",
    "{n}{name}",
    "1234 {name}",
    "x {name}",
)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_short_path_reads_each_line_as_the_full_reader_does(games, game_id):
    game = games[game_id]
    read, left = 0, 0
    for card in game.cards[:60]:
        for form in FORMS:
            line = form.format(
                n=3, name=card.name, upper=card.name.upper(), lower=card.name.lower()
            ).strip()
            plain = _read_plain(game, line)
            if plain is None:
                left += 1
                continue
            read += 1
            assert plain == _read_line(game, line), line
    # Both paths were taken.
    assert read > 0
    assert left > 0


def test_a_line_naming_no_card_by_its_name_is_left_to_the_full_reader(era):
    for line in ("3 Ember Rexx", "3 #se017", "Total: 40", "Deck:", "3", "x3 Kindle", "Kindle x3"):
        assert _read_plain(era, line) is None, line
