"""`deckwright validate` judges a list in the format it names as its own ("Format: ..." on a
text list, a JSON deck's "format") when no --format is given; an event's check does not."""

from __future__ import annotations

import json

from cardpool import default_pool_dir, load_game
from validator import files, parse_text, to_mapping

from ..helpers import example

# Lazarus creates Zombies and the Extra Deck holds none: legal in Standard (a warning), not
# in "Henchmen required"
NO_ZOMBIES = example("eruma-legal.txt").replace("3 Zombie\n", "")


def test_a_text_list_naming_its_format_is_judged_in_it(run, tmp_path):
    # it was judged in ERUMA Standard, the format it names said nowhere
    path = tmp_path / "rush.txt"
    path.write_text(f"# Rush\n\nFormat: henchmen-required\n\n{NO_ZOMBIES}", encoding="utf-8")
    result = run("validate", "-g", "eruma", path)
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{path}: NOT legal in ERUMA Henchmen required (1 error)"
    )
    asked = run("validate", "-g", "eruma", "--format", "standard", path)
    assert (asked.exit_code, asked.output.splitlines()[0]) == (
        0,
        f"{path}: legal in ERUMA Standard (1 warning)",
    )


def test_a_json_deck_naming_its_format_is_judged_in_it(run, tmp_path):
    eruma = load_game(default_pool_dir() / "eruma")
    saved = {
        "game": "eruma",
        "name": "Rush",
        "format": "henchmen-required",
        "deck": to_mapping(parse_text(NO_ZOMBIES, eruma).deck),
    }
    path = tmp_path / "rush.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    result = run("validate", "-g", "eruma", "--json", path)
    assert result.exit_code == 1
    assert json.loads(result.output)[0]["format"] == "henchmen-required"


def test_an_events_check_judges_every_list_in_the_events_format(tmp_path):
    eruma = load_game(default_pool_dir() / "eruma")
    (tmp_path / "Alice.txt").write_text(f"Format: Henchmen required\n{NO_ZOMBIES}")
    (verdict,) = files.check_folder(tmp_path, eruma)
    assert (verdict.result.format, verdict.legal) == ("standard", True)
