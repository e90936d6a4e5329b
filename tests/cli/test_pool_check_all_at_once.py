"""``deckwright cardpool check`` says every problem of a game in one run, as the validator
says every problem of a deck: a card's or a format's problem hides no rule's, and none is
said twice or as the consequence of another."""

from __future__ import annotations

import shutil

from cardpool import default_pool_dir


def _era(tmp_path):
    root = tmp_path / "pools"
    shutil.copytree(default_pool_dir() / "era", root / "era")
    return root, root / "era" / "cards.yaml", root / "era" / "game.yaml"


def at(path, text, nth=1):
    """The line of ``path`` holding ``text`` (its ``nth``), as the check counts lines."""
    lines = [n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    return lines[nth - 1]


def _edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_a_bad_card_and_a_bad_rule_of_one_game_are_both_said(run, tmp_path):
    root, cards, game = _era(tmp_path)
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    _edit(game, "match_section: dinos\n", "match_section: dinos\n        mode: share\n")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type':"
        " 'Itm' is not one of: Dino, Crystal, Event, Action, Equipment.",
        f"{game}:{at(game, 'mode: share')}:"
        " field 'mode': format 'standard': rule 'era-crystals-match-dinos':"
        " unknown parameter(s): mode",
        f"Error: 2 problem(s) in {root}",
    ]


def test_a_rule_naming_the_refused_card_is_no_second_problem(run, tmp_path):
    """The card's own problem is said; the limit naming it is not said to name no card."""
    root, cards, game = _era(tmp_path)
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    _edit(game, "check: copy-limit\n", "check: copy-limit\n        overrides: {Ember Rex: 2}\n")
    _edit(game, "exactly: 30", "exactly: thirty")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type':"
        " 'Itm' is not one of: Dino, Crystal, Event, Action, Equipment.",
        f"{game}:{at(game, 'exactly: thirty')}:"
        " field 'exactly': format 'standard': rule 'era-deck-thirty':"
        " parameter 'exactly' has the wrong type ('thirty'):"
        " a whole number or {from_leader: attribute} is expected",
        f"Error: 2 problem(s) in {root}",
    ]


def test_a_bad_format_hides_no_rule_of_another_format(run, tmp_path):
    root, _cards, game = _era(tmp_path)
    _edit(game, "  - id: open\n", "  - id: open\n    legal_after_days: soon\n")
    _edit(game, "exactly: 30", "exactly: thirty")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, 'legal_after_days: soon')}:"
        " field 'legal_after_days': format 'open': Not a valid integer: 'soon'; write a"
        " whole number",
        f"{game}:{at(game, 'exactly: thirty')}:"
        " field 'exactly': format 'standard': rule 'era-deck-thirty':"
        " parameter 'exactly' has the wrong type ('thirty'):"
        " a whole number or {from_leader: attribute} is expected",
        f"Error: 2 problem(s) in {root}",
    ]


def test_a_bad_set_hides_no_card_nor_rule(run, tmp_path):
    """The set's problem is said; its cards and the formats naming it are checked as well,
    and are no problem for its sake."""
    root, cards, game = _era(tmp_path)
    _edit(
        cards,
        'name: "Skyquake Dominion"\n    released: 2023-09-01',
        'name: "Skyquake Dominion"\n    released: soon',
    )
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    _edit(game, "match_section: dinos\n", "match_section: dinos\n        mode: share\n")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{cards}:{at(cards, 'released: soon')}: field 'sets.1.released': Not a valid date:"
        " 'soon'; write YYYY-MM-DD",
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type':"
        " 'Itm' is not one of: Dino, Crystal, Event, Action, Equipment.",
        f"{game}:{at(game, 'mode: share')}:"
        " field 'mode': format 'standard': rule 'era-crystals-match-dinos':"
        " unknown parameter(s): mode",
        f"Error: 3 problem(s) in {root}",
    ]


def test_a_refused_rule_entry_is_said_once_and_still_counts_as_the_formats(run, tmp_path):
    """A rule entry with a bad severity is one problem: not also a legal_sets no rule
    checks, nor a remove_rules naming no rule in the format built on it (ERA's Open)."""
    root, _cards, game = _era(tmp_path)
    _edit(
        game,
        "check: legal-sets\n",
        "check: legal-sets\n        severity: fatal\n",
    )
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, 'severity: fatal')}:"
        " field 'severity': format 'standard': rule 'era-eligible-products':"
        " 'fatal' is not one of: error, warning.",
        f"Error: 1 problem(s) in {root}",
    ]


def test_a_format_written_wrong_still_has_its_rules_and_its_heirs_checked(run, tmp_path):
    """A misspelt key and a bad value in Standard hide neither Standard's rules nor those
    of Open, which is built on it."""
    root, _cards, game = _era(tmp_path)
    _edit(game, "  - id: standard\n", "  - id: standard\n    legal_after_days: soon\n")
    _edit(game, "legal_sets: [SDS1A", "legal_set: [SDS1A")
    _edit(game, "exactly: 30", "exactly: thirty")
    _edit(
        game,
        "    remove_rules: [era-eligible-products]\n",
        "    remove_rules: [era-eligible-products]\n    rules:\n"
        "      - {id: open-side, check: section-size, section: side, max: 3, title: t, cite: c}\n",
    )
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, 'legal_after_days: soon')}:"
        " field 'legal_after_days': format 'standard': Not a valid integer: 'soon'; write a"
        " whole number",
        f"{game}:{at(game, 'legal_set: [SDS1A')}:"
        " field 'legal_set': format 'standard': Unknown field; a format's keys are id, name,"
        " description, base, rules, remove_rules, legal_sets, banlists, rotations,"
        " legal_values and legal_after_days; did you mean 'legal_sets'?",
        f"{game}:{at(game, 'exactly: thirty')}:"
        " field 'exactly': format 'standard': rule 'era-deck-thirty':"
        " parameter 'exactly' has the wrong type ('thirty'):"
        " a whole number or {from_leader: attribute} is expected",
        f"{game}:{at(game, 'section: side')}: field 'section': format 'open': rule 'open-side':"
        " section names no section 'side' (its sections: dinos, crystals, deck)",
        f"Error: 4 problem(s) in {root}",
    ]


def test_a_misspelt_key_or_a_card_that_is_no_mapping_hides_no_card(run, tmp_path):
    root, cards, game = _era(tmp_path)
    _edit(cards, "game: era\n", "game: era\ntitel: ERA\n")
    _edit(cards, "cards:\n", "cards:\n  - Ember Rex\n")
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    _edit(game, "exactly: 30", "exactly: thirty")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{cards}:{at(cards, '  - Ember Rex')}: card 'Ember Rex', field 'cards.0':"
        " Not a valid mapping type: a card is written as key: value lines under its '- '"
        " (id, name, type, set)",
        f"{cards}:{at(cards, 'titel: ERA')}: field 'titel': Unknown field; cards.yaml's keys"
        " are game, title, illustrative, source, credits, decisions, sets and cards;"
        " did you mean 'title'?",
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type':"
        " 'Itm' is not one of: Dino, Crystal, Event, Action, Equipment.",
        f"{game}:{at(game, 'exactly: thirty')}:"
        " field 'exactly': format 'standard': rule 'era-deck-thirty':"
        " parameter 'exactly' has the wrong type ('thirty'):"
        " a whole number or {from_leader: attribute} is expected",
        f"Error: 4 problem(s) in {root}",
    ]


def test_a_game_yaml_key_no_card_nor_rule_reads_hides_neither(run, tmp_path):
    root, cards, game = _era(tmp_path)
    _edit(game, "card_types:", "titel: ERA\ncard_types:")
    _edit(game, "colors: {Air:", "colors: {Ait: 3, Air:")
    _edit(game, "exactly: 30", "exactly: thirty")
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, 'colors: {Ait')}: field 'colors.Ait.value': Not a valid string:"
        ' YAML reads 3 as a number; write it in quotes, "3", for the text',
        f"{game}:{at(game, 'titel: ERA')}: field 'titel': Unknown field; game.yaml's keys"
        " are id, name, short_name, rulebook, description, card_types, attributes,"
        " main_attribute, curve, colors, same_card, sections, default_section,"
        " whole_deck_headers, default_format, formats, decisions and play.",
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type':"
        " 'Itm' is not one of: Dino, Crystal, Event, Action, Equipment.",
        f"{game}:{at(game, 'exactly: thirty')}:"
        " field 'exactly': format 'standard': rule 'era-deck-thirty':"
        " parameter 'exactly' has the wrong type ('thirty'):"
        " a whole number or {from_leader: attribute} is expected",
        f"Error: 4 problem(s) in {root}",
    ]


def test_entries_refused_keep_the_lines_of_those_after_them(run, tmp_path):
    """A format or a rule entry that is no mapping is said, and the problems of the
    entries after it are said at their own lines."""
    root, _cards, game = _era(tmp_path)
    _edit(game, "formats:\n  - id: standard\n", "formats:\n  - just standard\n  - id: standard\n")
    _edit(game, "    rules:\n", "    rules:\n      - a rule\n")
    _edit(
        game,
        "      - id: era-three-crystals\n",
        "      - {id: era-three-dinos, check: section-size, section: dinos, exactly: 2,"
        " title: t, cite: c}\n      - id: era-three-crystals\n",
    )
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, '  - just standard')}: field 'formats.0': Not a valid mapping type.",
        f"{game}:{at(game, '      - a rule')}:"
        " field 'rules.0': format 'standard': Not a valid mapping type.",
        f"{game}:{at(game, '{id: era-three-dinos, check')}:"
        " field 'id': format 'standard': duplicate rule id 'era-three-dinos'"
        f" (the entry at line {at(game, '- id: era-three-dinos')} has it already)",
        f"Error: 3 problem(s) in {root}",
    ]


_ITM = "'Itm' is not one of: Dino, Crystal, Event, Action, Equipment."
_THIRTY = (
    "parameter 'exactly' has the wrong type ('thirty'):"
    " a whole number or {from_leader: attribute} is expected"
)


def _card_and_rule_wrong(cards, game):
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    _edit(game, "exactly: 30", "exactly: thirty")


def _card_and_rule_said(cards, game):
    return [
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type': {_ITM}",
        f"{game}:{at(game, 'exactly: thirty')}: field 'exactly': format 'standard':"
        f" rule 'era-deck-thirty': {_THIRTY}",
    ]


def _said_with_the_card_and_rule(run, root, cards, game, marker, message):
    """The card and the rule made wrong too: the check says the problem of game.yaml's line
    holding ``marker``, then the card's and the rule's, and nothing for their sake."""
    _card_and_rule_wrong(cards, game)
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, marker)}: {message}",
        *_card_and_rule_said(cards, game),
        f"Error: 3 problem(s) in {root}",
    ]


def test_a_game_id_written_wrong_hides_no_card_nor_rule(run, tmp_path):
    """Its cards.yaml naming the game as it should be is no second problem."""
    root, cards, game = _era(tmp_path)
    _edit(game, "id: era\n", "id: ERA Game\n")
    _said_with_the_card_and_rule(
        run,
        root,
        cards,
        game,
        "id: ERA Game",
        "field 'id': 'ERA Game' is no id: write it in lowercase letters, digits and '-'",
    )


def test_card_types_written_as_one_line_of_text_still_check_each_card_type(run, tmp_path):
    root, cards, game = _era(tmp_path)
    _edit(
        game,
        "card_types: [Dino, Crystal, Event, Action, Equipment]",
        "card_types: Dino, Crystal, Event, Action, Equipment",
    )
    _said_with_the_card_and_rule(
        run, root, cards, game, "card_types: Dino, ", "field 'card_types': Not a valid list."
    )


def test_card_types_written_without_commas_say_no_card_of_an_unknown_type(run, tmp_path):
    """'Dino Crystal Event' is one type no card is of: the types the sections, attributes
    and cards name are taken, and the one mistake is said once, not once a card."""
    root, _cards, game = _era(tmp_path)
    _edit(
        game,
        "card_types: [Dino, Crystal, Event, Action, Equipment]",
        "card_types: Dino Crystal Event Action Equipment",
    )
    _edit(game, "exactly: 30", "exactly: thirty")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, 'card_types: Dino Crystal')}: field 'card_types': Not a valid list.",
        f"{game}:{at(game, 'exactly: thirty')}:"
        " field 'exactly': format 'standard': rule 'era-deck-thirty':"
        " parameter 'exactly' has the wrong type ('thirty'):"
        " a whole number or {from_leader: attribute} is expected",
        f"Error: 2 problem(s) in {root}",
    ]


def test_an_attribute_declared_wrong_hides_no_card_nor_rule(run, tmp_path):
    """The cards' elements and the rules reading them are no second problem."""
    root, cards, game = _era(tmp_path)
    _edit(
        game, "element: {label: Element, kind: choice,", "element: {label: Element, kind: choise,"
    )
    _said_with_the_card_and_rule(
        run,
        root,
        cards,
        game,
        "kind: choise",
        "field 'attributes.element.value.kind':"
        " Must be one of: text, int, bool, choice, list, cards.",
    )


def test_attributes_written_as_a_list_hide_no_card_nor_rule(run, tmp_path):
    root, cards, game = _era(tmp_path)
    text = game.read_text()
    start, end = text.index("  element:"), text.index("main_attribute:")
    listed = "".join(f"  - {line.strip()}\n" for line in text[start:end].splitlines())
    game.write_text(text[:start] + listed + text[end:])
    _said_with_the_card_and_rule(
        run, root, cards, game, "  - element:", "field 'attributes': Not a valid mapping type."
    )


def test_attributes_written_as_an_empty_list_say_no_card_fact_unknown(run, tmp_path):
    """Nothing declared: the facts the cards hold are taken as they are, not each refused."""
    root, cards, game = _era(tmp_path)
    text = game.read_text()
    start, end = text.index("attributes:\n"), text.index("main_attribute:")
    game.write_text(text[:start] + "attributes: []\n" + text[end:])
    _said_with_the_card_and_rule(
        run, root, cards, game, "attributes: []", "field 'attributes': Not a valid mapping type."
    )


def test_a_section_written_wrong_hides_no_card_nor_rule(run, tmp_path):
    """The rules naming the section are checked, and are no second problem for its sake."""
    root, cards, game = _era(tmp_path)
    _edit(game, "{id: dinos, name: Dinos, noun: dino,", "{id: dinos, name: Dinos,")
    _said_with_the_card_and_rule(
        run,
        root,
        cards,
        game,
        "{id: dinos, name: Dinos,",
        "field 'sections.0.noun': Missing data for required field.",
    )


def test_same_card_written_wrong_hides_no_card_nor_rule(run, tmp_path):
    root, cards, game = _era(tmp_path)
    _edit(game, "same_card: [name]", "same_card: [names]")
    _said_with_the_card_and_rule(
        run,
        root,
        cards,
        game,
        "same_card: [names]",
        "field 'same_card.0': Must be one of: name, number.",
    )


def test_a_default_format_written_wrong_hides_no_card_nor_rule(run, tmp_path):
    root, cards, game = _era(tmp_path)
    _edit(game, "default_format: standard", "default_format: [standard]")
    _said_with_the_card_and_rule(
        run,
        root,
        cards,
        game,
        "default_format: [standard]",
        "field 'default_format': Not a valid string.",
    )


def test_sections_that_cannot_be_read_hide_no_card_nor_rule_naming_no_section(run, tmp_path):
    """The rules naming a section cannot be checked, and are not said to name no section;
    the others are checked."""
    root, cards, game = _era(tmp_path)
    text = game.read_text()
    start, end = text.index("sections:\n"), text.index("default_section:")
    game.write_text(text[:start] + "sections: dinos, crystals, deck\n" + text[end:])
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    _edit(
        game,
        "where: {type: [Action, Equipment]}\n        max: 3",
        "where: {type: [Action, Equipment]}\n        max: three",
    )
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, 'sections: dinos, crystals, deck')}:"
        " field 'sections': Not a valid list.",
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type': {_ITM}",
        f"{game}:{at(game, 'max: three')}: field 'max': format 'standard': rule 'era-three-copies':"
        " parameter 'max' has the wrong type ('three'):"
        " a whole number is expected",
        f"Error: 3 problem(s) in {root}",
    ]


def test_a_duplicate_rule_or_format_id_names_its_format_and_the_first_one(run, tmp_path):
    root, _cards, game = _era(tmp_path)
    _edit(
        game,
        "      - id: era-three-crystals\n",
        "      - {id: era-three-dinos, check: section-size, section: dinos, exactly: 3,"
        " title: t, cite: c}\n      - id: era-three-crystals\n",
    )
    _edit(game, "  - id: open\n", "  - id: standard\n")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, '  - id: standard', 2)}: field 'id': duplicate format id 'standard'"
        f" (the format at line {at(game, '  - id: standard')} has it already)",
        f"{game}:{at(game, '{id: era-three-dinos, check')}:"
        " field 'id': format 'standard': duplicate rule id 'era-three-dinos'"
        f" (the entry at line {at(game, '- id: era-three-dinos')} has it already)",
        f"Error: 2 problem(s) in {root}",
    ]


def test_a_section_with_no_id_read_hides_no_rule_naming_the_others(run, tmp_path):
    """The section whose id cannot be read may be the one a rule or default_section names:
    that is no second problem, and the rules naming the sections read are checked."""
    root, cards, game = _era(tmp_path)
    _edit(game, "  - id: deck\n", "  - id: [deck]\n")
    _edit(
        game, "  - id: era-dinos-are-dinos\n", "  - id: era-dinos-are-dinos\n        mode: share\n"
    )
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, '  - id: [deck]')}: field 'sections.2.id': Not a valid string.",
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type': {_ITM}",
        f"{game}:{at(game, 'mode: share')}: field 'mode': format 'standard':"
        " rule 'era-dinos-are-dinos': unknown parameter(s): mode",
        f"Error: 3 problem(s) in {root}",
    ]


def test_formats_that_cannot_be_read_are_not_said_missing_again(run, tmp_path):
    """Formats written as a mapping by id: the default format and the decisions naming
    their rules are no second problem, and the cards are checked."""
    root, cards, game = _era(tmp_path)
    text = game.read_text()
    start = text.index("formats:\n")
    end = text.index("\ndecisions:\n")
    formats = "formats:\n  standard: {name: Standard}\n  open: {name: Open, base: standard}"
    game.write_text(text[:start] + formats + text[end:])
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{game}:{at(game, 'formats:') + 1}: field 'formats': Not a valid list.",
        f"{cards}:{at(cards, 'type: Itm')}: card 'Ember Rex', field 'type': {_ITM}",
        f"Error: 2 problem(s) in {root}",
    ]


def test_the_check_exits_as_the_docs_say(run, tmp_path):
    """0 when every game loads, warnings said or not; 1 when a file has a problem; 2 when
    the folder given is none (docs/cardpool.md, for scripts and CI that run the check)."""
    root, cards, _game = _era(tmp_path)
    assert run("cardpool", "check", root).exit_code == 0
    _edit(cards, "sets:\n", "sets:\n  - {code: NEW, name: Not Yet Printed}\n")
    warned = run("cardpool", "check", root)
    assert (warned.exit_code, warned.output.splitlines()[-1]) == (
        0,
        f"{root}: all pools are valid (1 warning(s))",
    )
    _edit(cards, "name: Ember Rex\n    type: Dino", "name: Ember Rex\n    type: Itm")
    assert run("cardpool", "check", root).exit_code == 1
    assert run("cardpool", "check", tmp_path / "no-such-folder").exit_code == 2
