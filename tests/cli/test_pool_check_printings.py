"""Cards of one name are printings of one card: ``deckwright cardpool check`` says a
printing that differs from another in a fact of the card (a copy-paste mistake a decklist
would never show), not one that differs in a fact of the printing."""

from __future__ import annotations

import shutil

from cardpool import default_pool_dir

PROMO_REX = """
  - id: era-ember-rex-promo
    name: Ember Rex
    type: Dino
    set: PROMO
    number: "P-09"
    element: {element}
    power: 4
    stamina: 4
    hitpoints: 3
"""


def _era_with(tmp_path, card: str):
    root = tmp_path / "pools"
    shutil.copytree(default_pool_dir() / "era", root / "era")
    cards = root / "era" / "cards.yaml"
    cards.write_text(cards.read_text().rstrip("\n") + "\n" + card.lstrip("\n"))
    return root, cards, root / "era" / "game.yaml"


def test_a_printing_with_another_element_is_a_problem(run, tmp_path):
    root, cards, _game = _era_with(tmp_path, PROMO_REX.format(element="Water"))
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{cards}:812: card 'Ember Rex', field 'element': 'Water' here, 'Fire' on the"
        " printing at line 54 (era-ember-rex): printings of one name are one card and"
        " differ only in set, number, image and attributes declared printing: true",
        f"Error: 1 problem(s) in {root}",
    ]


def test_a_printing_with_a_fact_the_other_lacks_is_a_problem(run, tmp_path):
    card = PROMO_REX.format(element="Fire") + "    text: Roars.\n"
    root, cards, _game = _era_with(tmp_path, card)
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{cards}:816: card 'Ember Rex', field 'text': 'Roars.' here, none on the"
        " printing at line 49 (era-ember-rex): printings of one name are one card and"
        " differ only in set, number, image and attributes declared printing: true",
        f"Error: 1 problem(s) in {root}",
    ]


def test_printings_may_differ_in_set_number_image_and_printing_attributes(run, tmp_path):
    card = PROMO_REX.format(element="Fire") + "    image: art/rex.png\n    artist: A. Painter\n"
    root, _cards, game = _era_with(tmp_path, card)
    (game.parent / "art").mkdir()
    (game.parent / "art" / "rex.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    text = game.read_text()
    game.write_text(
        text.replace("attributes:\n", "attributes:\n  artist: {kind: text, printing: true}\n", 1)
    )
    result = run("cardpool", "check", root)
    assert result.output == f"{root}: all pools are valid\n"
    assert result.exit_code == 0


def test_an_older_version_marked_revision_of_may_differ(run, tmp_path):
    card = PROMO_REX.format(element="Water") + "    revision_of: era-ember-rex\n"
    root, _cards, _game = _era_with(tmp_path, card)
    result = run("cardpool", "check", root)
    assert result.output == f"{root}: all pools are valid\n"
    assert result.exit_code == 0
