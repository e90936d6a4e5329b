"""The plain validation page: a form post, checked server-side, protected against forgery."""

from __future__ import annotations

import html
import re

import pytest

from webapp.forms import BAD_DATE


def post_form(client, token, decklist, game="era", status=200, **fields):
    data = {"game": game, "decklist": decklist, **fields}
    if token is not None:
        data["csrf_token"] = token
    response = client.post("/validate", data=data)
    assert response.status_code == status, response.get_data(as_text=True)[:800]
    assert response.mimetype == "text/html"
    return response.get_data(as_text=True)


def test_form_offers_every_game_and_format_and_carries_a_token(client, games):
    page = client.get("/validate").get_data(as_text=True)
    assert 'name="csrf_token"' in page
    for game in games.values():
        assert f'<option value="{game.id}"' in page
        for fmt in game.formats:
            assert f'<option value="{fmt}" data-game="{game.id}"' in page


def test_form_preselects_the_game_from_the_link(client):
    page = client.get("/validate?game=ryft").get_data(as_text=True)
    assert '<option value="ryft" selected>' in page


def test_a_legal_deck_is_legal(client, csrf_token, example):
    page = post_form(client, csrf_token, example("era-legal"))
    assert 'data-legal="true"' in page
    assert ">Legal</strong>" in page
    assert "No problems" in page


def test_an_illegal_deck_lists_every_problem_with_its_rule(client, csrf_token, example, check, era):
    text = example("era-illegal")
    result = check(era, text)
    page = html.unescape(post_form(client, csrf_token, text))
    assert 'data-legal="false"' in page
    assert ">Not legal</strong>" in page
    assert page.count('<li class="problem problem-') == len(result.problems)
    for problem in result.problems:
        assert problem.message in page
        assert f"<code>{problem.rule}</code>" in page


def test_an_unreadable_line_is_listed_with_its_number_and_the_closest_names(
    client, csrf_token, example
):
    text = example("era-illegal")
    line = text.splitlines().index("1 Embr Rex") + 1
    page = html.unescape(post_form(client, csrf_token, text))
    assert f"Line {line} · " in page
    assert "Did you mean: Ember Rex" in page


def test_the_format_and_date_picked_are_used(client, csrf_token, example):
    page = post_form(client, csrf_token, example("era-legal"), format="open", as_of="2024-06-01")
    assert "Open" in page
    assert "with the rules of 2024-06-01" in page


def test_the_verdict_in_every_format_is_shown(client, csrf_token, example, era):
    page = post_form(client, csrf_token, example("era-illegal"))
    for fmt in era.formats.values():
        assert f"{fmt.name}: " in page


def test_the_deck_as_read_is_shown_in_canonical_text(client, csrf_token, example):
    page = html.unescape(post_form(client, csrf_token, example("era-legal")))
    assert "Dinos:\n1 Ember Rex" in page


def test_a_card_name_with_markup_is_shown_as_text(client, csrf_token):
    page = post_form(client, csrf_token, "Deck:\n1 <script>alert('owned')</script>\n")
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#39;owned&#39;)&lt;/script&gt;" in page


def test_the_pasted_list_comes_back_in_the_box_escaped(client, csrf_token):
    page = post_form(client, csrf_token, "</textarea><b>bold</b>")
    assert "</textarea><b>" not in page
    assert "&lt;/textarea&gt;&lt;b&gt;bold&lt;/b&gt;" in page


def test_a_post_without_the_token_is_refused(client, example):
    client.get("/validate")  # the session has a token; the forged form does not send it
    page = post_form(client, None, example("era-legal"), status=403)
    assert "its form did not come from this site: nothing was checked" in page
    assert "Legal</strong>" not in page


def test_a_post_with_another_sessions_token_is_refused(app, csrf_token, example):
    other = app.test_client()
    other.get("/validate")
    page = post_form(other, csrf_token, example("era-legal"), status=403)
    assert "its form did not come from this site: nothing was checked" in page
    assert "Legal</strong>" not in page


def test_a_post_from_a_browser_never_shown_the_form_is_refused(client, example):
    post_form(client, "guessed-token", example("era-legal"), status=403)


def test_an_empty_decklist_asks_for_one(client, csrf_token):
    page = post_form(client, csrf_token, "   ", status=400)
    assert "Paste a decklist to check." in page
    # A screen reader hears it with the field: the field is marked wrong, described by the
    # words, and takes the focus (the page is read from the top again, the words far below).
    field = re.search(r"<textarea [^>]*>", page).group(0)
    assert 'aria-invalid="true"' in field
    assert 'aria-describedby="decklist-hint decklist-error-1"' in field
    assert " autofocus" in field
    assert '<p class="field-error" id="decklist-error-1">Paste a decklist to check.</p>' in page


@pytest.mark.parametrize("as_of", ["21/05/2024", "275760-09-13", "2024-02-30"])
def test_a_bad_date_is_explained_next_to_its_field(client, csrf_token, example, as_of):
    # A browser's date field takes years of six digits: the words say what is wrong with one.
    page = post_form(client, csrf_token, example("era-legal"), as_of=as_of, status=400)
    assert BAD_DATE in page
    field = re.search(r'<input id="as_of" [^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field
    assert 'aria-describedby="as-of-hint as_of-error-1"' in field
    assert 'id="as_of-error-1"' in page
    assert "aria-invalid" not in re.search(r"<textarea [^>]*>", page).group(0)
    assert "four digits" in BAD_DATE


def test_a_format_of_another_game_is_explained(client, csrf_token, example):
    text = example("era-legal")
    page = html.unescape(post_form(client, csrf_token, text, format="nope", status=400))
    assert "ERA has no format 'nope'" in page
    assert text.splitlines()[1] in page  # the pasted list is kept
    # The focus goes to the words: an alert on the page as it loads is not announced.
    assert '<p class="notice notice-error" role="alert" tabindex="-1" autofocus>' in page


def test_an_unknown_game_is_explained(client, csrf_token, example):
    page = post_form(client, csrf_token, example("era-legal"), game="chess", status=400)
    assert "chess" in page


def test_a_saved_decks_csv_or_json_pasted_is_the_deck_it_was_exported_from(
    client, csrf_token, example
):
    # Pasted, the deck page's CSV named every card by its printing ("1 Darkclaw (COTC) se017")
    # and its JSON was the list's title above an empty deck.
    text = example("shadow-era-legal")
    saved = client.post(
        "/api/v1/decks", json={"game": "shadow-era", "name": "Wolves", "text": text}
    ).get_json()
    deck_part = saved["text"].split("\n\n", 1)[1]  # the saved text after its "# Wolves"
    for export in (f"/decks/{saved['id']}.csv", f"/api/v1/decks/{saved['id']}"):
        pasted = client.get(export).get_data(as_text=True)
        page = html.unescape(post_form(client, csrf_token, pasted, game="shadow-era"))
        assert 'data-legal="true"' in page, export
        assert deck_part in page, export


def test_a_saved_deck_pasted_with_no_format_chosen_is_judged_in_its_own(client, csrf_token):
    # The deck page's JSON export pasted here was judged in the game's default format.
    saved = client.post(
        "/api/v1/decks",
        json={"game": "era", "name": "Ember rush", "format": "open", "text": "1 Ember Rex"},
    ).get_json()
    text = client.get(f"/api/v1/decks/{saved['id']}").get_data(as_text=True)
    page = html.unescape(post_form(client, csrf_token, text))
    assert "Rift in the Aether) Open (casual)</span>" in page
    chosen = html.unescape(post_form(client, csrf_token, text, format="standard"))
    assert "Rift in the Aether) Standard</span>" in chosen


def test_the_list_shown_names_the_format_it_was_judged_in(client, csrf_token, example):
    # The canonical list under the verdict named no format: copied and pasted back, a deck
    # judged in Open (casual) was judged in Standard.
    def shown(page):
        return html.unescape(page).split('<pre class="decklist">', 1)[1].split("</pre>", 1)[0]

    text = example("era-legal")
    in_open = shown(post_form(client, csrf_token, text, format="open"))
    assert "Format: open" in in_open
    again = html.unescape(post_form(client, csrf_token, in_open))
    assert "Rift in the Aether) Open (casual)</span>" in again
    assert "Format:" not in shown(post_form(client, csrf_token, text))


def test_a_form_too_large_to_read_says_the_limit_in_words(client, csrf_token):
    # The page said werkzeug's "The data value transmitted exceeds the capacity limit."
    response = client.post(
        "/validate",
        data={"game": "era", "decklist": "3 Kindle\n" * 70000, "csrf_token": csrf_token},
    )
    assert response.status_code == 413
    page = html.unescape(response.get_data(as_text=True))
    assert "capacity limit" not in page
    assert "larger than the 512 KB (524,288 bytes) this page accepts" in page
    assert "nothing in it was read or saved" in page


def test_the_format_left_unchosen_is_said_to_be_the_lists_own_first(client, csrf_token, example):
    # The choice read "Default format", while a list saying "Format: Open" is judged in Open.
    page = client.get("/validate").get_data(as_text=True)
    assert '<option value="">The format the list names, else the default</option>' in page
    named = html.unescape(post_form(client, csrf_token, "Format: Open\n" + example("era-legal")))
    assert "Rift in the Aether) Open (casual)</span>" in named
