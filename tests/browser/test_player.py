"""The player's side in Chromium at a laptop's size (1366×900) and a phone's (390×844).

Cards open from the builder and the card list; a deck is never lost (a draft survives a
reload, Clear can be undone, leaving asks first, saved decks are listed); a shared link is
a read-only page with its history; the bugs players met stay fixed. Each page is saved as
a screenshot at both sizes in test-artifacts/screenshots.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, example, import_list, open_builder, save_deck, settle
from tests.helpers import site_on

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


def new_page(browser, base_url: str, size: str):
    """A page of a new browser context (its own localStorage) at one of SIZES; it records
    what the page's scripts report, for :func:`no_script_errors`."""
    width, height = SIZES[size]
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": width, "height": height},
        is_mobile=size == "phone",
        has_touch=size == "phone",
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(f"uncaught: {error}"))
    page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)
    return page


@pytest.fixture(params=list(SIZES))
def sized(request, browser, live_server):
    """(page, size) at each size, in a browser context of its own."""
    page = new_page(browser, live_server, request.param)
    yield page, request.param
    page.context.close()
    assert page.errors == [], "the page's scripts reported errors"


@pytest.fixture
def desktop(browser, live_server):
    page = new_page(browser, live_server, "desktop")
    yield page
    page.context.close()
    assert page.errors == [], "the page's scripts reported errors"


def screenshot(page, name: str, size: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=True)


def fits_the_screen(page) -> bool:
    """No sideways scrolling: the page is no wider than the window."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def tab(page, name: str) -> None:
    """On a phone, open the builder's tab of this name (search, deck, legality)."""
    if page.locator("#phone-bar").is_visible():
        page.locator(f'#phone-bar [data-tab="{name}"]').click()


def add_from_search(page, words: str, label: str, times: int = 1) -> None:
    tab(page, "search")
    page.fill("#search-q", words)
    # Wait for the answer to these words: a click on the list shown before it (every card)
    # can land where the shorter new list has nothing.
    expect(page.locator("#search-results button.result").first).to_have_accessible_name(label)
    button = page.get_by_role("button", name=label)
    for _ in range(times):
        button.click()
    settle(page)


# -- 1. a card opens from the builder and the card list -------------------------------------


def test_a_card_opens_from_the_builder(sized):
    page, size = sized
    open_builder(page)
    page.fill("#search-q", "ember rex")
    result = page.get_by_role("button", name="Ember Rex (Dino), add")
    expect(result).to_be_visible()
    preview = page.locator("#card-preview")
    if size == "desktop":
        result.hover()
    else:
        page.get_by_role("button", name="Show Ember Rex").tap()
    expect(preview).to_be_visible()
    expect(preview.locator(".frame-name")).to_have_text("Ember Rex")
    expect(preview).to_contain_text("Power 4")
    expect(page.locator(".deck-row")).to_have_count(0)  # showing a card adds nothing

    preview.get_by_role("link", name="Open the card page").click()
    expect(page).to_have_url(re.compile(r"/games/era/cards/era-ember-rex$"))
    expect(page.locator("h1")).to_have_text("Ember Rex")
    expect(page.locator("#card-facts")).to_contain_text("Element")
    legality = page.locator("#card-legality")
    expect(legality.locator('tr[data-format="standard"][data-day="today"]')).to_contain_text(
        "Legal"
    )
    assert fits_the_screen(page)
    screenshot(page, "card-page", size)


@pytest.fixture
def extras_site(tmp_path, pool_copy):
    """A site whose ERA Ember Rex has rules text and a picture (tests/site/extras.py)."""
    from tests.site.extras import add_extras

    add_extras(pool_copy)
    with site_on(tmp_path, pool_copy) as url:
        yield url


@pytest.mark.parametrize("size", list(SIZES))
def test_a_cards_rules_text_and_picture_are_shown_and_searched(browser, extras_site, size):
    from tests.site.extras import TEXT

    page = new_page(browser, extras_site, size)
    try:
        open_builder(page)
        page.fill("#search-q", "roars twice")
        expect(page.locator("#search-results button.result")).to_have_count(2)  # and its reprint
        page.get_by_role("button", name="Show Ember Rex").first.click()
        preview = page.locator("#card-preview")
        expect(preview.locator(".frame-text")).to_have_text(TEXT)
        picture = preview.locator(".frame-art img")
        expect(picture).to_have_attribute("src", "/games/era/cards/era-ember-rex/image")
        page.wait_for_function(
            "() => document.querySelector('#card-preview .frame-art img').naturalWidth > 0"
        )
        preview.get_by_role("link", name="Open the card page").click()
        expect(page.locator("#card-text")).to_have_text(TEXT)
        assert page.locator(".card-frame img").evaluate("img => img.naturalWidth") > 0
        expect(page.locator('tr[data-format="standard"][data-day="today"]')).to_contain_text(
            "Not legal"
        )
        screenshot(page, "card-page-text-and-picture", size)
    finally:
        page.context.close()
    assert page.errors == []


def test_a_deck_card_shows_on_a_tap_of_its_name(sized):
    page, _ = sized
    open_builder(page)
    add_from_search(page, "kindle", "Kindle (Action), add")
    tab(page, "deck")
    page.locator(".deck-row .card-name-button", has_text="Kindle").click()
    preview = page.locator("#card-preview")
    expect(preview.locator(".frame-name")).to_have_text("Kindle")
    preview.get_by_role("button", name="Close").click()
    expect(preview).to_be_hidden()


def test_a_cards_name_in_the_card_list_opens_its_page(sized):
    page, size = sized
    page.goto("/games/era/cards?q=tidefang")
    page.get_by_role("link", name="Tidefang Mosasaur").click()
    expect(page.locator("h1")).to_have_text("Tidefang Mosasaur")
    # The live search draws the rows again: its names link the same way.
    page.goto("/games/era/cards")
    page.fill("#filter-q", "kindle")
    expect(page.locator("#card-list .card-name")).to_have_text(["Kindle"])
    page.get_by_role("link", name="Kindle").click()
    expect(page.locator("h1")).to_have_text("Kindle")
    screenshot(page, "card-page-action", size)


def test_leaving_the_search_box_asks_for_nothing_already_shown(page):
    """Leaving the box fires "change" after the live search has drawn its results; asking
    again rewrote the address under a click on a result, which cancelled opening its page."""
    page.goto("/games/era/cards")
    asked: list[str] = []
    searches = "/api/v1/games/era/cards"
    page.on("request", lambda r: asked.append(r.url) if searches in r.url else None)
    page.fill("#filter-q", "kindle")
    expect(page.locator("#card-list .card-name")).to_have_text(["Kindle"])
    assert len(asked) == 1
    page.keyboard.press("Tab")  # the box loses focus: "change"
    page.wait_for_timeout(400)  # past the live search's delay
    assert len(asked) == 1
    page.get_by_role("link", name="Kindle").click()
    expect(page.locator("h1")).to_have_text("Kindle")


# -- 2. a deck is never lost ------------------------------------------------------------------


def test_a_draft_survives_a_reload(sized):
    page, size = sized
    open_builder(page)
    add_from_search(page, "ember rex", "Ember Rex (Dino), add")
    add_from_search(page, "kindle", "Kindle (Action), add", times=2)
    tab(page, "deck")
    page.fill("#deck-name", "Half a deck")
    built = deck_rows(page)
    assert built == [("dinos", "Ember Rex", 1), ("deck", "Kindle", 2)]

    page.reload()
    settle(page)
    tab(page, "deck")
    assert deck_rows(page) == built
    assert page.input_value("#deck-name") == "Half a deck"
    expect(page.locator("#draft-status")).to_contain_text("Your draft is back")
    expect(page.locator("#verdict")).to_contain_text("Not legal")
    screenshot(page, "builder-draft", size)


def test_clear_can_be_undone(sized):
    page, size = sized
    open_builder(page)
    tab(page, "deck")
    import_list(page, example("era-legal"))
    built = deck_rows(page)
    page.click("#deck-clear")
    settle(page)
    assert deck_rows(page) == []
    notice = page.locator("#undo-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("The deck was cleared.")
    if size == "phone":
        notice.scroll_into_view_if_needed()
        screenshot(page, "builder-undo", size)
    page.get_by_role("button", name="Undo").click()
    settle(page)
    assert deck_rows(page) == built
    expect(notice).to_be_hidden()
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")


def test_an_import_over_a_deck_can_be_undone(sized):
    # "Importing replaces the deck": the deck built by hand was gone for good (its draft
    # too) when a list was imported over it, where Clear offers an undo.
    page, _size = sized
    open_builder(page)
    tab(page, "deck")
    import_list(page, example("era-legal"))
    # Into an empty deck, an import replaces nothing and offers nothing.
    expect(page.locator("#import-report .import-undo")).to_have_count(0)
    page.fill("#deck-name", "Mine")
    built = deck_rows(page)
    import_list(page, "Dinos:\n1 Ember Rex\n")
    assert deck_rows(page) == [("dinos", "Ember Rex", 1)]
    expect(page.locator("#undo-notice")).to_contain_text("The import replaced the deck.")
    offer = page.locator("#import-report .import-undo")
    expect(offer).to_contain_text("This replaced the deck you had.")
    offer.get_by_role("button", name="Put it back").click()
    settle(page)
    assert deck_rows(page) == built
    assert page.input_value("#deck-name") == "Mine"
    expect(page.locator("#undo-notice")).to_be_hidden()
    expect(offer).to_have_count(0)


def test_leaving_with_unsaved_changes_asks_first_and_not_after_a_save(desktop):
    page = desktop
    open_builder(page)
    add_from_search(page, "ember rex", "Ember Rex (Dino), add")
    asked = []

    def answer(dialog):
        asked.append(dialog.type)
        dialog.dismiss()  # stay on the page

    page.on("dialog", answer)
    page.close(run_before_unload=True)
    page.wait_for_timeout(300)
    assert asked == ["beforeunload"]
    assert not page.is_closed()

    save_deck(page)
    with page.expect_event("close"):
        page.close(run_before_unload=True)
    assert asked == ["beforeunload"]


def test_my_decks_lists_every_deck_saved_in_this_browser(sized):
    page, size = sized
    open_builder(page)
    tab(page, "deck")
    import_list(page, example("era-legal"))
    page.fill("#deck-name", "First fire")
    save_deck(page)
    first = page.input_value("#share-link")

    page.goto("/games/era/build")
    settle(page)
    tab(page, "deck")
    assert deck_rows(page) == []  # the saved deck left the new-deck draft empty
    import_list(page, example("era-legal").replace("3 Kindle", "2 Kindle"))
    page.fill("#deck-name", "Second fire")
    save_deck(page)

    page.goto("/games/era/build")
    settle(page)
    tab(page, "deck")
    listed = page.locator("#my-decks li a")
    expect(listed).to_have_text(["Second fire", "First fire"])
    assert listed.nth(1).get_attribute("href") == "/decks/" + first.rsplit("/", 1)[1]
    page.locator("#my-decks").scroll_into_view_if_needed()
    screenshot(page, "builder-my-decks", size)


# -- 3. a shared link is a read-only page with history and a diff -----------------------------


def test_a_shared_link_opens_read_only_with_its_history_in_another_browser(
    sized, browser, live_server
):
    page, size = sized
    open_builder(page)
    tab(page, "deck")
    import_list(page, example("era-legal"))
    page.fill("#deck-name", "Fire and Water")
    page.fill("#deck-description", "Burn early. Primer: https://example.org/era-primer")
    save_deck(page)
    page.get_by_role("button", name="Remove one Kindle").click()
    settle(page)
    save_deck(page)
    link = page.input_value("#share-link")

    friend = new_page(browser, live_server, size)
    try:
        friend.goto(link)
        expect(friend.locator("h1")).to_have_text("Fire and Water")
        expect(friend.locator("#deck-save")).to_have_count(0)
        expect(friend.locator('.deck-group[data-group="Dino"] .deck-line')).to_have_count(3)
        history = friend.locator("#deck-history > li")
        expect(history).to_have_count(2)
        expect(history.first).to_contain_text("(this version)")
        expect(history.first.locator(".diff")).to_have_text(
            re.compile(r"−1 Kindle\s*\(Deck: 3 → 2\)")
        )
        expect(friend.locator("#deck-verdicts")).to_contain_text("Standard")
        expect(friend.locator("#deck-description a")).to_have_attribute(
            "href", "https://example.org/era-primer"
        )
        expect(friend.locator("#charts svg").first).to_be_visible()
        friend.select_option("#group-by", "element")
        expect(friend.locator('.deck-group[data-group="Water"]')).to_be_visible()
        assert "group=element" in friend.url
        assert fits_the_screen(friend)
        screenshot(friend, "deck-page", size)

        friend.get_by_role("link", name="Edit a copy").click()
        settle(friend)
        assert ("deck", "Kindle", 2) in deck_rows(friend)
        expect(friend.locator("#deck-name")).to_have_value("Fire and Water")
        expect(friend.locator("#deck-save")).to_be_disabled()
    finally:
        friend.context.close()
    assert friend.errors == []


def test_the_deck_pages_grouping_picked_by_keyboard_keeps_the_focus(desktop):
    # Each pick of "Group by" sent the form: an arrow key on the list reloaded the page and
    # the keyboard was back at its top, one option further, at every press.
    page = desktop
    page.goto("/games/era/build")
    settle(page)
    import_list(page, example("era-legal"))
    save_deck(page)
    page.goto(page.input_value("#share-link"))
    page.evaluate("window.sameDocument = true")
    group = page.locator("#group-by")
    group.focus()
    page.keyboard.press("ArrowDown")  # Type -> Section
    expect(page.locator('.deck-group[data-group="Dinos"]')).to_be_visible()
    expect(group).to_be_focused()
    page.keyboard.press("ArrowDown")  # Section -> Element
    expect(page.locator('.deck-group[data-group="Water"]')).to_be_visible()
    expect(group).to_be_focused()
    assert "group=element" in page.url
    assert page.evaluate("window.sameDocument") is True
    page.reload()
    expect(page.locator('.deck-group[data-group="Water"]')).to_be_visible()


# -- 5. the builder on a phone ------------------------------------------------------------------


def test_on_a_phone_a_tap_on_plus_shows_the_count_and_verdict_change(browser, live_server):
    page = new_page(browser, live_server, "phone")
    try:
        open_builder(page)
        bar = page.locator("#phone-bar")
        expect(bar).to_be_visible()
        expect(page.locator("#bar-count")).to_have_text("0 cards")
        expect(page.locator("#bar-verdict")).to_have_text("Empty deck")
        # Cards first: the deck and the verdict wait under their tabs, the filters are folded.
        expect(page.locator(".deck-panel")).to_be_hidden()
        expect(page.locator(".legality-panel")).to_be_hidden()
        expect(page.locator("#search-type")).to_be_hidden()
        page.get_by_role("button", name="Filters").tap()
        expect(page.locator("#search-type")).to_be_visible()
        page.get_by_role("button", name="Filters").tap()

        page.fill("#search-q", "ember rex")
        page.get_by_role("button", name="Ember Rex (Dino), add").tap()
        expect(page.locator("#add-toast")).to_have_text("Added Ember Rex · 1 in Dinos")
        expect(page.locator("#add-toast")).to_be_in_viewport()
        settle(page)
        expect(page.locator("#bar-count")).to_have_text("1 card")
        expect(page.locator("#bar-verdict")).to_have_text(re.compile(r"^Not legal · \d+$"))
        expect(bar).to_be_in_viewport()
        screenshot(page, "builder-phone-search", "phone")

        page.get_by_role("tab", name=re.compile("^Deck")).tap()
        expect(page.locator(".deck-panel")).to_be_visible()
        expect(page.locator(".search-panel")).to_be_hidden()
        assert deck_rows(page) == [("dinos", "Ember Rex", 1)]
        screenshot(page, "builder-phone-deck", "phone")
        page.get_by_role("tab", name="Legality").tap()
        expect(page.locator("#verdict")).to_be_in_viewport()
        expect(page.locator("#verdict")).to_contain_text("Not legal")
        assert fits_the_screen(page)
        screenshot(page, "builder-phone-legality", "phone")
    finally:
        page.context.close()
    assert page.errors == []


def test_the_builders_draw_odds_are_the_hypergeometric_chances(sized):
    from webapp.odds import chances

    page, size = sized
    open_builder(page)
    tab(page, "deck")
    import_list(page, example("era-legal"))
    tab(page, "legality")
    kindle = page.locator('#builder-odds tr[data-label="Kindle"]')
    expect(kindle).to_be_visible()
    shown = [
        float(c) for c in kindle.locator("td").evaluate_all("tds => tds.map(t => t.dataset.chance)")
    ]
    # ERA: 30 deck cards, an opening hand of 6 dealt past its 3 events, then 1 a turn (by
    # turns 1, 2, 3, 5): the builder's figures are the deck page's.
    era = {"opening_hand": 6, "draws_per_turn": 1}
    expected = list(chances(era, 30, 3, deck_aside=3))
    assert shown == pytest.approx(expected)
    events = page.locator('#builder-odds tr[data-label="Any Event"] td').first
    expect(events).to_have_text("0%")
    expect(kindle.locator("td").first).to_have_text(f"{round(expected[0] * 100)}%")
    actions = page.locator('#builder-odds tr[data-label="Any Action"]')
    expect(actions).to_have_attribute("data-copies", "15")

    # A sample hand is the game's opening hand, dealt from the deck's own cards, events
    # set aside.
    hand = page.locator("#sample-hand li")
    expect(hand).to_have_count(6)
    events = {"Volcanic Eruption", "Wildfire Season", "High Tide"}
    deck = {name for section, name, _ in deck_rows(page) if section == "deck"} - events
    assert set(hand.all_text_contents()) <= deck
    for _ in range(5):
        page.get_by_role("button", name="Draw again").click()
        expect(hand).to_have_count(6)
        assert set(hand.all_text_contents()) <= deck
    # The average cost is the cost curve's mean.
    summary = page.request.post(
        "/api/v1/games/era/validate",
        data=page.input_value("#export-text"),
        headers={"Content-Type": "text/plain"},
    ).json()["summary"]["curve"]
    mean = sum(int(c) * n for c, n in summary.items()) / sum(summary.values())
    average = float(page.locator("#average-cost").get_attribute("data-average"))
    assert average == pytest.approx(mean)
    # Its 3 dinos and 3 crystals have no cost: the mean is of the other 27 cards.
    expect(page.locator("#average-cost")).to_have_text(
        f"Average cost: {mean:.2f} over the 27 cards with a cost"
    )
    page.locator("#builder-odds").scroll_into_view_if_needed()
    screenshot(page, "builder-odds", size)


def test_the_draw_odds_wider_than_a_phone_scroll_from_the_keyboard(browser, live_server):
    # On a 360 px phone the odds table runs past its box: its later turns were reachable by
    # a finger's swipe only, the box taking no focus.
    page = new_page(browser, live_server, "phone")
    page.set_viewport_size({"width": 360, "height": 740})
    open_builder(page, "shadow-era")
    tab(page, "deck")
    import_list(page, example("shadow-era-legal"))
    tab(page, "legality")
    region = page.get_by_role("region", name="Draw odds, by turn")
    assert region.evaluate("r => r.scrollWidth > r.clientWidth")
    region.focus()
    expect(region).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.odds-scroll').scrollLeft > 0")
    assert page.errors == []
    page.context.close()


def test_the_builder_exports_json_and_csv(desktop):
    import csv
    import json

    page = desktop
    open_builder(page)
    import_list(page, example("era-legal") + "\nSideboard:\n2 Kindle\n")
    page.fill("#deck-name", "Fire and Water")
    with page.expect_download() as got:
        page.click("#export-json")
    assert got.value.suggested_filename == "Fire-and-Water.json"
    sent = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert sent["game"] == "era"
    assert {"card": "era-ember-rex", "count": 1} in sent["sections"]["dinos"]
    assert sent["boards"] == {"sideboard": [{"card": "era-kindle", "count": 2}]}
    # The JSON is the API's own form: the server reads it back to the same deck.
    answer = page.request.post("/api/v1/games/era/validate", data=sent)
    assert answer.json()["legal"] is True

    with page.expect_download() as got:
        page.click("#export-csv")
    assert got.value.suggested_filename == "Fire-and-Water.csv"
    rows = list(csv.DictReader(Path(got.value.path()).read_text(encoding="utf-8").splitlines()))
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


def test_a_shared_deck_prints_as_a_list(desktop):
    page = desktop
    open_builder(page)
    import_list(page, example("era-legal"))
    save_deck(page)
    page.goto(page.input_value("#share-link"))
    page.get_by_role("link", name="Printable list").click()
    expect(page.locator(".print-part h2")).to_have_text(["Dinos (3)", "Crystals (3)", "Deck (30)"])
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    screenshot(page, "deck-print", "desktop")


def test_the_builder_filters_by_every_attribute_the_game_marks_filter(sized):
    page, _ = sized
    open_builder(page)
    if page.locator("#phone-bar").is_visible():
        page.get_by_role("button", name="Filters").click()
    page.locator("#more-filters summary").click()
    page.select_option("#search-subtype", "Weapon")
    page.fill("#search-cost-max", "1")
    results = page.locator("#search-results button.result")
    expect(page.locator("#search-status")).to_contain_text("card")
    answer = page.request.get("/api/v1/games/era/cards?subtype=Weapon&cost_max=1&per_page=200")
    expected = [card["id"] for card in answer.json()["cards"]]
    assert expected, "the pool has a Weapon of cost 1 or less"
    expect(results).to_have_count(len(expected))
    assert results.evaluate_all("rs => rs.map(r => r.dataset.card)") == expected


def test_the_card_list_on_a_phone_shows_cards_first_with_filters_folded(browser, live_server):
    page = new_page(browser, live_server, "phone")
    try:
        page.goto("/games/shadow-era/cards")
        expect(page.locator("#filter-q")).to_be_visible()
        expect(page.locator("#filter-faction")).to_be_hidden()
        expect(page.locator("#card-list .card-row").first).to_be_in_viewport()
        page.get_by_role("button", name="Filters and order").click()
        page.select_option("#filter-faction", "Shadow")
        expect(page).to_have_url(re.compile(r"faction=Shadow"))
        expect(page.locator("#results-count")).to_contain_text("cards")
        assert fits_the_screen(page)
        screenshot(page, "cards-page", "phone")
    finally:
        page.context.close()
    assert page.errors == []


def test_unsaved_edits_of_a_saved_deck_survive_a_reload(desktop):
    page = desktop
    open_builder(page)
    import_list(page, example("era-legal"))
    save_deck(page)
    page.get_by_role("button", name="Remove one Kindle").click()
    settle(page)
    page.reload()  # the address is now the saved deck's editor
    settle(page)
    assert re.search(r"/decks/[\w-]+/edit$", page.url)
    assert ("deck", "Kindle", 2) in deck_rows(page)
    expect(page.locator("#deck-save")).to_be_enabled()
    expect(page.locator("#share-box")).to_be_visible()


def test_the_validation_page_says_what_its_date_does(desktop):
    desktop.goto("/validate")
    expect(desktop.get_by_label("Check with the rules of")).to_be_visible()
    expect(desktop.locator("#as-of-hint")).to_contain_text("Empty: today's rules")


def test_on_a_laptop_every_panel_shows_and_no_phone_bar(desktop):
    open_builder(desktop)
    expect(desktop.locator("#phone-bar")).to_be_hidden()
    for panel in (".search-panel", ".deck-panel", ".legality-panel", ".stats-panel"):
        expect(desktop.locator(panel)).to_be_visible()


# -- 4. the bugs players met ------------------------------------------------------------------


def test_more_results_shows_only_when_there_are_more(desktop):
    page = desktop
    open_builder(page)
    more = page.locator("#search-more")
    expect(more).to_be_visible()  # 30 of every ERA card shown
    page.fill("#search-q", "ember rex")
    expect(page.locator("#search-status")).to_have_text("1 card; Enter or click adds one.")
    expect(more).to_be_hidden()
    page.fill("#search-q", "no such card at all")
    expect(page.locator("#search-status")).to_have_text("No cards match.")
    expect(more).to_be_hidden()
    page.fill("#search-q", "")
    expect(more).to_be_visible()
    more.click()
    expect(page.locator("#search-results button.result")).to_have_count(60)


def test_a_card_without_a_cost_shows_no_grey_dash(sized):
    page, _ = sized
    open_builder(page)
    tab(page, "deck")
    import_list(page, example("era-legal"))
    dino = page.locator(".deck-row", has_text="Ember Rex").locator(".cost")
    expect(dino).to_have_text("")
    assert dino.evaluate("e => getComputedStyle(e).backgroundColor") == "rgba(0, 0, 0, 0)"
    expect(page.locator(".deck-row .cost", has_text="–")).to_have_count(0)
    page.goto("/games/era/cards?type=Dino")
    expect(page.locator("#card-list .cost", has_text="–")).to_have_count(0)


def test_the_date_field_says_what_it_does(sized):
    page, size = sized
    open_builder(page)
    tab(page, "deck")
    expect(page.get_by_label("Check with the rules of")).to_be_visible()
    expect(page.locator("#as-of-hint")).to_contain_text("Empty: today's rules")
    expect(page.get_by_text("Rules as of")).to_have_count(0)
    expect(page.locator("#verdict")).to_contain_text("An empty deck")
    expect(page.locator("#verdict")).not_to_contain_text("Not legal")
    tab(page, "legality")
    screenshot(page, "builder-empty", size)


def test_the_sites_links_on_top_are_tall_enough_to_tap_on_a_phone(phone):
    """On a phone the four links on top wrap onto two rows of 18-pixel targets 4 pixels
    apart: a thumb meant for "Run an event" opened "Games". Each is 24 pixels or more."""
    page = phone
    page.goto("/validate")
    links = page.locator(".site-header nav a")
    expect(links.first).to_be_visible()
    boxes = links.evaluate_all("all => all.map(a => a.getBoundingClientRect().toJSON())")
    assert len({round(b["top"]) for b in boxes}) > 1, boxes  # wrapped, as on a phone
    assert min(b["height"] for b in boxes) >= 24, boxes
