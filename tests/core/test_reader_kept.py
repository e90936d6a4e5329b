"""What the reader keeps of a game's lists for the next ones: bounded whatever it is sent."""

from __future__ import annotations

from validator import decklist_names, parse_text
from validator.decklist import UNKNOWN_CARD
from validator.decklist_headers import MAX_KEPT_LABELS, _lexicon
from validator.decklist_lines import _readings


def test_the_header_words_kept_for_a_game_are_bounded_whatever_lists_it_is_sent(shadow_era):
    # A header's key and the group it names are kept for the game's next lists (they repeat
    # its few headers); lists of ever new headers keep no more than MAX_KEPT_LABELS of them.
    lexicon = _lexicon(shadow_era)
    for n in range(MAX_KEPT_LABELS + 10):
        assert lexicon.group_kind(lexicon.key(f"Tribe {n}")) is None
        assert len(lexicon._keys) <= MAX_KEPT_LABELS
        assert len(lexicon._kinds) <= MAX_KEPT_LABELS
    # what is kept after they were let go is read as before
    assert lexicon.key("Allies:") == "allies"
    assert lexicon.group_kind("allies") == "type"
    assert parse_text("Allies:\n4 Pack Wolf", shadow_era).problems == []


def test_the_misspellings_kept_are_bounded_whatever_lists_are_sent(era, monkeypatch):
    # Whether a name misspells one of its closest names is kept (the same misspellings come
    # back list after list); lists of ever new misspellings keep no more than the bound.
    monkeypatch.setattr(decklist_names, "MAX_KEPT_MISSPELT", 5)
    monkeypatch.setattr(decklist_names, "_MISSPELT", {})
    for n in range(12):
        parsed = parse_text(f"Dinos:\n1 Embr Rex{'x' * n}\n\nDeck:\n3 Kindle", era)
        assert 0 < len(decklist_names._MISSPELT) <= 5
    # a misspelling asked again after it was let go is said as before
    parsed = parse_text("Dinos:\n1 Embr Rex\n\nDeck:\n3 Kindle", era)
    assert [p.message for p in parsed.problems if p.rule == UNKNOWN_CARD] == [
        "Line 2: no ERA card is called 'Embr Rex'; did you mean Ember Rex?"
    ]


def test_a_list_being_read_keeps_its_readings_when_another_list_begins_the_games_anew(
    shadow_era, monkeypatch
):
    # A list read in one thread holds the game's readings and looks back in them for lines
    # it has read ("Hero:", its card, a blank line: does the group end?). Another thread's
    # list finding them full begins new ones: the first list's readings are not emptied.
    monkeypatch.setattr(decklist_names, "MAX_KEPT_READINGS", 3)
    held = _readings(shadow_era)  # as the first list holds them while it is read
    parse_text("Hero:\n1 Darkclaw\n\nDeck:\n4 Pack Wolf", shadow_era)
    lines = dict(held)
    assert len(lines) >= 3
    begun = _readings(shadow_era)  # another list, in another thread, finds them full
    assert begun == {}
    assert held == lines
