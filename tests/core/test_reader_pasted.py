"""A deck pasted as text in a form the site exports: its JSON (the builder's export, a saved
deck as the API gives it, or its cards alone) and its CSV. Each reads as the deck it was
exported from, as importing the file into the builder does, not line by line."""

from __future__ import annotations

import json

import pytest

from validator import WARNING, parse_mapping, parse_text, to_mapping, to_text
from validator.decklist import (
    IGNORED_LINE,
    MALFORMED_LINE,
    READ_AS,
    UNKNOWN_CARD,
    UNKNOWN_SECTION,
    _readings,
)
from validator.errors import DecklistTooLongError

SHADOW_ERA = """Hero:
1 Darkclaw

Deck:
4 Insolent Pup
4 Bad Wolf
2 Spiked Shield

Sideboard:
2 Full Moon
"""


def _cards(parsed):
    deck = parsed.deck
    sections = {
        k: [(e.card.name, e.count, e.printing_named) for e in v] for k, v in deck.sections.items()
    }
    boards = {
        k: [(e.card.name, e.count, e.printing_named) for e in v] for k, v in deck.boards.items()
    }
    return sections, boards


@pytest.fixture
def saved_shadow_era(shadow_era):
    """A Shadow Era deck in its JSON form, as saving it keeps it."""
    return to_mapping(parse_text(SHADOW_ERA, shadow_era, name="Wolves").deck)


# -- JSON ---------------------------------------------------------------------------------


def test_a_saved_deck_as_the_api_gives_it_pasted_as_text_is_that_deck(shadow_era, saved_shadow_era):
    # GET /api/v1/decks/<id>, or the deck page's JSON export: the deck under "deck"
    saved = {
        "id": "QY4l4pa1xusrf45g",
        "game": "shadow-era",
        "name": "Wolves",
        "format": "standard",
        "created": "2026-11-27T03:27:00+00:00",
        "parent": None,
        "deck": saved_shadow_era,
        "text": to_text(parse_mapping(saved_shadow_era, shadow_era).deck),
        "description": "",
        "url": "/decks/QY4l4pa1xusrf45g",
    }
    parsed = parse_text(json.dumps(saved, separators=(",", ":")), shadow_era)
    assert parsed.problems == []
    assert _cards(parsed) == _cards(parse_mapping(saved_shadow_era, shadow_era))
    assert _cards(parsed)[1] == {"sideboard": [("Full Moon", 2, False)]}
    assert parsed.deck.name == "Wolves"


def test_the_builders_json_export_pasted_as_text_is_that_deck(shadow_era, saved_shadow_era):
    # pretty-printed, after a byte order mark and blank lines, with Windows line ends
    export = {"game": "shadow-era", "format": "standard", **saved_shadow_era}
    text = "\ufeff\r\n  " + json.dumps(export, indent=2).replace("\n", "\r\n") + "\r\n"
    parsed = parse_text(text, shadow_era)
    assert parsed.problems == []
    assert _cards(parsed) == _cards(parse_mapping(saved_shadow_era, shadow_era))


def test_a_json_deck_pasted_as_text_keeps_the_format_it_names(era):
    # What judges it when no format is asked for, as the same JSON sent as a JSON body is
    # judged in its format: pasted as text, it was judged in the game's default.
    deck = to_mapping(parse_text("1 Ember Rex", era).deck)
    saved = {"game": "era", "name": "Rush", "format": "open", "deck": deck}
    assert parse_text(json.dumps(saved), era).format == "open"
    assert parse_text(json.dumps({"format": "open", **deck}), era).format == "open"
    assert parse_text(json.dumps({**saved, "format": "no-such-format"}), era).format is None
    assert parse_text(json.dumps(deck), era).format is None
    assert parse_text("Format: open\n1 Ember Rex", era).format == "open"  # test_reader_format


def test_a_deck_of_its_cards_alone_pasted_as_text_places_each_by_type(shadow_era):
    text = json.dumps({"cards": [{"card": "Bad Wolf", "qty": 4}, {"name": "Darkclaw"}]})
    parsed = parse_text(text, shadow_era)
    assert parsed.problems == []
    assert _cards(parsed)[0] == {"hero": [("Darkclaw", 1, False)], "deck": [("Bad Wolf", 4, False)]}


def test_a_name_given_with_the_list_names_a_pasted_json_deck(shadow_era, saved_shadow_era):
    parsed = parse_text(json.dumps(saved_shadow_era), shadow_era, name="wolves.txt")
    assert parsed.deck.name == "wolves.txt"


def test_a_pasted_json_decks_problems_say_where_they_are(shadow_era):
    text = json.dumps({"sections": {"deck": [{"card": "Bad Wolf", "count": 4}, "Bad Wolff"]}})
    parsed = parse_text(text, shadow_era)
    (problem,) = parsed.problems
    assert problem.rule == UNKNOWN_CARD
    assert problem.message.startswith("sections.deck[1]: ")
    assert _cards(parsed)[0] == {"deck": [("Bad Wolf", 4, False)]}


def test_a_json_deck_of_another_game_says_so(era, saved_shadow_era):
    saved = {"game": "shadow-era", "name": "Wolves", "deck": saved_shadow_era}
    problems = parse_text(json.dumps(saved), era).problems
    assert problems[0].rule == READ_AS
    assert problems[0].message.startswith("the deck is for the game 'shadow-era', not ERA")
    assert {p.rule for p in problems[1:]} == {UNKNOWN_SECTION, UNKNOWN_CARD}


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"format": "standard"}', "a deck needs 'sections'"),
        ('{"cards": "Bad Wolf"}', "a deck's 'cards' must be a list"),
        ('{"cards": [], "cards": ["Bad Wolf"]}', "it names the key 'cards' twice"),
    ],
)
def test_json_naming_no_deck_is_a_problem_not_a_title_or_an_exception(shadow_era, text, why):
    parsed = parse_text(text, shadow_era)
    (problem,) = parsed.problems
    assert problem.rule == MALFORMED_LINE
    assert problem.message.startswith("the list is JSON but cannot be read as a deck: ")
    assert why in problem.message
    assert not parsed.deck.sections
    assert not parsed.deck.boards


@pytest.mark.parametrize("beside", ["sections", "cards"])
def test_a_saved_decks_deck_beside_another_deck_is_a_problem_not_one_dropped(
    shadow_era, saved_shadow_era, beside
):
    # which of the two is the deck cannot be told: 'deck' was dropped without a word
    other = {"sections": {"deck": ["Bad Wolf"]}, "cards": ["Bad Wolf"]}[beside]
    text = json.dumps({"name": "Wolves", "deck": saved_shadow_era, beside: other})
    parsed = parse_text(text, shadow_era)
    (problem,) = parsed.problems
    assert problem.rule == MALFORMED_LINE
    assert problem.message.startswith("the list is JSON but cannot be read as a deck: ")
    assert "'deck'" in problem.message
    assert f"'{beside}'" in problem.message
    assert not parsed.deck.sections


def test_text_that_looks_like_json_but_is_not_is_read_as_a_list_and_says_so(shadow_era):
    parsed = parse_text('\n{"name": "Wolves"\n4 Bad Wolf\n', shadow_era)
    said, title = parsed.problems
    # the line the JSON breaks on: a comma was wanted before the list's first card
    assert (said.rule, said.severity, said.lines) == (READ_AS, WARNING, (3,))
    assert "starts with '{' but is not JSON" in said.message
    assert title.rule == IGNORED_LINE
    assert "list's title" in title.message
    assert _cards(parsed)[0] == {"deck": [("Bad Wolf", 4, False)]}


@pytest.mark.parametrize(
    "text",
    [
        '{\n  "name": "Wolves",\n  "sections": {\n',  # the builder's export, cut short
        "{\n4 Bad Wolf\n",  # a "{" alone on its line
        "  {'name': 'Wolves', 'cards': ['Bad Wolf']}\n",  # JSON written with single quotes
        "{\u201cname\u201d: \u201cWolves\u201d}\n",  # its quotes curled by a chat
    ],
)
def test_each_form_of_a_json_deck_that_is_not_json_is_said(shadow_era, text):
    said = parse_text(text, shadow_era).problems[0]
    assert said.rule == READ_AS
    assert "starts with '{' but is not JSON" in said.message


@pytest.mark.parametrize("title", ["{Wolves}", "{ Wolves }", "{WIP} Orc rush", "{Standard} Wolves"])
def test_a_title_in_braces_is_a_title_not_json_gone_wrong(shadow_era, title):
    # a title is no JSON deck: it is said as any list's title is, and only so
    parsed = parse_text(f"{title}\n4 Bad Wolf\n", shadow_era)
    (said,) = parsed.problems
    assert (said.rule, said.lines) == (IGNORED_LINE, (1,))
    assert "list's title" in said.message
    assert parsed.deck.name == title
    assert _cards(parsed)[0] == {"deck": [("Bad Wolf", 4, False)]}


def test_a_json_deck_cut_short_says_the_line_it_ends_on(shadow_era, saved_shadow_era):
    text = json.dumps(saved_shadow_era, indent=2)
    cut = "\n".join(text.splitlines()[:6])
    said = parse_text(cut, shadow_era).problems[0]
    assert said.rule == READ_AS
    assert said.lines == (6,)


# -- CSV ----------------------------------------------------------------------------------

# The site's CSV export of the deck above (the deck page's and the builder's): a card named
# in any printing has no set or number; its id holds digits, as Shadow Era's ids do.
CSV = (
    "part,count,card,type,set,number,card_id\r\n"
    "Hero,1,Darkclaw,Hero,,,se017\r\n"
    "Deck,4,Insolent Pup,Ally,,,ll108\r\n"
    "Deck,4,Bad Wolf,Ally,,,se049\r\n"
    "Deck,2,Spiked Shield,Item,,,ll164\r\n"
    "Sideboard,2,Full Moon,Ability,,,se117\r\n"
)


def test_the_sites_csv_pasted_as_text_is_the_deck_it_was_exported_from(shadow_era):
    # each id was taken for a card number: every card came back naming its printing
    parsed = parse_text(CSV, shadow_era)
    assert parsed.problems == []
    assert _cards(parsed) == _cards(parse_text(SHADOW_ERA, shadow_era))
    assert to_text(parsed.deck) == to_text(parse_text(SHADOW_ERA, shadow_era).deck)


@pytest.mark.parametrize(
    "form",
    [
        lambda text: "\ufeff" + text,  # a file's byte order mark
        lambda text: text.replace(",", "\t"),  # rows copied from a spreadsheet
        lambda text: text.replace("\r\n", "\n"),
    ],
)
def test_the_sites_csv_reads_so_as_a_file_or_copied_from_a_spreadsheet(shadow_era, form):
    assert _cards(parse_text(form(CSV), shadow_era)) == _cards(parse_text(SHADOW_ERA, shadow_era))


def test_a_csv_row_with_its_set_and_number_names_that_printing(era):
    text = (
        "part,count,card,type,set,number,card_id\n"
        "Deck,3,Flame Lash,Action,SDS1A,SDS1A-014,era-flame-lash\n"
        "Deck,3,Kindle,Action,,,era-kindle\n"
    )
    assert _cards(parse_text(text, era))[0] == {
        "deck": [("Flame Lash", 3, True), ("Kindle", 3, False)]
    }


def test_a_csv_whose_format_column_names_a_format_of_the_game_is_in_it(era):
    # a deck in a format not its game's default is exported with a "format" column; it was
    # read back in the default format
    text = (
        "part,count,card,type,set,number,card_id,format\r\n"
        "Dinos,1,Ember Rex,Dino,,,era-ember-rex,open\r\n"
        "Deck,3,Kindle,Action,,,era-kindle,open\r\n"
    )
    parsed = parse_text(text, era)
    assert (parsed.format, parsed.problems) == ("open", [])
    assert _cards(parsed)[0] == {"dinos": [("Ember Rex", 1, False)], "deck": [("Kindle", 3, False)]}
    assert parse_text(text.replace(",open", ",tundra"), era).format is None
    (said,) = parse_text(text + "Format: Standard\r\n", era).problems
    assert said.message == (
        "Line 4: 'Format: Standard' names another format than the list's format column does"
        " (Open (casual)): the list is judged in Open (casual) unless a format is asked for"
    )
    assert parse_text(text.replace(",format", "").replace(",open", ""), era).format is None


@pytest.mark.parametrize("cell", ["Open", "open (casual)", "OPEN"])
def test_a_csv_format_column_naming_a_format_by_its_name_is_in_it(era, cell):
    # edited in a spreadsheet, the column is read as a "Format:" line is, by the format's id
    # or its name: 'Open' was passed over without a word and the deck judged in Standard
    text = (
        "part,count,card,type,set,number,card_id,format\r\n"
        f'Dinos,1,Ember Rex,Dino,,,era-ember-rex,"{cell}"\r\n'
        f'Deck,3,Kindle,Action,,,era-kindle,"{cell}"\r\n'
    )
    assert (parse_text(text, era).format, parse_text(text, era).problems) == ("open", [])


@pytest.mark.parametrize(
    ("second", "said"),
    [
        (
            "standard",
            "Line 3: its format, 'standard', is another than line 2's (Open (casual)): the list"
            " is judged in Open (casual) unless a format is asked for",
        ),
        (
            "tundra",
            "Line 3: its format, 'tundra', is not one of ERA's: the list is judged in"
            " Open (casual) unless a format is asked for",
        ),
    ],
)
def test_a_csv_row_naming_another_format_than_the_first_is_said(era, second, said):
    # a row naming another format, or none of the game's, was passed over without a word
    text = (
        "part,count,card,type,set,number,card_id,format\r\n"
        "Dinos,1,Ember Rex,Dino,,,era-ember-rex,open\r\n"
        f"Deck,3,Kindle,Action,,,era-kindle,{second}\r\n"
        f"Deck,3,Flame Lash,Action,,,era-flame-lash,{second}\r\n"
    )
    parsed = parse_text(text, era)
    assert parsed.format == "open"
    assert [(p.severity, p.lines, p.message) for p in parsed.problems] == [(WARNING, (3,), said)]


def test_a_csv_row_the_export_would_not_write_is_read_as_any_line_is(shadow_era):
    # an unknown part, a count of 0 and a card the pool no longer has: nothing is lost
    text = (
        "part,count,card,type,set,number,card_id\n"
        "Reserves,4,Bad Wolf,Ally,,,se049\n"
        "Deck,0,Pack Wolf,Ally,,,se112\n"
        "Deck,2,Moon Wolf,Ally,,,se999\n"
        "Deck,3,Lone Wolf,Ally,,,x-gone\n"
    )
    parsed = parse_text(text, shadow_era)
    assert _cards(parsed)[0] == {"deck": [("Bad Wolf", 4, False), ("Lone Wolf", 3, False)]}
    by_line = {p.lines: p for p in parsed.problems}
    assert by_line[(2,)].rule == UNKNOWN_SECTION
    assert "no section 'Reserves'" in by_line[(2,)].message
    assert by_line[(3,)].rule == IGNORED_LINE
    assert "0 copies of Pack Wolf" in by_line[(3,)].message
    assert by_line[(4,)].rule == UNKNOWN_CARD
    assert "Moon Wolf" in by_line[(4,)].message
    assert "no card has the id 'x-gone' now" in by_line[(5,)].message


def test_a_csv_pasted_keeps_no_reading_for_other_lists(shadow_era):
    # read by its columns, a row's reading is the CSV's alone, never the game's for any list
    parse_text(CSV, shadow_era)
    assert not set(CSV.splitlines()) & set(_readings(shadow_era))


def test_a_collection_tools_csv_header_row_is_its_columns_not_a_title(era):
    """A CSV export as collection and deck sites write one ("Count","Tradelist Count","Name",
    "Edition","Condition",...): its first row was the list's title and the deck's name."""
    text = (
        '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags",'
        '"Last Modified","Collector Number","Alter","Proxy","Purchase Price"\n'
        '"3","0","Kindle","SDS1A","Near Mint","English","","","2024-05-01","15","False",'
        '"False",""\n'
    )
    parsed = parse_text(text, era)
    assert parsed.problems == []
    assert parsed.deck.name == ""
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Kindle", 3)]


@pytest.mark.parametrize("mark", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c"])
def test_a_break_editors_do_not_count_keeps_the_line_numbers_the_editor_shows(shadow_era, mark):
    # the break started a line of its own, so the unknown card was said on line 4, not 3
    text = f"1 Darkclaw\n4 Bad Wolf{mark}4 Full Moon\n4 Bad Wulf\n"
    parsed = parse_text(text, shadow_era)
    deck = parsed.deck.sections["deck"]
    assert [(e.card.name, e.count, e.lines) for e in deck] == [
        ("Bad Wolf", 4, (2,)),
        ("Full Moon", 4, (2,)),
    ]
    (said,) = parsed.problems
    assert said.lines == (3,)
    assert said.message.startswith("Line 3: no Shadow Era card is called 'Bad Wulf'")


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_each_line_break_editors_count_starts_a_line(shadow_era, newline):
    parsed = parse_text(newline.join(["1 Darkclaw", "", "4 Bad Wulf", ""]), shadow_era)
    assert [p.lines for p in parsed.problems] == [(3,)]


def test_the_breaks_within_lines_count_toward_the_lines_a_list_may_have(shadow_era):
    # 600 lines of two parts each are 1,200 lines of work: a list of at most 1,000 is refused,
    # as the API counts such a text's lines when it charges them.
    text = "1 Darkclaw\n" + "4 Bad Wolf\u20284 Full Moon\n" * 600
    assert len(text.splitlines()) == 1201
    with pytest.raises(DecklistTooLongError) as refused:
        parse_text(text, shadow_era, max_lines=1_000)
    assert str(refused.value) == (
        "a decklist has at most 1000 lines, each break within a line counted; this one has 1201"
    )
    deck = parse_text(text, shadow_era, max_lines=1_201).deck
    assert sum(e.count for e in deck.entries()) == 4801
