"""Reading and writing decklists the way players type them."""

from __future__ import annotations

import pytest

from validator import (
    WARNING,
    DecklistError,
    decklist,
    decklist_export,
    decklist_lines,
    parse_mapping,
    parse_text,
    to_mapping,
    to_text,
)
from validator.decklist import READ_AS

from ..helpers import example, growth


def cards(parsed, section):
    return [(e.card.name, e.count) for e in parsed.deck.sections.get(section, [])]


def test_counts_can_be_written_3_3x_x3_or_left_out(era):
    parsed = parse_text("3 Fire Breath\n3x Flame Lash\nKindle x2\nCinder Claws", era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [
        ("Fire Breath", 3),
        ("Flame Lash", 3),
        ("Kindle", 2),
        ("Cinder Claws", 1),
    ]


def test_names_match_without_regard_to_case_spacing_accents_or_punctuation(era):
    parsed = parse_text("1 EMBER   rex\n1 émber-rex\n1 Cinderhorn triceratops", era)
    assert parsed.problems == []
    assert cards(parsed, "dinos") == [("Ember Rex", 2), ("Cinderhorn Triceratops", 1)]


def test_section_headers_place_cards_and_may_carry_a_count(shadow_era):
    parsed = parse_text("Hero:\nNishaven\n\nDeck (4):\n4 Fireball", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "hero") == [("Nishaven", 1)]
    assert cards(parsed, "deck") == [("Fireball", 4)]


def test_without_headers_cards_go_to_the_section_of_their_type(era):
    parsed = parse_text("1 Ember Rex\n2 Fire Crystal\n3 Fire Breath", era)
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]
    assert cards(parsed, "crystals") == [("Fire Crystal", 2)]
    assert cards(parsed, "deck") == [("Fire Breath", 3)]


def test_an_explicit_header_is_respected_even_for_the_wrong_type(era, check):
    result = check(era, "Dinos:\n1 Fire Crystal")
    assert "era-dinos-are-dinos" in {p.rule for p in result.problems}


def test_comments_and_blank_lines_are_ignored(ryft):
    parsed = parse_text("# my deck\n\n// sideboard ideas\n- 3 " + ryft.cards[0].name, ryft)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [(ryft.cards[0].name, 3)]


def test_card_numbers_and_ids_are_accepted(arcmage, shadow_era):
    assert cards(parse_text("4 #42", arcmage), "deck") == []  # 42 is a region
    assert cards(parse_text("2 #42", arcmage), "regions") == [("Spirit Tree", 2)]
    assert cards(parse_text("1 se005", shadow_era), "hero") == [("Nishaven", 1)]


def test_an_unknown_card_is_a_problem_with_its_line_and_the_closest_names(era):
    parsed = parse_text("Dinos:\n1 Ember Rex\n1 Embr Rex", era)
    (problem,) = parsed.problems
    assert problem.rule == "decklist-unknown-card"
    assert problem.lines == (3,)
    assert problem.suggestions[0] == "Ember Rex"
    assert problem.message == ("Line 3: no ERA card is called 'Embr Rex'; did you mean Ember Rex?")
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]


def test_a_malformed_line_is_reported_with_its_number(era):
    parsed = parse_text("1 Ember Rex\n-1 Fire Breath\n1000 Kindle\n12", era)
    assert [(p.rule, p.lines) for p in parsed.problems] == [
        ("decklist-malformed-line", (2,)),
        ("decklist-malformed-line", (3,)),
        ("decklist-malformed-line", (4,)),
    ]
    assert parsed.problems[0].message == "Line 2: -1 is a negative count of copies of Fire Breath"


def test_an_unknown_section_header_is_reported(era):
    parsed = parse_text("Reserves:\n1 Ember Rex", era)
    (problem,) = parsed.problems
    assert problem.rule == "decklist-unknown-section"
    assert problem.lines == (1,)
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]


def test_an_unreadable_line_makes_the_deck_illegal(era, check):
    legal_text = example("era-legal.txt")
    assert check(era, legal_text).legal
    assert not check(era, legal_text + "\n1 No Such Card").legal


def test_export_reads_back_as_the_same_deck(games):
    for game in games.values():
        sections = {s.id: s for s in game.sections}
        text = "\n".join(
            f"{sections[game.section_for_card(c)].name}:\n2 {c.name}" for c in game.cards[:25]
        )
        first = parse_text(text, game)
        again = parse_text(to_text(first.deck), game)
        assert again.problems == []
        assert again.deck.cards_by_section() == first.deck.cards_by_section()


def test_the_name_written_on_top_of_the_text_reads_back_as_the_decks_name(games):
    for game in games.values():
        named = parse_text(f"2 {game.cards[0].name}", game, name="Fire tempo")
        text = to_text(named.deck)
        assert text.startswith("# Fire tempo\n\n")
        again = parse_text(text, game)
        assert again.deck.name == "Fire tempo"
        assert again.problems == []


@pytest.mark.parametrize(
    ("game_id", "name"),
    [
        ("eruma", "Maniacs"),
        ("eruma", "Henchmen"),
        ("eruma", "Extra Deck"),
        ("shadow-era", "Wulven"),
        ("shadow-era", "Hero"),
        ("era", "Fire"),
        ("era", "Water Dinos"),
        ("ryft", "Sideboard"),
    ],
)
def test_a_deck_named_as_a_group_or_a_part_reads_back_with_its_name(games, game_id, name):
    """A saved deck named "Maniacs" or "Water Dinos" came back from its own text nameless,
    and unsaid: its name on top, "# Maniacs", was read as a heading over no card."""
    game = games[game_id]
    for cards in ([], [game.cards[0]]):
        named = parse_text("".join(f"1 {c.name}\n" for c in cards), game, name=name)
        again = parse_text(to_text(named.deck), game)
        assert again.deck.name == name
        assert again.problems == named.problems
        assert again.deck.cards_by_section() == named.deck.cards_by_section()


def _other_formats(game):
    return [f for f in game.formats if f != game.default_format]


def test_export_in_a_format_not_the_default_reads_back_in_that_format(games):
    """A deck in ERUMA's "Henchmen required" written out as text came back in Standard: its
    text named no format, as only its JSON form did."""
    for game in games.values():
        deck = parse_text(example(f"{game.id}-legal.txt"), game, name="Rush").deck
        plain = to_text(deck)
        assert to_text(deck, game.default_format) == plain  # the default's text as it was
        assert parse_text(plain, game).format is None
        for format_id in _other_formats(game):
            text = to_text(deck, format_id)
            assert text.startswith(f"# Rush\n\nFormat: {format_id}\n\n")
            again = parse_text(text, game)
            assert (again.format, again.deck.name, again.problems) == (format_id, "Rush", [])
            assert to_mapping(again.deck) == to_mapping(deck)  # its cards, printings, boards
            # a deck of no name: its format on top
            deck.name = ""
            assert to_text(deck, format_id).startswith(f"Format: {format_id}\n\n")
            assert parse_text(to_text(deck, format_id), game).format == format_id
            deck.name = "Rush"


@pytest.mark.parametrize("name", ["Maniacs", "Extra Deck", "Sideboard", "Henchmen", "Deck"])
def test_a_deck_named_as_a_group_or_a_part_reads_back_with_its_name_and_format(eruma, name):
    """The name "# Maniacs" over the first header: a format between them (to_text writes
    it there) left it a heading over no card, and the deck nameless."""
    named = parse_text("Deck:\n1 Lazarus\n\nSideboard:\n1 Rat\n", eruma, name=name)
    again = parse_text(to_text(named.deck, "henchmen-required"), eruma)
    assert (again.deck.name, again.format, again.problems) == (name, "henchmen-required", [])
    assert to_mapping(again.deck) == to_mapping(named.deck)


@pytest.mark.parametrize("name", ["Deck", "Main Deck", "Decklist", "Deck List", "Main", "Cards"])
def test_a_deck_named_as_a_lists_heading_reads_back_with_its_name(games, name):
    """A saved deck named "Deck" came back from its text export nameless: "# Deck" over its
    first header is a list's heading, as "# Decklist" over "Hero:" pasted from a forum is.
    Its name is written as a name note, which on top above a blank line is said no more
    than "# Rush" is."""
    for game in games.values():
        named = parse_text(example(f"{game.id}-legal.txt"), game, name=name)
        for format_id in [None, *_other_formats(game)]:
            text = to_text(named.deck, format_id)
            assert text.startswith(f"Name: {name}\n\n")
            again = parse_text(text, game)
            assert (again.deck.name, again.format, again.problems) == (name, format_id, [])
            assert to_mapping(again.deck) == to_mapping(named.deck)


def test_a_name_note_on_top_is_said_unless_a_blank_line_sets_it_apart(era):
    # the export's form is read as "# Rush" is; a deck tool's block of notes is said still
    assert parse_text("Name: Rush\n\n1 Ember Rex", era).problems == []
    (problem,) = parse_text("Name: Rush\n1 Ember Rex", era).problems
    assert problem.message == "Line 1: 'Name: Rush' is read as a note on the list, not a card"


def test_a_saved_text_written_before_formats_were_written_is_exported_naming_it(games):
    """A deck saved before its text named its format (or named "Deck" as "# Deck") is
    written out as to_text writes it now; text written so already, or in the default
    format, is given back byte for byte."""
    for game in games.values():
        for name in ("Rush", "Deck"):
            deck = parse_text(example(f"{game.id}-legal.txt"), game, name=name).deck
            before = to_text(deck).replace(f"Name: {name}\n", f"# {name}\n", 1)
            for format_id in [game.default_format, *_other_formats(game)]:
                now = to_text(deck, format_id)
                assert decklist_export.as_written_now(before, game, format_id) == now
                assert decklist_export.as_written_now(now, game, format_id) == now
        plain = to_text(parse_text("", game).deck)
        for format_id in _other_formats(game):
            written = decklist_export.as_written_now(plain, game, format_id)
            assert parse_text(written, game).format == format_id


def test_a_groups_heading_on_top_over_its_cards_names_no_deck(eruma):
    """A group's heading on top ("# Maniacs") right over cards, or over a blank line and
    cards, heads them; a list's heading naming no group ("# Decklist") over its first header
    is no name either."""
    for text in ("# Maniacs\n1 Gretel\n", "# Maniacs\n\n1 Gretel\n", "# Decklist\n\nDeck:\n"):
        assert parse_text(text, eruma).deck.name == ""


def test_a_block_of_comments_on_top_names_no_deck(era):
    """A note on the deck over its list is no name, nor is a comment below a card."""
    noted = parse_text("# Built for the spring league\n# with two new dinos\n\n1 Ember Rex", era)
    assert noted.deck.name == ""
    below = parse_text("1 Ember Rex\n# Fire tempo\n\n1 Fire Crystal", era)
    assert below.deck.name == ""
    given = parse_text("# Fire tempo\n\n1 Ember Rex", era, name="Mine")
    assert given.deck.name == "Mine"


@pytest.mark.parametrize(
    "text",
    [
        '[metadata]\nName="Fire tempo"\n[Main]\n1 Ember Rex',
        'About\nName "Fire tempo"\n\nDeck\n1 Ember Rex',
        "Name: “Fire tempo”\n1 Ember Rex",
    ],
)
def test_a_name_written_in_quotes_names_the_deck_without_them(era, text):
    assert parse_text(text, era).deck.name == "Fire tempo"


@pytest.mark.parametrize(
    "name",
    [
        '"Rex" Rush',
        '"Rex" Rush "Deluxe"',
        '"Rex" "Rush"',
        "'Rex' Rush 'Deluxe'",
        "“Rex” Rush “Deluxe”",
        'Rex "the King" Rush',
    ],
)
@pytest.mark.parametrize("written", ["Name: {}", "Name={}", "Deck: {}", "{}", "# {}\n"])
def test_quotes_that_are_the_players_own_stay_in_the_decks_name(era, name, written):
    """A name whose quotes are part of it ('"Rex" Rush "Deluxe"') lost its first and last
    quote, as if they wrapped the whole name: the deck was named 'Rex" Rush "Deluxe'."""
    text = written.format(name) + "\n1 Ember Rex\n"
    assert parse_text(text, era).deck.name == name


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("Name: 'Nature's Wrath'", "Nature's Wrath"),
        ("Name: \"'Rex Rush'\"", "'Rex Rush'"),
        ('Name: ""Rex Rush""', '"Rex Rush"'),
    ],
)
def test_quotes_around_a_whole_name_are_taken_off_once(era, written, name):
    """Quotes wrapping the name are the list's, not the name's: taken off once, an apostrophe
    in a word left, and a name quoted whole by its player kept in its own quotes."""
    assert parse_text(written + "\n1 Ember Rex\n", era).deck.name == name


@pytest.mark.parametrize("name", ['"Rex Rush"', "“Rex Rush”", "'Rex Rush'", '"Rex" Rush'])
def test_a_name_in_quotes_of_its_own_reads_back_from_its_text_export(era, name):
    """A deck saved as '"Rex Rush"' (its player's quotes) was exported as '# "Rex Rush"', which
    read back as the deck 'Rex Rush'."""
    named = parse_text("1 Ember Rex\n", era, name=name)
    again = parse_text(to_text(named.deck), era)
    assert again.deck.name == name
    assert again.problems == named.problems


@pytest.mark.parametrize("name", ['"Rex Rush"', "“Rex Rush”", '"Rex" Rush', "Rex Rush"])
def test_a_saved_decks_text_written_again_keeps_its_names_quotes(era, name):
    """The text export of a saved deck named '"Rex Rush"' is its saved text written again
    (decklist_export.as_written_now), which wrapped its name once more each time: it read
    '# \"\"\"Rex Rush\"\"\"', and back as the deck '\"\"Rex Rush\"\"'."""
    named = parse_text("1 Ember Rex\n", era, name=name)
    now = to_text(named.deck)
    assert decklist_export.as_written_now(now, era, None) == now
    again = parse_text(decklist_export.as_written_now(now, era, "open"), era)
    assert again.deck.name == name


def test_a_name_in_quotes_saved_before_they_were_kept_is_written_so_they_are(era):
    """A deck saved as '"Rex Rush"' had '# "Rex Rush"' on top of its text, which reads as
    'Rex Rush'; written again, its text keeps the quotes."""
    written = decklist_export.as_written_now('# "Rex Rush"\n\nDeck:\n1 Ember Rex\n', era, None)
    assert parse_text(written, era).deck.name == '"Rex Rush"'


def test_the_json_form_reads_back_as_the_same_deck(era):
    first = parse_text(example("era-legal.txt"), era)
    again = parse_mapping(to_mapping(first.deck), era)
    assert again.problems == []
    assert again.deck.cards_by_section() == first.deck.cards_by_section()


def test_json_entries_may_be_names_ids_or_objects(era):
    parsed = parse_mapping(
        {
            "sections": {
                "dinos": ["Ember Rex", {"id": "era-tidefang-mosasaur"}],
                "deck": [{"card": "Fire Breath", "count": 3}],
            }
        },
        era,
    )
    assert parsed.problems == []
    assert cards(parsed, "dinos") == [("Ember Rex", 1), ("Tidefang Mosasaur", 1)]


def test_a_json_entry_whose_name_and_id_are_two_cards_says_so(era):
    # An exported deck edited by hand: the name changed to another card, the id left as it was.
    # The id is read (names may change), but the swap was silent: 3 Kindle where the player
    # now lists 3 Flame Lash.
    parsed = parse_mapping(
        {"sections": {"deck": [{"card": "Flame Lash", "id": "era-kindle", "count": 3}]}}, era
    )
    assert cards(parsed, "deck") == [("Kindle", 3)]
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity) == (READ_AS, WARNING)
    assert problem.cards == ("Kindle",)
    assert "Flame Lash" in problem.message


def test_bad_json_entries_are_problems_with_their_place(era):
    parsed = parse_mapping(
        {
            "sections": {
                "deck": [{"card": "Fire Breath", "count": "3 copies"}, 7, {"card": "Fyre"}],
                "reserves": [],
            }
        },
        era,
    )
    assert [p.message.split(":")[0] for p in parsed.problems] == [
        "sections.deck[0]",
        "sections.deck[1]",
        "sections.deck[2]",
        "sections.reserves",
    ]


@pytest.mark.parametrize("data", [None, [], "deck", {"sections": []}, {"cards": {}}])
def test_a_json_deck_of_the_wrong_shape_is_refused(era, data):
    with pytest.raises(DecklistError):
        parse_mapping(data, era)


# -- lines a stranger may send ------------------------------------------------------------

# Two thousand blanks between words: the patterns that find a count or a printing at the
# end of a line tried every split of such a run, and reading one such line took 47 s.
BLANKS = " " * 2_000
HOSTILE_LINES = (
    f"Ember{BLANKS}Rex",
    f"a{BLANKS}({BLANKS}b{BLANKS}",
    f"a{BLANKS}:{BLANKS}b",
    f"a{BLANKS}-{BLANKS}3",
    f"|{BLANKS}|{BLANKS}",
    f"Kindle{BLANKS}x3",
    "a\u3000" * 2_000 + "(b",
)


@pytest.mark.parametrize("line", HOSTILE_LINES, ids=range(len(HOSTILE_LINES)))
def test_a_line_with_a_long_run_of_blanks_is_read_like_a_short_one(era, line):
    parsed = parse_text(f"1 Ember Rex\n{line}", era)
    short = parse_text(f"1 Ember Rex\n{decklist._short_blanks(line)}", era)
    assert [(p.rule, p.lines) for p in parsed.problems] == [
        (p.rule, p.lines) for p in short.problems
    ]
    assert to_text(parsed.deck) == to_text(short.deck)


# Ten thousand digits in a line: the patterns that find a header's count, a card number or
# a comment tried every split of such a run, and reading one such line took 6 s (a 500 KB
# body, hours), holding the worker that read it.
DIGITS = "9" * 10_000
LINES_OF_DIGITS = (
    f"a{DIGITS}x",
    f'{{"count":{DIGITS}}}',
    f"| {DIGITS} |",
    f"a #{DIGITS} b",
    f"Ember Rex - {DIGITS}x",
    f"a B {DIGITS}!",
)


@pytest.mark.parametrize("line", LINES_OF_DIGITS, ids=range(len(LINES_OF_DIGITS)))
def test_a_line_with_a_long_run_of_digits_is_read_in_a_moment(era, line):
    # Ten times the digits cost at most about ten times as long (a hundred, tried every split)
    ratio = growth(
        lambda n: parse_text(f"1 Ember Rex\n{line.replace(DIGITS, '9' * n)}", era),
        1_000,
        10_000,
        below=30,
    )
    assert ratio < 30, ratio
    parsed = parse_text(f"1 Ember Rex\n{line}", era)
    assert [e.card.name for e in parsed.deck.entries()] == ["Ember Rex"]


@pytest.mark.parametrize(
    "line", ["1," * 10_000, "1\t" * 10_000, "|1" * 10_000, "Dinos: " + "Ember Rex, " * 10_000]
)
def test_a_line_of_ten_thousand_cells_is_read_whole_not_cell_by_cell(era, line, monkeypatch):
    # Each cell was a look-up: a 500 KB line of 250,000 cells took 2 s to read.
    looked_up = []
    resolve = decklist_lines._resolve
    monkeypatch.setattr(
        decklist_lines, "_resolve", lambda game, text: looked_up.append(text) or resolve(game, text)
    )
    parsed = parse_text(f"1 Kindle\n{line}", era)
    assert 0 < len(looked_up) < 20
    assert [e.card.name for e in parsed.deck.entries()] == ["Kindle"]
    assert [p.lines for p in parsed.problems] == [(2,)]


def test_a_row_or_a_header_of_as_many_parts_as_a_line_may_have_is_read_part_by_part(era):
    most = decklist.MAX_LINE_PARTS
    parsed = parse_text(
        "3," + "Kindle," + "," * (most - 3) + "\nDinos: " + ", ".join(["Ember Rex"] * most), era
    )
    assert sorted((e.card.name, e.count) for e in parsed.deck.entries()) == [
        ("Ember Rex", most),
        ("Kindle", 3),
    ]


def test_blanks_are_cut_to_runs_no_reading_tells_apart(era):
    assert decklist._short_blanks("Ember" + " " * 5_000 + "Rex") == "Ember" + " " * 8 + "Rex"
    assert decklist._short_blanks("Fire Breath    3") == "Fire Breath    3"
    # a count set apart by a wide gap is still one
    parsed = parse_text("Fire Breath" + " " * 3_000 + "3", era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Fire Breath", 3)]


def test_a_json_card_name_with_a_long_run_of_blanks_is_read_like_a_short_one(era):
    def read(name):
        return parse_mapping({"sections": {"deck": [{"card": name}]}}, era)

    parsed, short = read(f"Fire{BLANKS}Breath (X) 1"), read("Fire        Breath (X) 1")
    assert [p.rule for p in parsed.problems] == [p.rule for p in short.problems]
    assert to_text(parsed.deck) == to_text(short.deck)


def test_a_header_of_brackets_within_brackets_is_one_unknown_line(era):
    parsed = parse_text("a (" * 3_000 + "b):\n1 Ember Rex", era)
    assert [p.rule for p in parsed.problems] == ["decklist-unknown-section"]


def test_a_game_keeps_the_readings_of_card_length_lines_only(era):
    """Lines of 500 KB sent one after another were each kept, up to 50,000 of them."""
    long_line = "3 " + "Ember Rex " * 40
    parse_text(f"3 Ember Rex\n{long_line}\n", era)
    kept = decklist._readings(era)
    assert "3 Ember Rex" in kept
    assert long_line.strip() not in kept
    assert len(long_line.strip()) > decklist.MAX_KEPT_LINE
    # Read again, not from memory, and read the same.
    assert parse_text(long_line, era).problems == parse_text(long_line, era).problems


# Lines whose reading looks at the lines below them ("Cards: 40" heads them, or is the list's
# count; "Fire" below "Crystals:" over no card) once copied the rest of the list to look:
# 20,000 such lines took seconds, the time growing as the square of their number.
LOOKING_BELOW = {
    "cards": ("era", "", "Cards: 40\n"),
    "fire": ("era", "Crystals:\n", "Fire\n"),
    "allies": ("shadow-era", "", "Allies:\n"),
    "hero": ("shadow-era", "", "Hero:\nDarkclaw\n\n"),
}


@pytest.mark.parametrize("name", LOOKING_BELOW)
def test_a_long_list_of_lines_looking_below_them_is_read_in_a_moment(games, name):
    # Ten times the lines cost at most about ten times as long (a hundred, as the square)
    game_id, head, line = LOOKING_BELOW[name]
    game = games[game_id]
    ratio = growth(
        lambda n: parse_text(head + line * n, game, max_lines=30_000), 500, 5_000, below=30
    )
    assert ratio < 30, ratio


@pytest.mark.parametrize("header", ["Reserves:", "Reserves {}:"])
def test_a_list_of_headers_no_game_knows_is_read_in_a_moment(era, header):
    # Each was compared with every header the game knows for its "did you mean": a list of
    # 1,000 such lines (the most a list may have) took 2.4 s, 5,000 took 12 s.
    words = ("".join(chr(ord("a") + int(digit)) for digit in str(at)) for at in range(1_000))
    lines = [header.format(word) + "\n" for word in words]
    # Ten times the lines cost at most about ten times as long (a hundred, as the square)
    assert growth(lambda n: parse_text("".join(lines[:n]), era), 100, 1_000, below=30) < 30
    parsed = parse_text("".join(lines), era)
    assert len(parsed.problems) == 1_000
    assert "close names are looked for only for the first 50" in parsed.problems[-1].message
    (misspelt,) = parse_text("Krystals:\n1 Fire Crystal", era).problems
    assert "did you mean 'Crystals'?" in misspelt.message
