"""Loading card pools: every problem in a broken file is named by file, line, card and field."""

from __future__ import annotations

import shutil

import pytest

from cardpool import (
    PoolError,
    PoolLibrary,
    UnknownFormatError,
    UnknownGameError,
    cache,
    check_pools,
    load_game,
    load_pools,
)
from cardpool.compiler import SafeLoader

from .conftest import edit
from .test_summary import LEVELS_GAME, levels_game


def test_the_five_seed_games_load(games):
    assert sorted(games) == ["arcmage", "era", "eruma", "ryft", "shadow-era"]


def test_pools_without_public_card_lists_are_marked_illustrative(games):
    assert {g.id for g in games.values() if g.illustrative} == {"era", "ryft"}


def test_a_game_or_format_asked_for_by_its_name_or_misspelled_is_answered_with_the_one_meant(
    library, era
):
    """The lookups' own words, which the command line and the API both pass on."""
    with pytest.raises(UnknownGameError) as game:
        library.game("Shadow Era")
    assert str(game.value).endswith("; did you mean shadow-era?")
    with pytest.raises(UnknownFormatError) as fmt:
        era.format("Standrad")
    assert str(fmt.value) == (
        "ERA has no format 'Standrad'; its formats are: standard, open; did you mean standard?"
    )
    with pytest.raises(UnknownFormatError) as fmt:
        era.format("vintage")
    assert "did you mean" not in str(fmt.value)


def test_yaml_is_read_with_a_safe_loader_only():
    assert SafeLoader.__name__ in ("CSafeLoader", "SafeLoader")


def test_unsafe_yaml_tags_are_refused_not_executed(pool_copy):
    cards = pool_copy / "eruma" / "cards.yaml"
    edit(cards, "title:", "exploit: !!python/object/apply:os.system ['true']\ntitle:")
    problems = check_pools(pool_copy)
    assert len(problems) == 1
    assert problems[0].file == str(cards)
    assert "malformed YAML" in problems[0].message
    assert problems[0].line == 2


def test_malformed_yaml_names_the_file_and_line(pool_copy):
    game = pool_copy / "ryft" / "game.yaml"
    edit(game, "short_name: RYFT", "short_name: [RYFT")
    with pytest.raises(PoolError) as caught:
        load_game(pool_copy / "ryft")
    (problem,) = caught.value.problems
    assert problem.file == str(game)
    assert problem.line is not None
    assert "malformed YAML" in problem.message


def test_a_bad_card_field_names_the_file_card_field_and_line(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "element: Fire\n    power: 4", "element: Lava\n    power: 4")
    with pytest.raises(PoolError) as caught:
        load_game(pool_copy / "era")
    (problem,) = caught.value.problems
    assert problem.file == str(cards)
    assert problem.card == "Ember Rex"
    assert problem.field == "element"
    # the value written is named beside the values the attribute has
    assert problem.message == "'Lava' is not one of: Air, Earth, Fire, Water."
    line = cards.read_text().splitlines()[problem.line - 1]
    assert line.strip() == "element: Lava"
    assert str(problem).startswith(f"{cards}:{problem.line}: card 'Ember Rex', field 'element':")


def test_every_problem_is_reported_not_just_the_first(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "element: Fire\n    power: 4", "element: Lava\n    power: four")
    edit(cards, "type: Crystal", "type: Gem")
    problems = check_pools(pool_copy)
    assert sorted(p.field for p in problems) == ["element", "power", "type"]
    (gem,) = [p for p in problems if p.field == "type"]
    assert gem.message.startswith("'Gem' is not one of: Dino, Crystal, Event")


def test_unknown_card_fields_are_refused(pool_copy):
    cards = pool_copy / "eruma" / "cards.yaml"
    text = cards.read_text()
    first_name = text.split("- id: ", 1)[1].split("\n", 2)[1]
    indent = first_name[: len(first_name) - len(first_name.lstrip())]
    edit(cards, first_name, first_name + f"\n{indent}colour: red")
    (problem,) = check_pools(pool_copy)
    assert problem.field == "colour"
    assert "Unknown field" in problem.message


def test_a_card_in_an_unknown_set_is_refused(pool_copy):
    cards = pool_copy / "ryft" / "cards.yaml"
    edit(cards, "set: RYFT1", "set: RYFT9")
    (problem,) = check_pools(pool_copy)
    assert problem.field == "set"


def test_duplicate_card_ids_are_refused(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "id: era-ember-rex", "id: era-cinderhorn-triceratops")
    (problem,) = check_pools(pool_copy)
    assert problem.message == (
        "duplicate card id 'era-cinderhorn-triceratops': Cinderhorn Triceratops has it already"
    )
    assert problem.card == "Ember Rex"


def test_a_legal_set_that_is_no_set_is_one_problem_naming_the_format_and_field(pool_copy):
    """ERA's Open inherits Standard's legal sets: a misspelt code is one mistake, said once."""
    game = pool_copy / "era" / "game.yaml"
    edit(
        game, "legal_sets: [SDS1A, SDS1B, SDS1C, EXP1A]", "legal_sets: [SDS1A, SDS1B, SDS1C, EXP1]"
    )
    (problem,) = check_pools(pool_copy)
    assert (problem.file, problem.field) == (str(game), "legal_sets")
    assert problem.message == (
        "format 'standard': legal_sets names no set 'EXP1'; did you mean EXP1A?"
    )
    assert "legal_sets: [SDS1A" in game.read_text().splitlines()[problem.line - 1]


BANS_COMET = "{date: 2024-01-01, banned: [Comet], note: Comet is banned.}"
BANLIST_RULE = (
    '      - {id: sk-banned, check: banlist, title: Banned cards, cite: "Banned cards are out."}\n'
)
SETS_RULE = (
    '      - {id: sk-sets, check: legal-sets, title: Legal sets, cite: "Only legal sets."}\n'
)


def test_a_ban_no_rule_of_the_format_checks_is_refused(skirmish_pool):
    """A format that bans Comet but has no banlist rule would pass Comet in every deck."""
    game = skirmish_pool / "skirmish" / "game.yaml"
    edit(game, "{date: 2024-01-01, note: Nothing banned.}", BANS_COMET)
    assert check_pools(skirmish_pool) == []
    edit(game, BANLIST_RULE, "")
    (problem,) = check_pools(skirmish_pool)
    assert (problem.file, problem.field) == (str(game), "banlists")
    assert problem.message == (
        "format 'standard': banlists bans or restricts cards, but none of the format's rules"
        " checks it (add a rule with check: banlist)"
    )
    assert "banned: [Comet]" in game.read_text().splitlines()[problem.line - 1]


def test_legal_sets_no_rule_of_the_format_checks_are_refused(skirmish_pool):
    game = skirmish_pool / "skirmish" / "game.yaml"
    edit(game, SETS_RULE, "")
    edit(game, "remove_rules: [sk-sets]", "remove_rules: []")
    (problem,) = check_pools(skirmish_pool)
    assert (problem.file, problem.field) == (str(game), "legal_sets")
    assert "legal_sets: [S1, S2, S9]" in game.read_text().splitlines()[problem.line - 1]
    assert problem.message == (
        "format 'standard': legal_sets names the sets legal in it, but none of the format's"
        " rules checks it (add a rule with check: legal-sets)"
    )


def test_a_rotation_no_rule_of_the_format_checks_is_refused(skirmish_pool):
    game = skirmish_pool / "skirmish" / "game.yaml"
    edit(game, SETS_RULE, "")
    edit(game, "remove_rules: [sk-sets]", "remove_rules: []")
    rotation = "    rotations:\n      - {date: 2025-06-01, legal_sets: [S2], note: S1 rotates.}\n"
    edit(game, "    legal_sets: [S1, S2, S9]\n", rotation)
    (problem,) = check_pools(skirmish_pool)
    assert (problem.file, problem.field) == (str(game), "rotations")
    assert problem.message == (
        "format 'standard': rotations change the format's sets, but none of the format's"
        " rules checks it (add a rule with check: legal-sets)"
    )


def test_a_list_banning_nothing_or_sets_a_format_inherits_need_no_rule(skirmish_pool):
    """“No cards are currently banned.” needs no banlist rule, and a format built on another
    may drop the base's legal-sets rule (Open: every printed card)."""
    game = skirmish_pool / "skirmish" / "game.yaml"
    edit(game, BANLIST_RULE, "")
    assert "remove_rules: [sk-sets]" in game.read_text()
    assert check_pools(skirmish_pool) == []


def test_a_banlist_naming_an_unknown_card_is_refused(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "note: No cards are currently banned.", "banned: [Emberr Rex]")
    (problem,) = check_pools(pool_copy)
    assert problem.file == str(game)
    assert "banned names no card 'Emberr Rex'" in problem.message


def test_a_format_building_on_a_missing_base_is_refused(pool_copy):
    edit(pool_copy / "era" / "game.yaml", "base: standard", "base: classic")
    (problem,) = check_pools(pool_copy)
    assert "base names no format 'classic'" in problem.message


def test_a_missing_cards_file_is_named(pool_copy):
    (pool_copy / "ryft" / "cards.yaml").unlink()
    (problem,) = check_pools(pool_copy)
    assert problem.file == str(pool_copy / "ryft" / "cards.yaml")
    assert problem.message == "file is missing"


def test_a_new_game_folder_works_with_no_code_change(pool_copy, check):
    mini = pool_copy / "mini"
    mini.mkdir()
    (mini / "game.yaml").write_text(
        """
id: mini
name: Mini Game
short_name: Mini
card_types: [Unit]
attributes:
  colour: {kind: choice, values: [Red, Blue], filter: true}
main_attribute: colour
sections:
  - {id: deck, name: Deck, noun: card}
default_section: deck
default_format: standard
formats:
  - id: standard
    name: Standard
    rules:
      - {id: mini-ten, check: section-size, section: deck, exactly: 10,
         title: Ten cards, cite: "A deck has ten cards."}
      - {id: mini-two, check: copy-limit, max: 2, title: Two copies, cite: "Two of each."}
"""
    )
    (mini / "cards.yaml").write_text(
        """
game: mini
sets: [{code: M1, name: First}]
cards:
"""
        + "".join(
            f"  - {{id: unit-{i}, name: Unit {i}, type: Unit, set: M1, colour: Red}}\n"
            for i in range(6)
        )
    )
    game = load_pools(pool_copy)["mini"]
    legal = check(game, "\n".join(f"2 Unit {i}" for i in range(5)))
    assert legal.legal
    illegal = check(game, "3 Unit 1\n2 Unit 2")
    assert sorted(p.rule for p in illegal.problems) == ["mini-ten", "mini-two"]


def test_the_library_reloads_only_when_a_file_changes(pool_copy):
    library = PoolLibrary(pool_copy)
    first = library.games()
    assert library.games() is first
    edit(pool_copy / "era" / "game.yaml", "short_name: ERA", "short_name: ERA!")
    second = library.games()
    assert second is not first
    assert second["era"].short_name == "ERA!"


def test_a_served_game_whose_file_is_broken_while_the_site_runs_is_served_as_it_was(pool_copy):
    """A pool file saved half-edited (a tab, a card id twice) took its game off the site,
    every page of it a 503, until the file was fixed: the last good game is served, the
    problems are the library's for its log, and the fixed file is read as any edit is."""
    library = PoolLibrary(pool_copy, partial=True)
    served = library.games()["era"]
    cards = pool_copy / "era" / "cards.yaml"
    good = cards.read_text(encoding="utf-8")
    cards.write_text(good.replace("\n  - ", "\n\t- ", 1), encoding="utf-8")
    assert library.games()["era"] is served
    assert library.game("era") is served
    (problem,) = library.problems
    assert problem.file == str(cards)
    assert problem.message.startswith("malformed YAML: ")
    cards.write_text(good + "\n", encoding="utf-8")
    assert library.game("era") is not served
    assert library.problems == []


def test_a_game_broken_from_the_start_or_removed_is_not_served(pool_copy):
    edit(pool_copy / "ryft" / "game.yaml", "short_name: RYFT", "short_name: [RYFT")
    library = PoolLibrary(pool_copy, partial=True)
    assert "ryft" not in library.games()
    with pytest.raises(PoolError):
        library.game("ryft")
    shutil.rmtree(pool_copy / "eruma")
    assert "eruma" not in library.games()


def test_a_site_started_on_a_file_broken_since_its_last_start_serves_the_game_as_it_was(
    pool_copy, tmp_path
):
    """A pool file saved half-edited and then a restart (a deploy, a reboot) took the game
    off the site, its saved decks and events with it, until the file was fixed: the game
    compiled at the last good start is served, its problems logged, and the fixed file is
    read as any edit is."""
    cache_dir = tmp_path / "cache"
    before = PoolLibrary(pool_copy, cache_dir, partial=True).game("era")
    cards = pool_copy / "era" / "cards.yaml"
    good = cards.read_text(encoding="utf-8")
    cards.write_text(good.replace("\n  - ", "\n\t- ", 1), encoding="utf-8")
    library = PoolLibrary(pool_copy, cache_dir, partial=True)
    logged = Log()
    library.preload(logged)
    served = library.game("era")
    assert [card.id for card in served.cards] == [card.id for card in before.cards]
    (problem,) = library.problems
    assert problem.file == str(cards)
    (warning,) = logged.warnings
    assert warning.startswith("the files of era have problems; it is served as it last loaded")
    cards.write_text(good + "\n", encoding="utf-8")
    assert library.game("era") is not served
    assert library.problems == []


def test_a_game_never_compiled_or_compiled_by_another_version_is_not_served_broken(
    pool_copy, tmp_path, monkeypatch
):
    cache_dir = tmp_path / "cache"
    PoolLibrary(pool_copy, cache_dir, partial=True).games()
    edit(pool_copy / "ryft" / "game.yaml", "short_name: RYFT", "short_name: [RYFT")
    shutil.copytree(pool_copy / "era", pool_copy / "era-copy")
    edit(pool_copy / "era-copy" / "game.yaml", "id: era", "id: era-copy")
    edit(pool_copy / "era-copy" / "game.yaml", "short_name: ERA", "short_name: [ERA")
    monkeypatch.setattr(cache, "_code_version", "0" * 64)  # as after an upgrade
    library = PoolLibrary(pool_copy, cache_dir, partial=True)
    logged = Log()
    library.preload(logged)
    assert "ryft" not in library.games()
    assert "era-copy" not in library.games()
    (warning,) = logged.warnings
    assert warning.startswith("games left out for problems in their files (era-copy, ryft):")


class Log:
    """A log that keeps its warnings, as a server's shows them."""

    def __init__(self) -> None:
        self.warnings: list[str] = []

    def warning(self, message: str, *args) -> None:
        self.warnings.append(message % args)


def test_cards_sharing_a_number_or_a_name_share_an_identity(arcmage):
    spirit = arcmage.find_card("Spirit Tree")
    ancestral = arcmage.find_card("Ancestral Spirit Tree")
    assert spirit.number == ancestral.number == "42"
    assert spirit.identity == ancestral.identity


def test_cards_of_a_name_only_game_have_distinct_identities(era):
    identities = {c.identity for c in era.cards}
    assert len(identities) == len(era.cards)


def test_one_game_can_be_read_alone_while_another_pool_is_broken(pool_copy):
    edit(pool_copy / "ryft" / "game.yaml", "short_name: RYFT", "short_name: [RYFT")
    library = PoolLibrary(pool_copy)
    assert library.game_alone("eruma").short_name == "ERUMA"
    with pytest.raises(PoolError):
        library.game("eruma")


def test_whole_deck_headers_must_be_a_list_of_labels(pool_copy):
    game = pool_copy / "shadow-era" / "game.yaml"
    edit(
        game,
        "whole_deck_headers: [Deck, Main Deck, Main, Cards, Decklist]",
        "whole_deck_headers: Deck",
    )
    with pytest.raises(PoolError) as caught:
        load_game(pool_copy / "shadow-era")
    (problem,) = caught.value.problems
    assert (problem.file, problem.field, problem.message) == (
        str(game),
        "whole_deck_headers",
        "Not a valid list.",
    )
    assert problem.line is not None


@pytest.mark.parametrize(
    ("curve", "said"),
    [
        ("levle", "no attribute 'levle'; did you mean level? (its attributes: level, attribute)"),
        (
            "attribute",
            "'attribute' is no number (kind choice): a curve counts copies by a number the"
            " cards carry (an attribute of kind int)",
        ),
    ],
)
def test_a_curve_naming_no_number_attribute_is_refused_at_its_field(tmp_path, curve, said):
    """The builder's curve counts copies by a number the cards carry (``curve: level``):
    an attribute misspelt, or one of words, is said at its line, not a curve left empty."""
    folder = levels_game(tmp_path, LEVELS_GAME.replace("curve: level", f"curve: {curve}"))
    (problem,) = check_pools(folder.parent)
    assert (problem.file, problem.line, problem.field, problem.message) == (
        str(folder / "game.yaml"),
        9,
        "curve",
        said,
    )
