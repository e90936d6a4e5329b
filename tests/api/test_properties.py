"""Property-based: whatever a client sends as a deck, the reader and the API answer in words.

No input may end in a server error or a traceback; text and JSON decks are
generated both at random and shaped like decks (real card names, headers,
counts), so the generated inputs reach deep into the reader.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from validator import DecklistError, parse_mapping, parse_text

API = settings.get_profile("deckwright-api")
GAMES = ["era", "shadow-era", "arcmage", "ryft", "eruma"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def deck_lines(draw, game):
    """Text that looks like a decklist of ``game``: headers, counts, names, typos, noise."""
    names = [c.name for c in game.cards[:40]]
    headers = [f"{s.name}:" for s in game.sections] + ["Sideboard:", "Deck (40)"]
    line = st.one_of(
        st.builds(
            "{} {}".format,
            st.integers(-2, 1200),
            st.sampled_from(names) | st.text(max_size=20),
        ),
        st.builds("{} x{}".format, st.sampled_from(names), st.integers(0, 5)),
        st.sampled_from(headers),
        st.sampled_from(names).map(lambda n: n[:-1]),
        st.text(max_size=30),
        st.just("# a comment"),
    )
    return "\n".join(draw(st.lists(line, max_size=25)))


@st.composite
def deck_mappings(draw, game):
    """Mappings shaped like the JSON deck form, with entries both right and wrong."""
    names = [c.name for c in game.cards[:40]] + [c.id for c in game.cards[:5]]
    entry = st.one_of(
        st.fixed_dictionaries(
            {"card": st.sampled_from(names) | st.text(max_size=10)},
            optional={"count": st.integers(-1, 1000) | json_values},
        ),
        st.sampled_from(names),
        json_values,
    )
    labels = st.sampled_from([s.id for s in game.sections] + ["sideboard"]) | st.text(max_size=8)
    sections = st.dictionaries(labels, st.lists(entry, max_size=8) | json_values, max_size=4)
    return draw(
        st.fixed_dictionaries(
            {"sections": sections},
            optional={"name": json_values, "format": st.text(max_size=8), "as_of": st.text()},
        )
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_any_text_is_read_into_a_deck_and_problems_on_real_lines(games, game_id):
    game = games[game_id]

    @given(text=deck_lines(game) | st.text())
    @API
    def reads(text):
        parsed = parse_text(text, game)
        line_count = len(text.splitlines())
        for problem in parsed.problems:
            assert problem.message
            assert all(1 <= line <= line_count for line in problem.lines)
        for entry in parsed.deck.entries():
            assert entry.count >= 1

    reads()


@pytest.mark.parametrize("game_id", GAMES)
def test_any_json_is_read_or_refused_as_a_decklist_error(games, game_id):
    game = games[game_id]

    @given(data=deck_mappings(game) | json_values)
    @API
    def reads(data):
        try:
            parsed = parse_mapping(data, game)
        except DecklistError as exc:
            refusal = str(exc)
        else:
            refusal = None
            assert all(p.message for p in parsed.problems)
        assert refusal is None or refusal.startswith("a deck")

    reads()


def assert_answered_in_words(response):
    body = response.get_data(as_text=True)
    assert response.status_code < 500, body
    assert "Traceback" not in body
    answer = json.loads(body)
    if response.status_code >= 400:
        assert set(answer["error"]) == {"status", "code", "message", "details"}
    else:
        assert isinstance(answer["legal"], bool)
    return answer


@given(game_id=st.sampled_from(GAMES), data=st.data())
@API
def test_the_validate_endpoint_answers_any_text_in_words(client, games, game_id, data):
    text = data.draw(deck_lines(games[game_id]) | st.text())
    response = client.post(
        f"/api/v1/games/{game_id}/validate",
        data=text.encode("utf-8", "surrogatepass"),
        content_type="text/plain; charset=utf-8",
    )
    # A NUL is no part of any list (UTF-16 sent without its mark has one beside every
    # letter): it is refused, saying so; every other text is read.
    assert response.status_code == (400 if "\x00" in text else 200)
    assert_answered_in_words(response)


@given(game_id=st.sampled_from(GAMES), data=st.data())
@API
def test_the_validate_endpoint_answers_any_json_in_words(client, games, game_id, data):
    body = data.draw(deck_mappings(games[game_id]) | json_values)
    response = client.post(f"/api/v1/games/{game_id}/validate", json=body)
    assert_answered_in_words(response)


@given(raw=st.binary(max_size=200))
@API
def test_the_validate_endpoint_answers_any_bytes_sent_as_json_in_words(client, raw):
    response = client.post("/api/v1/games/era/validate", data=raw, content_type="application/json")
    assert_answered_in_words(response)
