"""Lists as players paste them from chats, forums and other deck tools: a code block's fences
around the list, a count stuck to its x ("4xBad Wolf"), a part named in a comment ("//
Sideboard") and a set's code alone after a card ("Rabid Bite COTC")."""

from __future__ import annotations

import pytest

from validator import parse_text
from validator.decklist import IGNORED_LINE


def _read(game, text):
    parsed = parse_text(text, game)
    sections = {
        part: [(e.card.name, e.count, e.printing_named) for e in entries]
        for part, entries in parsed.deck.sections.items()
    }
    boards = {
        part: [(e.card.name, e.count) for e in entries]
        for part, entries in parsed.deck.boards.items()
    }
    return sections, boards, [p.message for p in parsed.problems]


WOLVES = "Hero:\n1 Darkclaw\n\nDeck:\n4 Bad Wolf\n4 Full Moon\n"


@pytest.mark.parametrize(
    "text",
    [
        f"```\n{WOLVES}```\n",  # a Discord code block
        f"```txt\n{WOLVES}\n```",  # with its language
        f"```{WOLVES}```",  # the fences on the first and last lines
        WOLVES.replace("1 Darkclaw", "`1 Darkclaw`"),  # a line as inline code
    ],
)
def test_a_code_blocks_fences_around_a_list_are_not_its_title_or_a_card(shadow_era, text):
    # the fence was the list's title, and the closing one a card no game has
    assert _read(shadow_era, text) == _read(shadow_era, WOLVES)
    assert _read(shadow_era, text)[2] == []


def test_a_fence_naming_a_card_is_that_card(shadow_era):
    sections, _, _ = _read(shadow_era, "```Darkclaw\n4 Bad Wolf\n```")
    assert sections["hero"] == [("Darkclaw", 1, False)]


@pytest.mark.parametrize("line", ["4xBad Wolf", "4XBad Wolf", "4×Bad Wolf"])
def test_a_count_stuck_to_its_x_is_the_count(shadow_era, line):
    assert _read(shadow_era, line) == ({"deck": [("Bad Wolf", 4, False)]}, {}, [])


def test_a_comment_naming_a_part_starts_it(era):
    # "// Sideboard", as deck tools export one: its cards were read into the deck
    sections, boards, problems = _read(era, "// Deck\n3 Kindle\n// Sideboard\n2 Flame Lash\n")
    assert sections == {"deck": [("Kindle", 3, False)]}
    assert boards == {"sideboard": [("Flame Lash", 2)]}
    assert problems == []


def test_a_comment_naming_no_part_stays_a_comment(era):
    assert _read(era, "// Burn first, then water\n3 Kindle\n") == (
        {"deck": [("Kindle", 3, False)]},
        {},
        [],
    )


@pytest.mark.parametrize(
    "line", ["4 Rabid Bite COTC", "4x Rabid Bite cotc", "4 Rabid Bite - COTC", "Rabid Bite x4 COTC"]
)
def test_a_sets_code_alone_after_a_card_names_its_printing_in_that_set(shadow_era, line):
    # read as "4 Rabid Bite (COTC)" is; it named no card
    assert _read(shadow_era, line) == ({"deck": [("Rabid Bite", 4, True)]}, {}, [])


def test_a_set_code_and_number_joined_by_a_dash_are_no_count(era):
    # "SDS1A-001" is not a count of 1 after "Canyon Therizinosaur SDS1A"
    sections, _, problems = _read(era, "2 Canyon Therizinosaur SDS1A-001")
    assert sections == {}
    assert problems[0].startswith("Line 1: no ERA card is called")


@pytest.mark.parametrize(
    "line",
    [
        "4 Nature&#39;s Outrage",
        "4 Nature&#x27;s Outrage",
        "4 Nature&rsquo;s Outrage",
        # a quoted line and a bullet, as HTML writes them: "> 4 ..." and "• 4 ..."
        "&gt; 4 Nature&#39;s Outrage",
        "&bull; 4 Nature's Outrage",
    ],
)
def test_a_character_written_as_html_writes_it_is_that_character(arcmage, line):
    # a list copied from a page's source, or sent on by a bot: the name was unknown
    assert _read(arcmage, line) == ({"deck": [("Nature's Outrage", 4, False)]}, {}, [])


def test_a_markdown_tables_total_row_is_its_count_not_a_card(arcmage):
    table = (
        "| Card | Qty | Type |\n| --- | :-: | --- |\n"
        "| Kolibri | 4 | Creature |\n| Nature's Outrage | 4 | Magic |\n"
    )
    assert _read(arcmage, table + "| **Total** | **8** | |\n")[2] == []
    (said,) = _read(arcmage, table + "| **Total** | **9** | |\n")[2]
    assert said.startswith("Line 5: 'Total 9' is read as the list's own count of its cards")


@pytest.mark.parametrize(
    ("line", "part", "card"),
    [
        ("1 Darkclaw (Hero)", "hero", "Darkclaw"),
        ("4 Bad Wolf (Ally)", "deck", "Bad Wolf"),
        ("4 Bad Wolf [Ally, Shadow]", "deck", "Bad Wolf"),
        ("4 Rabid Bite (Ability - Wulven)", "deck", "Rabid Bite"),
    ],
)
def test_what_the_card_is_in_brackets_after_it_is_said_nothing_of(shadow_era, line, part, card):
    # its type, faction or class noted as players do: it was 'no printing of Bad Wolf is (Ally)'
    count = int(line.split()[0])
    assert _read(shadow_era, line) == ({part: [(card, count, False)]}, {}, [])


@pytest.mark.parametrize(
    ("game", "line", "part", "card"),
    [
        ("eruma", "Rat (Henchmen)", "extra", "Rat"),
        ("shadow_era", "4 Bad Wolf (Allies)", "deck", "Bad Wolf"),
        ("shadow_era", "4 Rabid Bite (Abilities - Wulven)", "deck", "Rabid Bite"),
    ],
)
def test_the_plural_of_the_cards_type_in_brackets_is_what_the_card_is(
    request, game, line, part, card
):
    # it was '(Henchmen) after Rat is read as a note', though (Henchman) was not
    count = int(line.split()[0]) if line[0].isdigit() else 1
    sections, _, problems = _read(request.getfixturevalue(game), line)
    assert (sections[part], problems) == ([(card, count, False)], [])


@pytest.mark.parametrize(
    ("game", "line", "card", "count"),
    [
        ("era", '"3 Kindle"', "Kindle", 3),
        ("shadow_era", "'4 Bad Wolf'", "Bad Wolf", 4),
        ("shadow_era", "\u201c4 Bad Wolf\u201d", "Bad Wolf", 4),
        ("shadow_era", "\u20184 Bad Wolf\u2019", "Bad Wolf", 4),
        ("arcmage", '"4 Nature\'s Outrage"', "Nature's Outrage", 4),
        ("arcmage", "'Nature's Outrage x2'", "Nature's Outrage", 2),
    ],
)
def test_a_whole_line_in_quotes_is_read_as_the_line_inside_them(request, game, line, card, count):
    # as a chat or a message quotes it: it was the list's title, or no card called '"3 Kindle"'
    sections, _, problems = _read(request.getfixturevalue(game), line)
    assert (list(sections.values()), problems) == ([[(card, count, False)]], [])


@pytest.mark.parametrize(
    "line",
    [
        "4 copies of Bad Wolf",
        "4 copies Bad Wolf",
        "4x copies of Bad Wolf",
        "4 cards of Bad Wolf",
        "Bad Wolf - 4 copies",
        "Bad Wolf x4 copies",
        "Bad Wolf 4 cards",
        "Bad Wolf (4 cards)",
    ],
)
def test_the_word_copies_or_cards_with_a_count_is_part_of_the_count(shadow_era, line):
    # it was no card called 'copies of Bad Wolf', or 'Bad Wolf x4 copies'
    assert _read(shadow_era, line) == ({"deck": [("Bad Wolf", 4, False)]}, {}, [])


def test_a_word_for_copies_before_a_name_that_is_no_card_is_said_as_written(shadow_era):
    (said,) = _read(shadow_era, "4 copies of Bad Wulf")[2]
    assert said.startswith("Line 1: no Shadow Era card is called 'copies of Bad Wulf'")


def test_a_word_in_brackets_the_card_is_not_is_read_as_a_note(shadow_era):
    # Full Moon is an ability: the note is said, in its words, not as a printing
    sections, _, problems = _read(shadow_era, "4 Full Moon (Ally)")
    assert sections == {"deck": [("Full Moon", 4, False)]}
    assert problems == ["Line 1: (Ally) after Full Moon is read as a note"]


@pytest.mark.parametrize("line", ["099 Zombie x3", "099 Zombie (3)", "099 Zombie - 3"])
def test_a_cards_own_number_before_it_and_a_count_after_it_are_that_printing(eruma, line):
    # ERUMA numbers its cards 001 to 117: it was two counts of Zombie, 99 and 3
    sections, _, problems = _read(eruma, line)
    assert (sections, problems) == ({"extra": [("Zombie", 3, True)]}, [])


def test_a_number_before_a_card_not_its_own_and_a_count_after_it_are_two_counts(eruma):
    (said,) = _read(eruma, "002 Zombie x3")[2]
    assert "gives two counts of Zombie, 2 and 3" in said


@pytest.mark.parametrize(
    "line",
    [
        "Fire Breath*3",
        "Fire Breath * 3",
        "3 * Fire Breath",
        "(x3) Fire Breath",
        "[3x] Fire Breath",
        "3: Fire Breath",
        "3pcs Fire Breath",
        "3 pcs. Fire Breath",
    ],
)
def test_a_count_after_a_star_in_brackets_with_its_x_or_before_a_colon_is_the_count(era, line):
    # each was no card called 'Fire Breath*3', '(x3) Fire Breath', '3: Fire Breath', ...
    assert _read(era, line) == ({"deck": [("Fire Breath", 3, False)]}, {}, [])


def test_a_name_with_an_odd_count_that_is_no_card_is_said_with_its_closest_names(era):
    (said,) = _read(era, "12 Kindle\nFire Breth*3")[2]
    assert said.startswith("Line 2: no ERA card is called 'Fire Breth*3'; did you mean Fire Breath")


@pytest.mark.parametrize(
    ("line", "part", "card", "count"),
    [
        ("[Hero] Darkclaw", "hero", "Darkclaw", 1),
        ("(Ally) 4 Bad Wolf", "deck", "Bad Wolf", 4),
        ("[Allies] Bad Wolf x4", "deck", "Bad Wolf", 4),
    ],
)
def test_what_the_card_is_in_brackets_before_it_is_said_nothing_of(
    shadow_era, line, part, card, count
):
    # '[Hero] Darkclaw' was no card called '[Hero] Darkclaw', and the deck had no hero
    assert _read(shadow_era, line) == ({part: [(card, count, False)]}, {}, [])


def test_a_tag_before_a_card_it_is_not_is_read_as_a_note(shadow_era):
    sections, _, problems = _read(shadow_era, "[Ally] 4 Full Moon")
    assert sections == {"deck": [("Full Moon", 4, False)]}
    assert problems == ["Line 1: [Ally] before Full Moon is read as a note"]


def test_a_board_in_brackets_before_a_card_puts_that_line_there(shadow_era):
    sections, boards, problems = _read(shadow_era, "4 Bad Wolf\n[SB] 2 Full Moon\n")
    assert (sections, boards, problems) == (
        {"deck": [("Bad Wolf", 4, False)]},
        {"sideboard": [("Full Moon", 2)]},
        [],
    )


@pytest.mark.parametrize(
    ("game", "line", "part", "card", "count"),
    [
        ("era", "4 Kindle | Action", "deck", "Kindle", 4),
        ("era", "Kindle x4 | Action | Fire", "deck", "Kindle", 4),
        ("shadow_era", "4 Bad Wolf | Ally", "deck", "Bad Wolf", 4),
    ],
)
def test_what_the_card_is_after_a_bar_beside_its_count_is_said_nothing_of(
    request, game, line, part, card, count
):
    # it was no card called 'Kindle | Action'
    assert _read(request.getfixturevalue(game), line) == ({part: [(card, count, False)]}, {}, [])


def test_two_counted_cards_split_by_a_bar_stay_two_entries(era):
    # the second cell is no word saying what the first card is
    sections, _, _ = _read(era, "1 Ember Rex | 2 Ember Rex")
    assert sections == {"dinos": [("Ember Rex", 3, False)]}


@pytest.mark.parametrize("remark", ["(new!)", "(MVP!!)", "[new?]"])
def test_a_remark_in_brackets_after_a_card_is_read_as_a_note(shadow_era, remark):
    # it was no card called 'Bad Wolf (new!)'
    sections, _, problems = _read(shadow_era, f"4 Bad Wolf {remark}")
    assert sections == {"deck": [("Bad Wolf", 4, False)]}
    assert problems == [f"Line 1: {remark} after Bad Wolf is read as a note"]


def test_a_remark_in_brackets_after_a_name_that_is_no_card_is_said_whole(shadow_era):
    (said,) = _read(shadow_era, "4 Bad Wolf\n4 Bad Wulf (new!)")[2]
    assert said.startswith("Line 2: no Shadow Era card is called 'Bad Wulf (new!)'")


FORUM_POST = (
    "Re: Wulven aggro - need help!!\n"
    "Post by dinofan » Tue May 21, 2024 8:14 pm\n"
    "Quote from: dinofan on May 21, 2024, 08:14:03 PM\n"
    "Originally Posted by dinofan\n"
    "> dinofan wrote: ↑Tue May 21, 2024 8:14 pm\n"
    '[quote="dinofan, post:3, topic:123"]\n'
    "1 Darkclaw\n4 Bad Wolf\n"
    "[/quote]\n"
)


def test_a_forum_posts_lines_around_a_list_are_notes_and_name_nothing(shadow_era):
    # 'Re: Wulven aggro - need help!!' was the deck's name, the others cards no game has
    parsed = parse_text(FORUM_POST, shadow_era)
    assert parsed.deck.name == ""
    assert [e.card.name for e in parsed.deck.sections["hero"]] == ["Darkclaw"]
    assert [(p.lines, p.severity) for p in parsed.problems] == [
        ((n,), "warning") for n in (1, 2, 3, 4, 5, 6, 9)
    ]
    assert parsed.problems[0].message == (
        "Line 1: 'Re: Wulven aggro - need help!!' is read as a forum's line around a post"
        " (its subject, poster or quote), not a card"
    )


def test_a_title_below_a_forum_posts_header_is_the_decks_name(shadow_era):
    parsed = parse_text("Re: need help\nWulven Rush\n1 Darkclaw\n4 Bad Wolf\n", shadow_era)
    assert parsed.deck.name == "Wulven Rush"


@pytest.mark.parametrize("line", ["Thoughts?", "Any suggestions welcome", "Thanks!", "Bad Wulf"])
def test_words_below_a_list_that_are_no_forums_line_are_still_said_as_no_card(shadow_era, line):
    (said,) = _read(shadow_era, f"{FORUM_POST}{line}\n")[2][-1:]
    assert said.startswith(f"Line 10: no Shadow Era card is called {line!r}")


def test_a_misspelt_card_below_a_forum_posts_header_is_said_with_its_closest_names(shadow_era):
    said = _read(shadow_era, "Re: my deck\nDarkclw\n4 Bad Wolf\n")[2]
    assert "did you mean Darkclaw" in said[1]


@pytest.mark.parametrize(
    "struck",
    ["~~4 Full Moon~~", "- ~~4x Full Moon~~", "<s>4 Full Moon</s>", "<del>4 Full Moon</del>"],
)
def test_a_card_struck_through_is_not_counted_and_said(shadow_era, struck):
    # a post's author strikes out a card taken out of the list (markdown on Reddit and
    # Discord, HTML on a forum); it was no card called '~~4 Full Moon~~'
    sections, _, said = _read(shadow_era, f"Hero: Darkclaw\n4 Bad Wolf\n{struck}")
    assert sections == {"hero": [("Darkclaw", 1, False)], "deck": [("Bad Wolf", 4, False)]}
    assert said == [
        f"Line 3: {struck!r} is struck through, so it is not counted; if the card is in the"
        " list, write the line without the strikethrough"
    ]


@pytest.mark.parametrize(
    "line", ["4x ~~Full Moon~~ Pack Wolf", "~~3~~ 4 Pack Wolf", "4 Pack Wolf ~~(was Full Moon)~~"]
)
def test_the_text_struck_through_on_a_card_line_is_left_out(shadow_era, line):
    # "4x ~~Full Moon~~ Pack Wolf": the author swapped Full Moon for Pack Wolf
    sections, _, said = _read(shadow_era, f"Hero: Darkclaw\n{line}")
    assert sections["deck"] == [("Pack Wolf", 4, False)]
    assert said == []


def test_a_rule_of_tildes_is_no_strikethrough(shadow_era):
    sections, boards, said = _read(
        shadow_era,
        "Hero: Darkclaw\n~~~ Deck ~~~\n4 Bad Wolf\n~~~~~~\n~~~ Sideboard ~~~\n2 Pack Wolf",
    )
    assert sections == {"hero": [("Darkclaw", 1, False)], "deck": [("Bad Wolf", 4, False)]}
    assert boards == {"sideboard": [("Pack Wolf", 2)]}
    assert said == []


@pytest.mark.parametrize(
    ("game_id", "text"),
    [
        # "Dinos: 1 Ember Rex" marks its own line when the deck's cards follow it
        ("era", "Dinos: 1 Ember Rex\n{struck}\n3 Kindle\n3 Fire Breath"),
        # "Hero (1)", its hero, a blank line, then the deck
        ("shadow-era", "Hero (1)\nDarkclaw\n\n{struck}\n4 Bad Wolf\n4 Full Moon"),
        ("arcmage", "Regions:\nPlymouth\n\nWarren\n\n{struck}\n4 Kolibri"),
        # "Fire Crystals (2)" over its Fire Crystals is their header, not two more of them
        ("era", "Fire Crystals (2)\n{struck}\n2 Fire Crystal"),
        # "SB: 2 Flame Lash" above the deck's cards
        ("era", "3 Kindle\nSB: 2 Flame Lash\n{struck}\n3 Fire Breath\n1 Ember Rex"),
    ],
)
def test_a_line_struck_through_changes_nothing_of_the_lines_around_it(games, game_id, text):
    # the post's reader reads the list as if the line were not there: it is no card below a
    # header, blank line or label that looks at the card below it
    game = games[game_id]
    struck = text.format(struck="~~4 Bad Wolf~~")
    plain = text.replace("{struck}\n", "")
    assert _read(game, struck)[:2] == _read(game, plain)[:2]
    rules = sorted(p.rule for p in parse_text(plain, game).problems)
    assert sorted(p.rule for p in parse_text(struck, game).problems) == sorted(
        [*rules, IGNORED_LINE]
    )


@pytest.mark.parametrize(
    "line",
    [
        "3\u200b Kindle",  # a zero-width space a chat app put between count and name
        "\u200f3 Kindle\u200f",  # right-to-left marks, as a list copied from a Hebrew chat
        "\u202b3 Kindle\u202c",  # a right-to-left embedding and its end
        "\u20683 Kindle\u2069",  # an isolate, as Discord wraps a mention
        "3 Kin\u00addle",  # a soft hyphen
        "3 Kin\u200bdle",
        "\u200e3x\u200e Kindle",
    ],
)
def test_marks_no_one_sees_in_a_pasted_line_are_read_past(era, line):
    """A zero-width space between the count and the name, or the direction marks a chat app
    puts around a line, made the line an unknown card '3\\u200b Kindle' ("did you mean
    Kindle?"): no one sees them, and they say nothing of the card."""
    sections, _, problems = _read(era, line + "\n")
    assert sections == {"deck": [("Kindle", 3, False)]}
    assert [p for p in problems if "Kindle" in p] == []


def test_a_list_posted_with_bbcode_is_read_as_its_cards(era):
    """A list from a phpBB forum, posted with its BBCode ('[b]Dinos[/b]', '[list]', '[*]'),
    was a title and three unknown cards ('[*]1 Ember Rex', did you mean Ember Rex?)."""
    text = (
        "[b]Dinos:[/b]\n[list]\n[*]1 Ember Rex\n[*][color=red]1 Cinderhorn Triceratops[/color]\n"
        "[/list]\n[u]Deck[/u]:\n[list=1][*]3 [i]Kindle[/i][/list]\n"
    )
    sections, _, problems = _read(era, text)
    assert sections["dinos"] == [("Ember Rex", 1, False), ("Cinderhorn Triceratops", 1, False)]
    assert sections["deck"] == [("Kindle", 3, False)]
    assert [p for p in problems if p.startswith("Line ")] == []


@pytest.mark.parametrize(
    "line",
    [
        "<b>3 Kindle</b>",
        "<li>3 Kindle</li>",
        "3 Kindle<br>",
        '<span class="card">3 Kindle</span>',
        "3\ufe0f\u20e3 Kindle",
        "<p>3 <strong>Kindle</strong></p>",
    ],
)
def test_a_line_copied_with_a_pages_tags_or_a_chats_keycap_digit_is_its_card(era, line):
    """A list copied from a page's source or an e-mail ('<li>3 Kindle</li>'), or typed in a
    chat with a keycap emoji for its count ('3️⃣ Kindle'), was a title or an unknown card."""
    sections, _, problems = _read(era, line + "\n")
    assert sections == {"deck": [("Kindle", 3, False)]}
    assert problems == []


def test_a_card_struck_through_with_html_is_still_left_out(era):
    sections, _, problems = _read(era, "<li>3 Kindle</li>\n<li><s>2 Fire Breath</s></li>\n")
    assert sections == {"deck": [("Kindle", 3, False)]}
    assert len(problems) == 1


def test_two_cards_on_one_line_apart_by_an_html_break_are_not_read_as_one(era):
    _, _, problems = _read(era, "3 Kindle<br>2 Fire Breath\n")
    assert problems[0].startswith("Line 1: no ERA card is called 'Kindle<br>2 Fire Breath'")


def test_a_card_struck_through_in_bbcode_is_left_out_not_counted(era):
    """'[s]2 Fire Breath[/s]' is a card a forum post's author took out, as '~~2 Fire
    Breath~~' is: read past as a look's tag, it would have been counted."""
    for struck in (
        "[*][s]2 Fire Breath[/s]",
        "[S]2 Fire Breath[/S]",
        "[strike]2 Fire Breath[/strike]",
    ):
        text = f"[list]\n[*]3 Kindle\n{struck}\n[/list]\n"
        sections, _, problems = _read(era, text)
        assert sections == {"deck": [("Kindle", 3, False)]}, struck
        assert len(problems) == 1, struck
        assert "struck through" in problems[0], struck
