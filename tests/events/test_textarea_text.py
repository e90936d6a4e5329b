"""A list shown back in a form's box is the list sent, its first lines too.

A browser reading ``<textarea>`` leaves out one line break right after the tag (HTML's
parsing rules, for the break an author writes after it), having read every break, CR LF
and CR too, as LF. A list pasted with a blank line on top, as one copied from a forum post
often is, lost it in the box: the problems' line numbers then named the line below in the
box, and the list sent again from it was another list.
"""

from __future__ import annotations

import html
import re

from tests.events.conftest import csrf_of, example

LEADING = "\n\n" + example("era-legal")


def as_a_browser_shows(page: str, name: str) -> str:
    """The text of the page's box ``name`` as a browser puts it in the box."""
    found = re.search(rf'<textarea[^>]* name="{name}"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, f"no textarea {name!r} on the page"
    text = found.group(1).replace("\r\n", "\n").replace("\r", "\n")
    return html.unescape(text.removeprefix("\n"))


def test_the_private_page_shows_a_list_starting_with_a_blank_line_whole(event, client):
    receipt = event.submit("Ann", LEADING).get_json()
    page = client.get(receipt["private_url"]).get_data(as_text=True)
    assert as_a_browser_shows(page, "decklist") == LEADING


def test_a_refused_form_keeps_a_list_starting_with_a_line_break_whole(event, client):
    pasted = "\r\n" + example("era-legal").replace("\n", "\r\n")
    form = client.get(f"/events/{event.id}").get_data(as_text=True)
    refused = client.post(
        f"/events/{event.id}",
        data={"csrf_token": csrf_of(form), "player": "", "decklist": pasted},
    )
    assert refused.status_code == 400
    shown = as_a_browser_shows(refused.get_data(as_text=True), "decklist")
    assert shown == pasted.replace("\r\n", "\n")


def test_a_list_starting_with_a_card_is_shown_as_it_was(event, client):
    receipt = event.submit("Ann", example("era-legal")).get_json()
    page = client.get(receipt["private_url"]).get_data(as_text=True)
    assert as_a_browser_shows(page, "decklist") == example("era-legal")


def test_the_organizer_sees_a_list_as_received_whole(event, client):
    # A <pre> is read as a box is: its first line break right after the tag is left out.
    receipt = event.submit("Ann", LEADING).get_json()
    page = client.get(
        f"/events/{event.id}/admin/{event.token}/entries/{receipt['entry']['entry']}"
    ).get_data(as_text=True)
    found = re.search(r"As received \(text\)</summary><pre[^>]*>(.*?)</pre>", page, re.S)
    assert found, "the list as received is not on the page"
    assert html.unescape(found.group(1).removeprefix("\n")) == LEADING
