"""A name that is no card, on a player's page: each close name the verdict suggests is also a
button that puts it in the player's own list, to send (the deck builder offers the same)."""

from __future__ import annotations

import re

from tests.events.conftest import DEADLINE


def misspelt(era_legal: str) -> str:
    assert "\n3 Flame Lash\n" in era_legal
    return era_legal.replace("\n3 Flame Lash\n", "\n3 Flame Lsah\n")


def suggestion_groups(page: str) -> list[str]:
    return re.findall(r"<p class=\"suggestions[^\"]*\"[^>]*>.*?</p>", page, re.DOTALL)


def test_a_suggested_name_is_a_button_for_the_line_of_the_players_list(client, event, era_legal):
    event.submit("Pat", misspelt(era_legal))
    page = client.get(event.players["Pat"]["private_url"]).get_data(as_text=True)
    line = misspelt(era_legal).splitlines().index("3 Flame Lsah") + 1
    # Without script, the hint reads as before; the buttons are the script's to show.
    assert "Did you mean: Flame Lash?" in page
    (group,) = suggestion_groups(page)
    assert 'data-fix-in="decklist"' in group
    assert f'data-line="{line}"' in group
    assert 'data-typed="Flame Lsah"' in group
    assert re.search(r"\shidden>", group)
    assert re.findall(r'data-name="([^"]*)"', group) == ["Flame Lash"]
    assert "Use “Flame Lash”" in group
    # The box the button writes to holds the list as the player sent it.
    assert '<textarea id="decklist"' in page
    assert "3 Flame Lsah" in page.split('<textarea id="decklist"', 1)[1]


def test_no_button_where_there_is_no_list_to_change(client, event, era_legal, clock):
    event.submit("Pat", misspelt(era_legal))
    entry = event.players["Pat"]["entry"]["entry"]
    organizer = client.get(f"/events/{event.id}/admin/{event.token}/entries/{entry}")
    assert organizer.status_code == 200
    assert "Did you mean: Flame Lash?" in organizer.get_data(as_text=True)
    assert not suggestion_groups(organizer.get_data(as_text=True))
    clock.now = DEADLINE.replace(year=DEADLINE.year + 1)
    closed = client.get(event.players["Pat"]["private_url"]).get_data(as_text=True)
    assert "Did you mean: Flame Lash?" in closed
    assert not suggestion_groups(closed)
