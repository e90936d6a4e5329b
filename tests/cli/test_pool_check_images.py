"""A card's ``image`` names a picture file in its pool's folder; ``deckwright cardpool check``
says one that is not there (docs/cardpool.md: "Add them card by card, and run deckwright
cardpool check"), as a warning: the card's page would show a broken picture, while the game
and every deck check work as before."""

from __future__ import annotations

import shutil

from cardpool import default_pool_dir

CARD = "  - id: era-ember-rex\n"


def _era_with_image(tmp_path, image: str):
    root = tmp_path / "pools"
    shutil.copytree(default_pool_dir() / "era", root / "era")
    cards = root / "era" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert text.count(CARD) == 1
    cards.write_text(text.replace(CARD, f"{CARD}    image: {image}\n"), encoding="utf-8")
    return root, cards


def test_a_picture_file_that_is_not_in_the_pool_folder_is_a_warning(run, tmp_path):
    root, cards = _era_with_image(tmp_path, "art/ember-rex.png")
    result = run("cardpool", "check", root)
    assert result.output.splitlines() == [
        f"{cards}:50: warning: card 'Ember Rex', field 'image': there is no file"
        f" art/ember-rex.png in the pool's folder ({cards.parent}), so the card's page"
        " would show no picture: put the picture there, or correct its name",
        f"{root}: all pools are valid (1 warning(s))",
    ]
    assert result.exit_code == 0


def test_a_picture_file_in_the_pool_folder_is_no_warning(run, tmp_path):
    root, cards = _era_with_image(tmp_path, "art/ember-rex.png")
    (cards.parent / "art").mkdir()
    (cards.parent / "art" / "ember-rex.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    result = run("cardpool", "check", root)
    assert result.output == f"{root}: all pools are valid\n"
    assert result.exit_code == 0


def test_a_folder_of_the_pictures_name_is_no_picture(run, tmp_path):
    root, cards = _era_with_image(tmp_path, "art/ember-rex.png")
    (cards.parent / "art" / "ember-rex.png").mkdir(parents=True)
    result = run("cardpool", "check", root)
    assert "field 'image': there is no file art/ember-rex.png" in result.output
    assert result.exit_code == 0


def test_a_picture_at_an_address_is_not_looked_for(run, tmp_path):
    root, _cards = _era_with_image(tmp_path, "https://images.example.org/era/ember-rex.png")
    result = run("cardpool", "check", root)
    assert result.output == f"{root}: all pools are valid\n"
    assert result.exit_code == 0
