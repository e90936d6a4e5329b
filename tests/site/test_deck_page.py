"""A share link opens the deck read only: grouped, sorted, judged, described, with its history."""

from __future__ import annotations

import html
import re

import pytest

from webapp.deck_page import NOT_IN_POOL, linked_text


def save(client, text: str, name: str = "Fire and Water", **more) -> dict:
    response = client.post(
        "/api/v1/decks", json={"game": "era", "name": name, "text": text, **more}
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def groups(page: str) -> dict[str, list[tuple[int, str]]]:
    """Each group's heading and its lines (copies, card name), in the page's order."""
    found = {}
    for label, body in re.findall(
        r'<section class="deck-group" data-group="([^"]+)">(.*?)</section>', page, re.S
    ):
        lines = re.findall(r'data-name="([^"]+)" data-count="(\d+)"', body)
        found[html.unescape(label)] = [(int(n), html.unescape(name)) for name, n in lines]
    return found


def test_a_share_link_is_a_read_only_page_grouped_by_type(client, example):
    saved = save(client, example("era-legal"))
    page = client.get(f"/decks/{saved['id']}").get_data(as_text=True)
    shown = groups(page)
    assert list(shown) == ["Dino", "Crystal", "Event", "Action", "Equipment"]
    assert sum(n for n, _ in shown["Dino"]) == 3
    assert '<h1 id="deck-title">Fire and Water</h1>' in page
    assert 'id="deck-save"' not in page  # no editor here
    assert f'href="/decks/{saved["id"]}/edit"' in page


def test_cards_sorted_by_cost_then_name(client, example, era):
    saved = save(client, example("era-legal"))
    page = client.get(f"/decks/{saved['id']}?group=type&sort=cost").get_data(as_text=True)
    actions = [name for _, name in groups(page)["Action"]]
    costs = [era.find_card(name).get("cost") for name in actions]
    assert costs == sorted(costs)
    by_name = groups(client.get(f"/decks/{saved['id']}?sort=name").get_data(as_text=True))
    names = [name for _, name in by_name["Action"]]
    assert names == sorted(names, key=str.casefold)


def test_a_deck_can_be_grouped_by_any_attribute(client, example):
    saved = save(client, example("era-legal"))
    shown = groups(client.get(f"/decks/{saved['id']}?group=element").get_data(as_text=True))
    assert set(shown) <= {"Air", "Earth", "Fire", "Water", "—"}
    assert sum(n for lines in shown.values() for n, _ in lines) == 36


def test_every_format_has_its_verdict(client, example):
    saved = save(client, example("era-legal").replace("3 Kindle", "2 Kindle"))
    page = client.get(f"/decks/{saved['id']}").get_data(as_text=True)
    verdicts = dict(re.findall(r'data-format="([a-z-]+)" data-legal="(true|false)"', page))
    assert verdicts == {"standard": "false", "open": "false"}
    assert "you have 29 cards" in page


def test_the_history_shows_what_each_version_changed(client, example):
    first = save(client, example("era-legal"), name="Fire")
    second = save(
        client,
        example("era-legal").replace("3 Kindle", "2 Kindle"),
        name="Fire, one Kindle less",
        parent=first["id"],
    )
    page = html.unescape(client.get(f"/decks/{second['id']}").get_data(as_text=True))
    history = page.split('id="deck-history"')[1].split("</ol>")[0]
    assert history.index(second["id"]) < history.index(first["id"])
    assert "−1 Kindle" in history
    assert "(Deck: 3 → 2)" in history
    older = html.unescape(client.get(f"/decks/{first['id']}").get_data(as_text=True))
    assert "Edited since:" in older
    assert "Fire, one Kindle less" in older


def test_a_description_is_plain_text_with_safe_links(client, example):
    words = 'Fast. <b>bold</b> https://example.org/primer?a=1&b=2. "quoted"'
    saved = save(client, example("era-legal"), description=words)
    page = client.get(f"/decks/{saved['id']}").get_data(as_text=True)
    shown = re.search(r'id="deck-description">(.*?)</p>', page, re.S).group(1)
    assert "&lt;b&gt;bold&lt;/b&gt;" in shown
    assert (
        '<a href="https://example.org/primer?a=1&amp;b=2" rel="nofollow noopener noreferrer ugc">'
        in shown
    )


@pytest.mark.parametrize(
    "text",
    ["javascript:alert(1)", 'https://x.org/"onmouseover="alert(1)', "http://x.org/<script>"],
)
def test_only_web_addresses_become_links_and_nothing_breaks_out(text):
    shown = str(linked_text(text))
    assert 'href="javascript' not in shown
    assert "<script>" not in shown
    assert 'onmouseover="' not in shown


def test_an_old_decks_table_without_descriptions_still_opens(app, client, example):
    from webapp.db import get_db

    saved = save(client, example("era-legal"))
    with app.app_context():
        db = get_db()
        db.execute("ALTER TABLE decks DROP COLUMN description")
        db.conn.commit()
    page = client.get(f"/decks/{saved['id']}")
    assert page.status_code == 200
    assert "No description." in page.get_data(as_text=True)


def test_the_draw_odds_are_the_hypergeometric_chances_of_the_games_hand(client, example):
    from math import comb

    saved = save(client, example("era-legal"))
    page = html.unescape(client.get(f"/decks/{saved['id']}").get_data(as_text=True))
    row = re.search(r'<tr data-label="Kindle" data-copies="3">(.*?)</tr>', page, re.S).group(1)
    shown = re.findall(r"<td>(\d+)%</td>", row)
    # ERA draws a hand of 6 from its 30-card deck, then 1 a turn (turns 1, 2, 3, 5); its 3
    # events are set aside from the hand, so the hand is 6 of the 27 others, and the turns
    # draw from the 24 cards left.
    missed = comb(24, 6) / comb(27, 6)
    expected = [1 - missed] + [1 - missed * comb(21, t) / comb(24, t) for t in (1, 2, 3, 5)]
    assert shown == [str(round(chance * 100)) for chance in expected]
    assert "an opening hand of 6, then 1 a turn" in page
    assert "Event cards drawn into the hand are set aside" in page
    events = re.search(r'<tr data-label="Any Event" data-copies="3">(.*?)</tr>', page, re.S)
    assert re.findall(r"<td>(\d+)%</td>", events.group(1))[0] == "0"


def test_the_draw_odds_scroll_from_the_keyboard_where_a_phone_is_too_narrow(client, example):
    saved = save(client, example("era-legal"))
    page = client.get(f"/decks/{saved['id']}").get_data(as_text=True)
    assert (
        '<div class="odds-scroll" tabindex="0" role="region" aria-label="Draw odds, by turn">'
        in page
    )


def test_a_deck_exports_as_csv_one_row_per_card(client, example):
    import csv

    text = example("era-legal") + "\nSideboard:\n2 Kindle\n"
    saved = save(client, text)
    response = client.get(f"/decks/{saved['id']}.csv")
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(response.get_data(as_text=True).splitlines()))
    assert rows[0] == {
        "part": "Dinos",
        "count": "1",
        "card": "Ember Rex",
        "type": "Dino",
        "set": "",
        "number": "",
        "card_id": "era-ember-rex",
    }
    assert sum(int(r["count"]) for r in rows if r["part"] != "Sideboard") == 36
    assert [(r["count"], r["card"]) for r in rows if r["part"] == "Sideboard"] == [("2", "Kindle")]


def test_a_deck_s_csv_is_named_after_the_deck_as_its_text_and_json_are(client, example):
    """The .txt and .json links of the deck's page name their files after the deck; the CSV
    was named after the deck's id (1J6T923NmBw4B92Q.csv). Letters of any alphabet stay."""
    from urllib.parse import unquote

    for name, filename in [
        ("Fire and Water", "Fire-and-Water.csv"),
        ("Огненный темп 🔥", "Огненный-темп.csv"),
        ('"; evil=1', "evil-1.csv"),
    ]:
        saved = save(client, example("era-legal"), name=name)
        header = client.get(f"/decks/{saved['id']}.csv").headers["Content-Disposition"]
        assert header.startswith(f'attachment; filename="{saved["id"]}.csv"; '), header
        assert unquote(header.split("filename*=UTF-8''")[1]) == filename


def test_a_csv_row_gives_the_set_and_number_of_a_printing_the_list_named_only(client, example):
    # Read back, a row with its set and number names that printing again, as the text list
    # did ("3 Flame Lash (SDS1A) SDS1A-014"); a card named in any printing stays so.
    import csv

    text = example("era-legal").replace("3 Flame Lash", "3 Flame Lash (SDS1A) 14")
    saved = save(client, text)
    sheet = client.get(f"/decks/{saved['id']}.csv").get_data(as_text=True)
    rows = list(csv.DictReader(sheet.splitlines()))
    printed = {r["card"]: (r["set"], r["number"]) for r in rows if r["set"] or r["number"]}
    assert printed == {"Flame Lash": ("SDS1A", "SDS1A-014")}


def test_a_card_named_twice_in_one_part_is_one_line_with_its_copies_summed(client):
    # "2 Ember Rex" and "1 Ember Rex (SDS1A) 2" are one card, which has one printing: the
    # page showed two lines of one name, and the CSV two rows.
    import csv

    saved = save(client, "Dinos:\n2 Ember Rex\n1 Ember Rex (SDS1A) 2\n1 Tidefang Mosasaur\n")
    page = client.get(f"/decks/{saved['id']}?group=section").get_data(as_text=True)
    assert groups(page)["Dinos"] == [(3, "Ember Rex"), (1, "Tidefang Mosasaur")]
    sheet = client.get(f"/decks/{saved['id']}.csv").get_data(as_text=True)
    rows = list(csv.DictReader(sheet.splitlines()))
    assert [(r["card"], r["count"], r["set"]) for r in rows] == [
        ("Ember Rex", "3", "SDS1A"),
        ("Tidefang Mosasaur", "1", ""),
    ]


def test_each_download_is_named_after_the_deck(client, example):
    # The CSV came as "<deck id>.csv" where the text and JSON are named after the deck.
    saved = save(client, example("era-legal"))
    page = client.get(f"/decks/{saved['id']}").get_data(as_text=True)
    for extension in ("txt", "json", "csv"):
        assert f'download="Fire and Water.{extension}"' in page


def test_a_csv_cell_is_never_read_as_a_formula():
    from webapp.deck_page import _cell

    assert _cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert _cell("@SUM") == "'@SUM"
    assert _cell("Ember Rex") == "Ember Rex"


def test_a_printable_list_gives_each_section_with_its_count(client, example):
    saved = save(client, example("era-legal"))
    page = html.unescape(client.get(f"/decks/{saved['id']}/print").get_data(as_text=True))
    assert "<h2>Dinos (3)</h2>" in page
    assert "<h2>Crystals (3)</h2>" in page
    assert "<h2>Deck (30)</h2>" in page
    assert "Checked with today's rules: Standard legal · Open (casual) legal." in page
    shown = client.get(f"/decks/{saved['id']}").get_data(as_text=True)
    for address in (f"/decks/{saved['id']}.csv", f"/decks/{saved['id']}/print"):
        assert f'href="{address}"' in shown


def test_a_card_the_pool_no_longer_has_is_named_not_dropped_silently(app, client, example):
    import json

    from webapp.db import get_db

    saved = save(client, example("era-legal"))
    with app.app_context():
        db = get_db()
        deck = saved["deck"]
        deck["sections"]["deck"][0] = {"card": "Long Gone Card", "count": 1, "id": "era-long-gone"}
        db.execute("UPDATE decks SET deck = ? WHERE id = ?", [json.dumps(deck), saved["id"]])
        db.conn.commit()
    page = html.unescape(client.get(f"/decks/{saved['id']}").get_data(as_text=True))
    notice = page.split('id="deck-unread"')[1].split("</div>")[0]
    assert "no ERA card is called 'Long Gone Card'" in notice  # the name it was saved with
    # The exports keep it, in its place, rather than print a deck one card short.
    sheet = client.get(f"/decks/{saved['id']}.csv").get_data(as_text=True)
    assert "Deck,1,Long Gone Card,not in the pool,,,\r\n" in sheet
    printed = html.unescape(client.get(f"/decks/{saved['id']}/print").get_data(as_text=True))
    assert "Long Gone Card" in printed


def test_a_saved_card_whose_id_the_pool_no_longer_has_is_found_by_its_name(app, client, example):
    import json

    from webapp.db import get_db

    saved = save(client, example("era-legal"))
    with app.app_context():
        db = get_db()
        deck = saved["deck"]
        first = deck["sections"]["deck"][0]
        first["id"] = "era-an-id-made-anew"  # the pool's ids were made again since
        db.execute("UPDATE decks SET deck = ? WHERE id = ?", [json.dumps(deck), saved["id"]])
        db.conn.commit()
    page = html.unescape(client.get(f"/decks/{saved['id']}").get_data(as_text=True))
    assert 'id="deck-unread"' not in page
    printed = html.unescape(client.get(f"/decks/{saved['id']}/print").get_data(as_text=True))
    assert "Checked with today's rules: Standard legal" in printed
    sheet = client.get(f"/decks/{saved['id']}.csv").get_data(as_text=True)
    assert f"Deck,{first['count']},{first['card']}," in sheet
    assert NOT_IN_POOL not in sheet
