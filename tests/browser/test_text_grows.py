"""Text that follows the reader's own default font size (WCAG 1.4.4, Resize text): a reader with
low vision who sets the browser's default font to 24 pixels gets every text on every page half
as large again, not the 15 pixels the site set for everyone; at the browser's usual 16 pixels
each text is the size it always was. Grown, no page scrolls sideways on a 360-pixel phone (nor,
at 16 pixels, on a 320-pixel one): lines wrap, and a wide table scrolls in its own box."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import example, loaded, new_event, register_apart, settle
from tests.browser.watch import watch

pytestmark = pytest.mark.browser

# The browser's usual default font size, on the narrowest phone; and a reader's larger one, on a
# common phone.
USUAL = {"font": 16, "width": 320}
LARGE = {"font": 24, "width": 360}

# What the usual default font size gives some of the site's texts, in pixels: the sizes they
# have always had (the body's 15 pixels were set in pixels, the rest in rem).
USUAL_SIZES = {
    "home": {
        "body": 15,
        ".brand": 18.4,
        ".hero h1": 25.6,
        ".lead": 16.8,
        ".button": 15,
        ".site-footer": 13.6,
    },
    "card browser": {"label": 13.6, "input": 15, ".card-name": 15, ".stat": 12},
    "card": {".card-frame": 13.6, ".legality-table": 14.4},
    "deck": {"h1": 28, "h3": 16, ".cost": 12},
    "check a decklist": {".severity": 11.2, ".problem-meta": 12.8},
    "log in": {"label": 13.6, "input": 15},
    "builder": {".deck-count": 15, ".icon-button": 16.8, "textarea": 13.6},
    "dashboard": {".entries": 14.72, ".pill": 12.8},
    "sheets": {".sheet-player": 20.8, "dd.receipt": 14.4},
}

# Everything a page draws with its own size in user units of a picture (the builder's charts,
# scaled with the picture's width): not a text the page sets.
DRAWN = "svg *"

SIZES = """(drawn) => [...document.body.querySelectorAll("*")]
  .filter((e) => !e.matches(drawn))
  .map((e) => [
    e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
      + (e.className && typeof e.className === "string"
        ? "." + e.className.trim().split(/\\s+/).join(".") : ""),
    parseFloat(getComputedStyle(e).fontSize),
  ])"""

SIZE = "(e) => parseFloat(getComputedStyle(e).fontSize)"

SIDEWAYS = "document.documentElement.scrollWidth"


def reader(browser, live_server, font: int, width: int) -> Page:
    """A phone's page whose browser's default font size is ``font`` pixels."""
    context = browser.new_context(
        base_url=live_server,
        viewport={"width": width, "height": 740},
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    # The setting a reader changes under the browser's Appearance, "Font size".
    page.context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": font}})
    return page


@pytest.fixture(scope="module")
def readers(browser, live_server):
    """The page of a reader with the usual default font size and one with a large one, logged
    in to one account; the test fails if their scripts report errors."""
    usual = reader(browser, live_server, **USUAL)
    large = reader(browser, live_server, **LARGE)
    errors = {"usual": watch(usual), "large": watch(large)}
    register_apart(usual, f"reader-{secrets.token_hex(4)}", "a long enough password")
    large.context.add_cookies(usual.context.cookies())
    yield usual, large
    usual.context.close()
    large.context.close()
    assert errors == {"usual": [], "large": []}, "the page's scripts reported errors"


@pytest.fixture(scope="module")
def paths(readers):
    """The site's pages: a deck with problems; an open event with a legal list, a list with
    problems and a player without one; and an event whose lists are published."""
    usual, _ = readers
    request = usual.context.request
    # A deck saves only when each of its lines names a card: the misspelt one is left out.
    broken = "".join(line for line in example("era-illegal").splitlines(True) if "Embr" not in line)
    deck = request.post("/api/v1/decks", data={"game": "era", "name": "Grown Rush", "text": broken})
    assert deck.status == 201, deck.text()
    deck_id = deck.json()["id"]
    # Card names and types of long words, in a printed list's narrow columns.
    long_words = {"game": "arcmage", "name": "Elves", "text": example("arcmage-legal")}
    printed = request.post("/api/v1/decks", data=long_words)
    assert printed.status == 201, printed.text()
    # A name with a long word (a hashtag, as organizers name events): it wraps, not the page.
    event_id, admin, bearer = event(usual, "#SpringChampionship2026 Cup")
    players = {"players": [{"name": "Late Lee"}]}
    assert request.post(f"/api/v1/events/{event_id}/players", data=players, headers=bearer).ok
    entries = f"/api/v1/events/{event_id}/entries"
    assert request.post(entries, data={"player": "Ana Legal", "text": example("era-legal")}).ok
    wrong = request.post(entries, data={"player": "Bo Wrong", "text": example("era-illegal")})
    assert wrong.ok, wrong.text()
    receipt = wrong.json()
    done_id, _, done_bearer = event(usual, "Winter Cup")
    sent = {"player": "Ana Legal", "text": example("era-legal")}
    assert request.post(f"/api/v1/events/{done_id}/entries", data=sent).ok
    published = request.post(f"/api/v1/events/{done_id}/publish", headers=done_bearer)
    assert published.ok, published.text()
    return {
        "home": "/",
        "card browser": "/games/era/cards",
        "card": "/games/era/cards/era-ember-rex",
        # A card of many kinds: its type line wraps, and the card drawn is the taller for it.
        "card of many kinds": "/games/ryft/cards/ryft-abyssal-kraken-moor",
        "deck": f"/decks/{deck_id}",
        "printed deck": f"/decks/{printed.json()['id']}/print",
        "builder": f"/decks/{deck_id}/edit",
        "check a decklist": "/validate",
        "log in": "/account/login",
        "register": "/account/register",
        "my decks": "/account/decks",
        "event builder": f"/games/era/build?event={event_id}",
        "new event": "/events/new",
        "submission": f"/events/{event_id}",
        "player's own": receipt["private_url"],
        "dashboard": admin,
        "entry": f"{admin}/entries/{receipt['entry']['entry']}",
        "sheets": f"{admin}/sheets",
        "verified": f"{admin}/verify?receipt={receipt['receipt']}",
        "published lists": f"/events/{done_id}/lists",
    }


def event(page: Page, name: str) -> tuple[str, str, dict[str, str]]:
    """A new ERA event: its id, its dashboard's path and the organizer's authorization."""
    created = new_event(page.context, name)
    event_id, token = created["event"]["id"], created["admin_token"]
    return event_id, f"/events/{event_id}/admin/{token}", {"Authorization": f"Bearer {token}"}


def open_both(readers, path: str) -> None:
    for page in readers:
        answer = page.goto(path)
        assert answer.status == 200, path
        expect(page.locator("h1").first).to_be_visible()


def checked(readers) -> None:
    """The check page's answer to a list with problems, on both pages, loaded: the answer is a
    page of its own (the form is posted), whose verdict shows while its stylesheet may still be
    coming, when every text has the browser's default size."""
    for page in readers:
        page.get_by_label("Game").select_option("era")
        page.get_by_label("Decklist").fill(example("era-illegal"))
        page.get_by_role("button", name="Check the deck").tap()
        expect(page.locator("#result")).to_be_visible()
        page.wait_for_load_state("load")


PAGES = [
    "home",
    "card browser",
    "card",
    "card of many kinds",
    "deck",
    "printed deck",
    "check a decklist",
    "log in",
    "register",
    "my decks",
    "builder",
    "event builder",
    "new event",
    "submission",
    "player's own",
    "dashboard",
    "entry",
    "sheets",
    "verified",
    "published lists",
]


def sideways(readers) -> dict[str, int]:
    """How wide each page is: wider than its screen, it scrolls sideways."""
    usual, large = readers
    return {"usual": usual.evaluate(SIDEWAYS), "large": large.evaluate(SIDEWAYS)}


ON_THE_SCREEN = {"usual": USUAL["width"], "large": LARGE["width"]}


@pytest.mark.parametrize("name", PAGES)
def test_each_text_grows_with_the_readers_default_font_size(readers, paths, name):
    usual, large = readers
    open_both(readers, paths[name])
    if name == "check a decklist":
        checked(readers)
    if name == "builder":
        for page in readers:
            settle(page)
    if name == "event builder":
        for page in readers:
            loaded(page)
    # Every text half as large again; the charts' labels grow with their pictures.
    at_usual = usual.evaluate(SIZES, DRAWN)
    at_large = large.evaluate(SIZES, DRAWN)
    assert len(at_usual) == len(at_large)
    grown = [(what, round(size * 1.5, 2)) for what, size in at_usual]
    assert [(what, round(size, 2)) for what, size in at_large] == grown
    # At the usual size, the sizes the site has always had.
    keys = USUAL_SIZES.get(name, {})
    assert {key: usual.eval_on_selector(key, SIZE) for key in keys} == keys
    # The page as wide as the screen, its lines wrapped.
    assert sideways(readers) == ON_THE_SCREEN
    if name in ("builder", "event builder"):
        # The deck's rows (the − and + at their end) and the legality, each in its tab.
        for tab in ("Deck", "Legality"):
            for page in readers:
                page.get_by_role("tab", name=tab).tap()
            assert sideways(readers) == ON_THE_SCREEN, tab


def parts_cut_off(page: Page, selector: str) -> list[str]:
    """The parts of the date or time field at ``selector`` (its month, day, year, hour, ...,
    each drawn by the browser as a part of its own) that run past the edge of the box showing
    them, and so are cut off: read through the browser's DevTools protocol, as a page's own
    script cannot see inside the field."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        found = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        field = cdp.send("DOM.describeNode", {"nodeId": found, "depth": -1, "pierce": True})

        def inside(node: dict):
            for kind in ("children", "shadowRoots"):
                for child in node.get(kind, []):
                    yield child
                    yield from inside(child)

        def pseudo(node: dict) -> str:
            attributes = node.get("attributes", [])
            return dict(zip(attributes[0::2], attributes[1::2], strict=True)).get("pseudo", "")

        def right(node: dict) -> float:
            box = cdp.send("DOM.getBoxModel", {"backendNodeId": node["backendNodeId"]})
            return box["model"]["border"][2]

        parts = list(inside(field["node"]))
        (shown,) = [node for node in parts if pseudo(node) == "-webkit-datetime-edit"]
        edge = right(shown)
        return [
            pseudo(node).removeprefix("-webkit-datetime-edit-")
            for node in parts
            if pseudo(node).endswith("-field") and right(node) > edge + 0.5
        ]
    finally:
        cdp.detach()


def test_date_and_time_fields_show_all_of_their_value_with_the_text_set_large(readers, paths):
    _, large = readers
    large.goto(paths["new event"])
    large.get_by_label("Banned list as of").fill("2030-12-24")
    large.get_by_label("Submission deadline").fill("2030-12-24T18:45")
    assert {field: parts_cut_off(large, field) for field in ("#as_of", "#deadline")} == {
        "#as_of": [],
        "#deadline": [],
    }
    assert large.evaluate(SIDEWAYS) == LARGE["width"]
    # The settings' deadline has its seconds too, where a deadline was set to the second.
    large.goto(paths["dashboard"])
    fields = ("#settings-as-of", "#settings-deadline")
    large.get_by_label("Banned list as of").fill("2030-12-24")
    cut_off = {field: parts_cut_off(large, field) for field in fields}
    assert cut_off == {field: [] for field in fields}
    assert large.evaluate(SIDEWAYS) == LARGE["width"]
