"""What the reader keeps of a game's lists for the next ones: bounded whatever it is sent."""

from __future__ import annotations

from validator import parse_text
from validator.decklist_headers import MAX_KEPT_LABELS, _lexicon


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
