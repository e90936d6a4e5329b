"""The deck builder in Chromium: search and add, import, export, save and share, keyboard."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.builder import (
    deck_rows,
    example,
    import_list,
    new_event,
    open_builder,
    save_deck,
    settle,
)
from tests.decisions import ALTERNATIVE, ALTERNATIVE_NAME, ALTERNATIVE_RULE, READING, REASON

pytestmark = pytest.mark.browser


def row(page, name):
    return page.locator(
        ".deck-row", has=page.locator(".card-name", has_text=re.compile(f"^{name}$"))
    )


def test_search_add_a_card_and_the_legality_panel_changes(page):
    open_builder(page, "era")
    page.evaluate("window.sameDocument = true")  # gone if anything reloaded the page
    problems = page.locator("#problems")
    # A new deck is a start, not a list of failures: it says what to add first.
    expect(page.locator("#verdict")).to_contain_text("An empty deck")
    expect(page.locator("#verdict")).to_contain_text(
        "Start with Dinos (exactly 3), Crystals (exactly 3) and Deck (exactly 30)."
    )
    expect(problems.locator(".problem")).to_have_count(0)

    page.fill("#search-q", "ember rex")
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.get_by_role("button", name="Ember Rex (Dino), add").click()

    expect(row(page, "Ember Rex")).to_contain_text("1×")
    settle(page)
    expect(problems).to_contain_text("you have 1 dino")
    expect(problems).not_to_contain_text("you have 0 dinos")
    expect(page.locator("#deck-total")).to_have_text("1 card")
    assert page.evaluate("window.sameDocument") is True


def test_an_answer_cut_off_mid_body_is_said_and_breaks_nothing(page):
    # A page leaving while a check is on its way, or a dropped connection, cuts the body off:
    # the builder says it could not check the deck, and its scripts throw nothing.
    open_builder(page, "era")
    page.route(
        "**/api/v1/games/era/validate*",
        lambda route: route.fulfill(status=200, content_type="application/json", body='{"leg'),
    )
    page.fill("#search-q", "ember rex")
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.get_by_role("button", name="Ember Rex (Dino), add").click()
    expect(page.locator("#verdict")).to_contain_text("Cannot check this deck")
    expect(page.locator("#verdict")).to_contain_text("The server's answer was cut off")
    expect(row(page, "Ember Rex")).to_contain_text("1×")


def test_import_reads_a_line_close_to_one_card_as_that_card_at_once_and_says_so(page):
    open_builder(page, "era")
    text = example("era-illegal")
    typo = text.splitlines().index("1 Embr Rex") + 1
    import_list(page, text)

    report = page.locator("#import-report")
    expect(report).to_contain_text("Imported 37 cards.")
    expect(report.locator(".import-fixed")).to_have_text(
        [f"Line {typo}: read “Embr Rex” as “Ember Rex”"]
    )
    expect(report.locator("button.suggestion")).to_have_count(0)
    assert page.input_value("#import-text").splitlines()[typo - 1] == "1 Ember Rex"
    assert ("dinos", "Ember Rex", 2) in deck_rows(page)
    assert sum(count for _, _, count in deck_rows(page)) == 37


def test_import_offers_each_of_several_close_cards_to_pick(page):
    open_builder(page, "era")
    text = example("era-illegal").replace("1 Embr Rex", "1 Ember Reks")
    typo = text.splitlines().index("1 Ember Reks") + 1
    import_list(page, text)

    report = page.locator("#import-report")
    expect(report).to_contain_text(f"Line {typo}:")
    expect(report).to_contain_text("no ERA card is called 'Ember Reks'")
    expect(report.locator(".import-fixed")).to_have_count(0)
    assert ("deck", "Fire Breath", 4) in deck_rows(page)
    assert sum(count for _, _, count in deck_rows(page)) == 36

    expect(report.get_by_role("button", name=f"Use Ember Hide on line {typo}")).to_be_visible()
    report.get_by_role("button", name=f"Use Ember Rex on line {typo}").click()
    expect(report).to_contain_text("Imported 37 cards.")
    assert page.input_value("#import-text").splitlines()[typo - 1] == "1 Ember Rex"
    settle(page)
    assert ("dinos", "Ember Rex", 2) in deck_rows(page)


def test_a_close_card_picked_by_keyboard_leaves_the_keyboard_in_the_report(page):
    """The button pressed goes with the report it was in: the keyboard's place moves to the
    next line to put right, then to the report, not back to the page's top."""
    open_builder(page, "era")
    text = example("era-illegal").replace("1 Embr Rex", "1 Ember Reks")
    import_list(page, text)
    report = page.locator("#import-report")
    expect(report.locator(".import-problem")).to_have_count(1)
    report.get_by_role("button", name=re.compile("^Use Ember Rex on line")).focus()
    page.keyboard.press("Enter")
    expect(report).to_contain_text("Imported 37 cards.")
    settle(page)
    expect(report.locator(".import-summary")).to_be_focused()


def test_a_pasted_list_with_lines_not_read_is_back_after_a_reload(page):
    """The deck comes back from the draft; the list pasted, with the line that named no card
    and is in no deck, comes back too, to be put right."""
    open_builder(page, "era")
    text = example("era-illegal").replace("1 Embr Rex", "1 Ember Reks")
    import_list(page, text)
    expect(page.locator("#import-report .import-problem")).to_have_count(1)
    page.reload()
    settle(page)
    assert page.input_value("#import-text") == text
    expect(page.locator("#import-report")).to_contain_text("The list you pasted is back")
    page.click("#import-button")
    expect(page.locator("#import-report .import-problem")).to_contain_text("Ember Reks")
    # Another tab of the game starts with an empty box: the paste is this tab's own.
    other = page.context.new_page()
    other.goto("/games/era/build")
    settle(other)
    assert other.input_value("#import-text") == ""
    other.close()


def test_a_list_imported_whole_is_not_brought_back_to_import_again(page):
    """Read whole, the list is the deck (kept by the draft): a reload offers no list to
    import again over the edits made since."""
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    page.reload()
    settle(page)
    assert page.input_value("#import-text") == ""
    expect(page.locator("#import-report")).to_be_empty()


def test_a_list_pasted_in_an_events_builder_is_not_there_for_the_next_player(page, context):
    """On a phone passed from player to player the event's builder opens anew in the same
    tab: the list the one before pasted is theirs, not the next player's to find."""
    event_id = new_event(context, "Shared Phone Cup")["event"]["id"]
    address = f"/games/era/build?event={event_id}"
    page.goto(address)
    expect(page.locator("#submit-state")).not_to_contain_text("Loading")
    settle(page)
    page.fill("#import-text", example("era-legal"))
    page.goto(address)
    expect(page.locator("#submit-state")).not_to_contain_text("Loading")
    settle(page)
    assert page.input_value("#import-text") == ""
    expect(page.locator("#import-report")).to_be_empty()


def test_the_legality_tabs_disclosures_are_tall_enough_to_tap_on_a_phone(phone):
    """'What the rulebook says' was 19 pixels tall on a phone, 3 below the cards a problem
    names: each disclosure of the Legality tab is a target of 24 pixels or more."""
    page = phone
    open_builder(page, "era")
    page.get_by_role("tab", name="Deck").click()
    import_list(page, example("era-illegal"))
    page.get_by_role("tab", name="Legality").click()
    summaries = page.locator("#panel-legality summary")
    expect(summaries.first).to_be_visible()
    heights = summaries.evaluate_all("all => all.map(s => s.getBoundingClientRect().height)")
    assert len(heights) > 1
    assert min(heights) >= 24, heights


def test_lines_the_reader_read_with_a_warning_are_notes_not_unread_lines(page):
    open_builder(page, "era")
    text = example("era-legal") + "\n0 Kindle\n#zz99\n"
    last = len(text.splitlines())
    import_list(page, text)

    report = page.locator("#import-report")
    expect(report.locator(".import-summary")).to_have_text("Imported 36 cards.")
    expect(report.locator(".import-problem")).to_have_count(0)
    expect(report.locator(".import-notes-lead")).to_have_text("Read, with notes:")
    expect(report.locator(".import-note")).to_have_text(
        [
            f"Line {last - 1}: 0 copies of Kindle; the line is ignored",
            f"Line {last}: no ERA card has the number 'zz99'; the line is read as a comment",
        ]
    )
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")
    expect(page.locator(".deck-row.offending")).to_have_count(0)

    # A note never stands between the deck and its share link.
    save_deck(page)
    expect(page.locator("#share-box")).to_be_visible()


def test_offending_cards_are_highlighted_and_listed_with_their_rule(page):
    open_builder(page, "era")
    import_list(page, example("era-illegal").replace("1 Embr Rex", ""))
    rex = row(page, "Ember Rex")
    expect(rex).to_have_class(re.compile(r"\boffending-error\b"))
    expect(row(page, "Kindle")).not_to_have_class(re.compile(r"\boffending\b"))

    problem = page.locator(".problem", has_text="No dino may be selected twice")
    expect(problem).to_contain_text("era-unique-dinos")
    problem.get_by_role("button", name="Ember Rex").click()
    expect(rex.get_by_role("button", name="Remove one Ember Rex")).to_be_focused()

    rex.get_by_role("button", name="Remove one Ember Rex").click()
    settle(page)
    expect(rex).not_to_have_class(re.compile(r"\boffending\b"))
    expect(page.locator("#problems")).not_to_contain_text("No dino may be selected twice")


def test_a_type_problem_marks_the_card_in_the_wrong_section_only(page):
    open_builder(page, "era")
    import_list(page, "Crystals:\n1 Kindle\nDeck:\n1 Kindle\n")
    misplaced = page.locator("#row-crystals-era-kindle")
    expect(misplaced).to_have_class(re.compile(r"\boffending-error\b"))
    expect(page.locator("#row-deck-era-kindle")).not_to_have_class(re.compile(r"\boffending\b"))
    problem = page.locator(".problem", has_text="era-crystals-are-crystals")
    expect(problem.locator(".problem-cards button")).to_have_count(1)
    problem.locator(".problem-cards button").click()
    expect(misplaced.get_by_role("button", name="Remove one Kindle")).to_be_focused()


def test_a_deck_size_problem_marks_the_section_heading_and_no_card(page):
    open_builder(page, "era")
    dinos = page.locator("#section-dinos")
    # An empty deck is a start: no section of it is painted red yet.
    expect(dinos).not_to_have_class(re.compile(r"\bsection-offending\b"))

    page.fill("#search-q", "kindle")
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.get_by_role("button", name="Kindle (Action), add").click()
    settle(page)
    expect(dinos).to_have_class(re.compile(r"\bsection-offending\b"))
    expect(dinos.locator(".section-flag")).to_have_attribute("title", re.compile("3 dinos"))

    page.fill("#search-q", "ember rex")
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.get_by_role("button", name="Ember Rex (Dino), add").click()
    settle(page)
    expect(page.locator(".problem", has_text="you have 1 dino")).to_contain_text("Section: Dinos")
    expect(row(page, "Ember Rex")).not_to_have_class(re.compile(r"\boffending\b"))
    expect(dinos.locator(".section-flag")).to_have_attribute("title", re.compile("1 dino$"))
    expect(page.locator(".deck-row.offending")).to_have_count(0)


def test_export_gives_the_canonical_text_to_download_and_copy(page, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")

    exported = page.input_value("#export-text")
    assert exported.startswith("Dinos:\n1 Ember Rex\n")
    assert "Deck:\n" in exported

    # Download and copy at once after typing the name: the file named after the deck is
    # headed by its name too (it was the text from before the name, its check still waiting)
    page.fill("#deck-name", "Fire and Water")
    with page.expect_download() as download:
        page.click("#export-download")
    assert download.value.suggested_filename == "Fire-and-Water.txt"
    named = "# Fire and Water\n\n" + exported
    assert Path(download.value.path()).read_text(encoding="utf-8") == named

    page.fill("#deck-name", "Fire and Water 2")
    page.click("#export-copy")
    expect(page.locator("#export-copy")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == named.replace("Water", "Water 2", 1)


def test_the_text_export_is_headed_by_the_name_typed_after_the_last_card(page):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    page.fill("#deck-name", "Fire tempo")
    expect(page.locator("#export-text")).to_have_value(re.compile(r"^# Fire tempo\n\nDinos:\n"))
    page.fill("#deck-name", "")
    expect(page.locator("#export-text")).to_have_value(re.compile(r"^Dinos:\n"))


def test_a_download_is_named_after_the_deck_in_any_alphabet(page):
    """Letters and digits of every alphabet stay in the file's name; symbols (an emoji) go,
    and so do the invisible characters that would hide what the name says."""
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    for name, filename in [
        ("Огненный темп", "Огненный-темп.txt"),
        ("炎のデッキ 🔥", "炎のデッキ.txt"),
        ("\u202ePyrö\u200b tempo", "Pyrö-tempo.txt"),
    ]:
        page.fill("#deck-name", name)
        with page.expect_download() as download:
            page.click("#export-download")
        assert download.value.suggested_filename == filename


def test_save_and_the_share_link_opens_the_same_deck(page, context):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    page.fill("#deck-name", "Fire and Water")
    page.select_option("#deck-format", "open")
    settle(page)
    before = deck_rows(page)

    save_deck(page)
    link = page.input_value("#share-link")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/decks/[\w-]+", link)
    # The builder stays on the saved deck's editor; the link shared is its read-only page.
    assert page.url == link + "/edit"

    shared = context.new_page()
    shared.goto(link + "/edit")
    settle(shared)
    assert deck_rows(shared) == before
    assert shared.input_value("#deck-name") == "Fire and Water"
    assert shared.input_value("#deck-format") == "open"
    expect(shared.locator("h1")).to_have_text("Fire and Water")
    expect(shared.locator("#verdict")).to_have_attribute("data-legal", "true")
    expect(shared.locator("#deck-save")).to_be_disabled()

    # An edit of a shared deck is saved as a new deck; the old link keeps the old deck.
    row(shared, "Kindle").get_by_role("button", name="Remove one Kindle").click()
    shared.click("#deck-save")
    expect(shared.locator("#save-status")).to_contain_text("Saved")
    assert shared.input_value("#share-link") != link
    shared.close()


def test_a_sideboard_and_maybeboard_stay_with_the_deck_through_export_save_and_share(page, context):
    open_builder(page, "era")
    boards = "\nSideboard:\n2 Kindle\n\nMaybeboard:\n1 Ember Rex\n"
    import_list(page, example("era-legal") + boards)

    expect(page.locator("#import-report .import-summary")).to_have_text("Imported 36 cards.")
    expect(page.locator("#import-report .import-boards")).to_have_text(
        "Kept beside the deck, not counted in it: 2 in the Sideboard, 1 in the Maybeboard."
    )
    # The deck is the 36 cards the rules count; the boards sit folded under it.
    expect(page.locator("#deck-total")).to_have_text("36 cards")
    assert ("deck", "Kindle", 3) in deck_rows(page)
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")
    sideboard = page.locator('[data-board-box="sideboard"]')
    expect(sideboard).to_be_visible()
    expect(sideboard).not_to_have_attribute("open", "")
    expect(sideboard.locator("summary")).to_contain_text("Sideboard 2 not counted in the deck")
    expect(sideboard.get_by_text("Kindle")).to_be_hidden()
    sideboard.locator("summary").click()
    expect(sideboard.locator(".board-row")).to_have_text(["2×Kindle−+"])

    exported = page.input_value("#export-text")
    assert exported.endswith("Sideboard:\n2 Kindle\n\nMaybeboard:\n1 Ember Rex\n")

    # Taking a card off a board changes what is exported, not the deck the rules see.
    remove = sideboard.get_by_role("button", name="Remove one Kindle (Sideboard)")
    remove.click()
    settle(page)
    expect(sideboard.locator(".board-count")).to_have_text("1")
    expect(remove).to_be_focused()
    expect(page.locator("#deck-total")).to_have_text("36 cards")
    assert "Sideboard:\n1 Kindle\n" in page.input_value("#export-text")

    save_deck(page)
    shared = context.new_page()
    shared.goto(page.input_value("#share-link") + "/edit")
    settle(shared)
    assert deck_rows(shared) == deck_rows(page)
    shared_board = shared.locator('[data-board-box="maybeboard"]')
    expect(shared_board.locator(".board-count")).to_have_text("1")
    assert shared.input_value("#export-text").endswith(
        "Sideboard:\n1 Kindle\n\nMaybeboard:\n1 Ember Rex\n"
    )
    shared.close()


def test_a_line_naming_its_printing_keeps_it_through_export_and_save(page, context):
    # "3 Flame Lash (SDS1A) 14" names that very printing: a reprint in another set would
    # be another card for the set rules. The builder sent the deck on without it.
    open_builder(page, "era")
    import_list(page, example("era-legal").replace("3 Flame Lash", "3 Flame Lash (SDS1A) 14"))
    assert "3 Flame Lash (SDS1A) SDS1A-014\n" in page.input_value("#export-text")
    with page.expect_download() as got:
        page.click("#export-json")
    sent = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert {"card": "era-flame-lash", "count": 3, "printing": True} in sent["sections"]["deck"]

    page.fill("#deck-name", "Fire and Water")
    save_deck(page)
    saved = page.request.get(page.input_value("#share-link").replace("/decks/", "/api/v1/decks/"))
    assert "3 Flame Lash (SDS1A) SDS1A-014\n" in saved.json()["text"]
    shared = context.new_page()
    shared.goto(page.input_value("#share-link") + "/edit")
    settle(shared)
    assert "3 Flame Lash (SDS1A) SDS1A-014\n" in shared.input_value("#export-text")
    shared.close()


def test_one_card_named_two_ways_is_one_row_with_its_copies_summed(page):
    # "2 Ember Rex" and "1 Ember Rex (SDS1A) 2" (or its id) are one card, which has one
    # printing: the list read them as two entries, and the builder showed two rows of one
    # name, the − and + of the second changing the first.
    open_builder(page, "era")
    import_list(page, "Dinos:\n2 Ember Rex\n1 Ember Rex (SDS1A) 2\n1 era-ember-rex\n")
    assert deck_rows(page) == [("dinos", "Ember Rex", 4)]
    expect(page.locator("#import-report .import-summary")).to_have_text("Imported 4 cards.")
    row(page, "Ember Rex").get_by_role("button", name="Remove one Ember Rex").click()
    settle(page)
    assert deck_rows(page) == [("dinos", "Ember Rex", 3)]
    exported = page.input_value("#export-text")
    assert len(re.findall(r"Ember Rex", exported)) == 1, exported
    assert "3 Ember Rex" in exported

    # Added from the search, the card joins its row; a draft brought back keeps one row.
    page.fill("#search-q", "ember rex")
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.get_by_role("button", name="Ember Rex (Dino), add").click()
    expect(row(page, "Ember Rex")).to_contain_text("4×")
    settle(page)
    assert deck_rows(page) == [("dinos", "Ember Rex", 4)]
    page.reload()
    settle(page)
    assert deck_rows(page) == [("dinos", "Ember Rex", 4)]


def test_a_saved_deck_changed_then_reloaded_still_says_its_link_is_of_the_saved_one(page):
    # The draft of the changes came back under the saved deck's share link, with nothing
    # saying the link does not show them.
    open_builder(page, "era")
    import_list(page, "Dinos:\n1 Ember Rex\n")
    save_deck(page)
    row(page, "Ember Rex").get_by_role("button", name="Add one Ember Rex").click()
    settle(page)
    status = "Changed since it was saved: save again for a new link."
    expect(page.locator("#save-status")).to_have_text(status)
    page.reload()
    settle(page)
    assert deck_rows(page) == [("dinos", "Ember Rex", 2)]
    expect(page.locator("#save-status")).to_have_text(status)
    expect(page.locator("#deck-save")).to_be_enabled()


def test_escape_on_a_results_i_goes_back_to_the_search_box(page):
    """The shortcuts say Esc goes back to the search box: from a result's "i" too, where
    the arrow keys lead."""
    open_builder(page, "era")
    page.keyboard.press("/")
    page.keyboard.type("tidefang")
    expect(page.get_by_role("button", name="Tidefang Mosasaur (Dino), add")).to_be_visible()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("button", name="Show Tidefang Mosasaur")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#search-q")).to_be_focused()


def test_keyboard_alone_adds_and_removes_cards(page):
    open_builder(page, "era")
    page.keyboard.press("/")
    expect(page.locator("#search-q")).to_be_focused()
    page.keyboard.type("tidefang")
    expect(page.get_by_role("button", name="Tidefang Mosasaur (Dino), add")).to_be_visible()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("button", name="Tidefang Mosasaur (Dino), add")).to_be_focused()
    page.keyboard.press("Enter")
    expect(row(page, "Tidefang Mosasaur")).to_contain_text("1×")
    page.keyboard.press("+")
    expect(row(page, "Tidefang Mosasaur")).to_contain_text("2×")

    page.keyboard.press("Escape")
    expect(page.locator("#search-q")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("kindle")
    page.keyboard.press("Enter")  # Enter in the box adds the top result, once it is known
    expect(row(page, "Kindle")).to_contain_text("1×")

    tidefang = row(page, "Tidefang Mosasaur")
    tidefang.get_by_role("button", name="Add one Tidefang Mosasaur").focus()
    page.keyboard.press("+")
    expect(tidefang).to_contain_text("3×")
    expect(tidefang.get_by_role("button", name="Add one Tidefang Mosasaur")).to_be_focused()
    page.keyboard.press("-")
    expect(tidefang).to_contain_text("2×")
    page.keyboard.press("Delete")
    page.keyboard.press("Delete")
    expect(tidefang).to_have_count(0)
    # The keyboard stays in the deck: on the neighbouring row.
    expect(row(page, "Kindle").get_by_role("button", name="Add one Kindle")).to_be_focused()
    page.keyboard.press("Enter")  # Enter on a focused button presses it
    expect(row(page, "Kindle")).to_contain_text("2×")
    settle(page)
    assert deck_rows(page) == [("deck", "Kindle", 2)]


SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def test_the_builder_shows_how_deckwright_reads_a_rule_beside_it(decided_page):
    page = decided_page
    open_builder(page, "ryft")
    # Still 40 cards: one copy too many of Cinder Imp is the one problem.
    text = example("ryft-legal").replace("3 Cinder Imp", "4 Cinder Imp")
    import_list(page, text.replace("1 Eruption Countdown", ""))

    problem = page.locator(".problem", has_text="ryft-three-copies")
    reading = problem.locator(".reading")
    expect(reading).to_contain_text("How Deckwright reads this")
    # A note of its problem, not one more region of the page a screen reader lists.
    expect(problem.get_by_role("note", name="How Deckwright reads this")).to_have_count(1)
    expect(page.locator("#problems").get_by_role("complementary")).to_have_count(0)
    expect(reading.locator(".reading-text")).to_have_text(READING)
    expect(reading.locator(".reading-reason")).to_have_text(f"Why: {REASON}")
    expect(page.locator(".problem")).to_have_count(1)
    expect(row(page, "Cinder Imp")).to_have_class(re.compile(r"\boffending-error\b"))
    expect(row(page, "Caldera Forge")).not_to_have_class(re.compile(r"\boffending\b"))

    page.locator("#format-rules summary").click()
    rule = page.locator("#rules-list li[data-rule=ryft-three-copies]")
    expect(rule.locator(".reading-text")).to_have_text(READING)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".legality-panel").screenshot(path=str(SCREENSHOTS / "builder-reading.png"))

    reading.get_by_role("button", name=f"judge the deck in {ALTERNATIVE_NAME}").click()
    expect(page.locator("#deck-format")).to_have_value(ALTERNATIVE)
    settle(page)
    expect(page.locator("#problems")).to_contain_text(ALTERNATIVE_RULE)
    expect(page.locator("#format-rules-name")).to_have_text(ALTERNATIVE_NAME)
    expect(page.locator("#rules-list li[data-rule=ryft-three-copies] .reading")).to_have_count(0)


def test_the_builders_json_export_pasted_back_is_the_same_deck_in_its_format(page):
    # A player keeps the .json the builder gave them and pastes it back later: it is the
    # deck it was, not 60 lines of braces that name no card.
    open_builder(page, "era")
    import_list(page, example("era-legal") + "\nSideboard:\n2 Kindle\n")
    page.select_option("#deck-format", "open")
    page.fill("#deck-name", "Fire and Water")
    settle(page)
    shown = deck_rows(page)
    with page.expect_download() as got:
        page.click("#export-json")
    exported = Path(got.value.path()).read_text(encoding="utf-8")

    page.click("#deck-clear")
    page.fill("#deck-name", "")
    page.select_option("#deck-format", "standard")
    settle(page)
    import_list(page, exported)
    expect(page.locator("#import-report .import-summary")).to_have_text("Imported 36 cards.")
    expect(page.locator("#import-report .import-boards")).to_contain_text("2 in the Sideboard")
    assert page.input_value("#import-text") == exported
    assert deck_rows(page) == shown
    expect(page.locator("#deck-format")).to_have_value("open")
    expect(page.locator("#deck-name")).to_have_value("Fire and Water")
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")

    # Another game's deck is said to be one, and the deck in the builder stays as it was.
    other = json.loads(exported) | {"game": "ryft"}
    page.fill("#import-text", json.dumps(other))
    page.click("#import-button")
    expect(page.locator("#import-report .import-error")).to_have_text(
        "This is a RYFT deck: open it in the RYFT deck builder."
    )
    assert deck_rows(page) == shown


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("shadow-era", ""),
        ("arcmage", ""),
        ("era", "\nSideboard:\n2 Kindle\n\nMaybeboard:\n1 Ember Hide\n"),
    ],
)
def test_the_builders_csv_export_imported_again_is_the_same_deck(page, context, game, extra):
    # A card id holding digits ("se120") was read as the card's number: every card of a
    # Shadow Era or Arcmage deck came back naming its printing, and a printing the list did
    # name (ERA's set and number) came back as any printing.
    text = example(f"{game}-legal") + extra
    if game == "era":
        text = text.replace("3 Flame Lash", "3 Flame Lash (SDS1A) 14")
    open_builder(page, game)
    import_list(page, text)
    shown, listed = deck_rows(page), page.input_value("#export-text")
    with page.expect_download() as got:
        page.click("#export-csv")
    exported = Path(got.value.path()).read_text(encoding="utf-8")

    page.click("#deck-clear")
    settle(page)
    import_list(page, exported)
    assert deck_rows(page) == shown
    assert page.input_value("#export-text") == listed
    expect(page.locator("#import-report .import-problem")).to_have_count(0)
    expect(page.locator("#import-report .import-note")).to_have_count(0)

    # The deck page's CSV of the saved deck reads back the same too.
    save_deck(page)
    sheet = page.request.get(page.input_value("#share-link") + ".csv").text()
    page.click("#deck-clear")
    settle(page)
    import_list(page, sheet)
    assert deck_rows(page) == shown
    assert page.input_value("#export-text") == listed


def test_a_csv_row_of_no_copies_is_read_as_the_list_says_not_refused(page):
    # A spreadsheet's row set to 0 is read line by line, as a text list's "0 Ember Rex" is:
    # a note that it is left out, not an entry the deck cannot hold.
    open_builder(page, "era")
    sheet = (
        "part,count,card,type,set,number,card_id\r\n"
        "Dinos,2,Ember Rex,Dino,,,era-ember-rex\r\n"
        "Dinos,0,Tidefang Mosasaur,Dino,,,era-tidefang-mosasaur\r\n"
    )
    import_list(page, sheet)
    assert deck_rows(page) == [("dinos", "Ember Rex", 2)]
    expect(page.locator("#import-report .import-problem")).to_have_count(0)


def test_the_deck_pages_json_imported_into_the_builder_is_the_deck(page, context):
    # The deck page's JSON is the saved deck as the API gives it, its cards under "deck":
    # pasted into the builder it was refused ("the deck is not what this endpoint takes").
    open_builder(page, "era")
    import_list(page, example("era-legal") + "\nSideboard:\n2 Kindle\n")
    page.select_option("#deck-format", "open")
    page.fill("#deck-name", "Fire and Water")
    page.fill("#deck-description", "Burn first.")
    settle(page)
    shown = deck_rows(page)
    save_deck(page)
    shared = context.new_page()
    shared.goto(page.input_value("#share-link"))
    sheet = page.request.get(shared.get_attribute("#export-json", "href")).text()
    shared.close()

    fresh = context.new_page()
    open_builder(fresh, "era")
    import_list(fresh, sheet)
    expect(fresh.locator("#import-report .import-summary")).to_have_text("Imported 36 cards.")
    expect(fresh.locator("#import-report .import-boards")).to_contain_text("2 in the Sideboard")
    assert deck_rows(fresh) == shown
    expect(fresh.locator("#deck-format")).to_have_value("open")
    expect(fresh.locator("#deck-name")).to_have_value("Fire and Water")
    expect(fresh.locator("#deck-description")).to_have_value("Burn first.")
    fresh.close()


def test_a_json_deck_of_its_cards_alone_imports_each_card_in_its_section(page):
    # Other deck tools export {"cards": [...]}: the builder said "the deck is not what this
    # endpoint takes".
    open_builder(page, "era")
    body = {"name": "From elsewhere", "cards": [{"card": "Kindle", "count": 3}, "Ember Rex"]}
    import_list(page, json.dumps(body))
    assert deck_rows(page) == [("dinos", "Ember Rex", 1), ("deck", "Kindle", 3)]
    expect(page.locator("#deck-name")).to_have_value("From elsewhere")


def test_a_decklist_file_opens_in_the_builder_as_its_deck(page):
    # The file a player downloaded (or saved from a forum as UTF-16 by a Windows editor) is
    # picked, not copied out of it by hand; a picture picked by mistake is said to be one.
    open_builder(page, "era")
    text = example("era-legal")
    page.set_input_files(
        "#import-text-file",
        {"name": "Fire.txt", "mimeType": "text/plain", "buffer": text.encode("utf-16")},
    )
    expect(page.locator("#import-report .import-summary")).to_have_text("Imported 36 cards.")
    settle(page)
    assert page.input_value("#import-text") == text
    expect(page.locator("#import-text-file-status")).to_have_text("Opened Fire.txt.")
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")
    shown = deck_rows(page)

    page.set_input_files(
        "#import-text-file",
        {"name": "card.png", "mimeType": "image/png", "buffer": b"\x89PNG\r\n\x1a\n\x00\xff\x00"},
    )
    expect(page.locator("#import-text-file-status")).to_have_text(
        "card.png is not a decklist: pick a text file (.txt, .json or .csv)."
    )
    assert page.input_value("#import-text") == text
    assert deck_rows(page) == shown


def test_a_card_opened_from_the_keyboard_takes_the_focus_and_gives_it_back(page):
    # The card shown by a deck card's name (or a result's "i") sits at the page's end: opened
    # with Enter, its link and Close were past every other stop of the page.
    open_builder(page, "era")
    import_list(page, "Dinos:\n1 Ember Rex\n")
    name = row(page, "Ember Rex").locator(".card-name-button")
    name.focus()
    page.keyboard.press("Enter")
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview.get_by_role("link", name="Open the card page")).to_be_focused()
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()
    expect(name).to_be_focused()

    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(preview.get_by_role("button", name="Close")).to_be_focused()
    page.keyboard.press("Enter")
    expect(preview).to_be_hidden()
    expect(name).to_be_focused()
    # A tap still just shows the card, leaving the focus where it is.
    name.click()
    expect(preview).to_be_visible()
    expect(name).to_be_focused()


def test_the_search_results_are_one_tab_stop_so_the_keyboard_reaches_the_deck(page):
    # Sixty results were 120 Tab presses between the search box and Save; now Tab passes the
    # results once (the card in focus, and its "i"), and the arrows move through them.
    open_builder(page, "era")
    page.fill("#search-q", "a")
    expect(page.locator("#search-results button.result")).to_have_count(30)
    page.focus("#search-q")
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "deck-save":
            break
    expect(page.locator("#deck-save")).to_be_focused()

    page.focus("#search-q")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    second = page.locator("#search-results button.result").nth(1)
    expect(second).to_be_focused()
    name = second.get_attribute("data-card")
    page.keyboard.press("Tab")
    expect(page.locator(f'#search-results button[data-info="{name}"]')).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#search-results button.result")).to_have_count(30)
    assert page.evaluate("document.activeElement.closest('#search-results')") is None
    # Back into the list, Tab lands on the card the keyboard left.
    page.keyboard.press("Tab")
    expect(second).to_be_focused()


def test_back_to_the_builder_its_results_are_those_of_the_filters_it_shows(page):
    # The browser puts the filters back once the page has loaded, after its first search:
    # the list showed every card under "Element: Fire", and "Fits my deck" ticked hid none.
    open_builder(page, "shadow-era")
    page.fill("#search-q", "Nishaven")
    page.get_by_role("button", name="Nishaven (Hero), add").click()
    page.fill("#search-q", "")
    page.select_option("#search-type", "Item")
    page.check("#search-fits")
    expect(page.locator("#search-status")).to_contain_text("do not fit your deck")
    results = page.locator("#search-results li.result-row:not([hidden]) button.result")
    shown = [b.get_attribute("data-card") for b in results.all()]

    page.goto("/games/shadow-era/cards")
    page.go_back()
    settle(page)
    expect(page.locator("#search-type")).to_have_value("Item")
    expect(page.locator("#search-fits")).to_be_checked()
    expect(page.locator("#search-status")).to_contain_text("do not fit your deck")
    assert [b.get_attribute("data-card") for b in results.all()] == shown
