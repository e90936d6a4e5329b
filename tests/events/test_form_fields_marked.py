"""A form the server sends back says what was wrong in an alert above it and marks the field
each message is about: ``aria-invalid="true"`` and ``aria-describedby`` naming the message
(then the field's own hint), so a screen reader reaching the field hears what to fix there.
Every other field is left unmarked, and what was typed stays in the form."""

from __future__ import annotations

from html.parser import HTMLParser

from tests.events.conftest import START, form_of

JSON_REFUSED = "the list looks like JSON but is not (line 1: Expecting value)"
HINT = (
    " One card a line (3 Card Name) with section headers like Deck:, or the JSON of a deck"
    " from the deck builder."
)


class Page(HTMLParser):
    """Each element's attributes by its id, and the text of each element with an id."""

    def __init__(self, text: str):
        super().__init__()
        self.attributes: dict[str, dict[str, str | None]] = {}
        self.texts: dict[str, str] = {}
        self._open: list[tuple[str, str | None]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        element_id = attributes.get("id")
        if element_id:
            self.attributes[element_id] = attributes
            self.texts[element_id] = ""
        if tag not in ("input", "br", "img", "meta", "link", "hr", "source"):
            self._open.append((tag, element_id))

    def handle_endtag(self, tag):
        while self._open:
            opened, _ = self._open.pop()
            if opened == tag:
                break

    def handle_data(self, data):
        for _, element_id in self._open:
            if element_id:
                self.texts[element_id] += data

    def marked(self) -> dict[str, str | None]:
        """Every field marked invalid, with what describes it."""
        return {
            element_id: attributes.get("aria-describedby")
            for element_id, attributes in self.attributes.items()
            if attributes.get("aria-invalid") == "true"
        }

    def described(self, element_id: str) -> str:
        ids = (self.attributes[element_id].get("aria-describedby") or "").split()
        return " ".join(" ".join(self.texts[i].split()) for i in ids)


def new_event(client, **typed) -> tuple[int, Page]:
    form = {
        **form_of(client, "/events/new"),
        "name": "Spring Regionals",
        "game": "era",
        "deadline": "2030-05-03T18:00",
        "timezone": "UTC",
    }
    answer = client.post("/events/new", data={**form, **typed})
    return answer.status_code, Page(answer.get_data(as_text=True))


def submitted(client, event_id: str, **typed) -> tuple[int, Page]:
    form = {**form_of(client, f"/events/{event_id}"), "player": "Ann", **typed}
    answer = client.post(f"/events/{event_id}", data=form)
    return answer.status_code, Page(answer.get_data(as_text=True))


def test_a_deadline_past_marks_the_deadline_alone(client):
    status, page = new_event(client, deadline="2030-04-30T10:00")
    assert status == 422
    assert page.marked() == {"deadline": "form-problem-1"}
    assert page.described("deadline") == "the submission deadline must be in the future"
    assert page.attributes["deadline"]["value"] == "2030-04-30T10:00"


def test_a_name_missing_marks_the_name(client):
    status, page = new_event(client, name="")
    assert status == 400
    assert page.marked() == {"name": "form-problem-1"}
    assert page.described("name") == "Give the event a name."


def test_another_games_format_marks_the_format_with_its_hint(client):
    status, page = new_event(client, format="ryft:standard")
    assert status == 422
    assert page.marked() == {"format": "form-problem-1 format-hint"}
    assert page.described("format") == (
        "That format belongs to another game; pick one of ERA (Extinction: Rift in the"
        " Aether)'s formats. A format of the game chosen above."
    )


def test_an_unknown_time_zone_marks_the_time_zone(client):
    status, page = new_event(client, timezone="Mars/Olympus")
    assert status == 400
    assert page.marked() == {"timezone": "form-problem-1 timezone-hint"}
    assert page.described("timezone") == (
        "Unknown time zone 'Mars/Olympus': pick one from the list. The deadline is kept in"
        " UTC; you and the players each see it in your own time zone."
    )


def test_players_refused_mark_the_players(client):
    status, page = new_event(client, players="Ann;A-1;extra")
    assert status == 400
    assert page.marked() == {"players": "form-problem-1 players-hint"}
    assert page.described("players") == (
        "Line 1 holds 3 columns (Ann, A-1, extra): paste a name and a player id alone, one"
        " player a line. One a line: Name or Name; player id. The dashboard shows who has not"
        " submitted yet."
    )
    status, page = new_event(client, players="Jo Jo;J-1\nJo-Jo;J-2")
    assert status == 422
    assert page.marked() == {"players": "form-problem-1 players-hint"}


def test_the_new_event_form_as_loaded_marks_nothing(client):
    page = Page(client.get("/events/new").get_data(as_text=True))
    assert page.marked() == {}
    assert page.attributes["format"]["aria-describedby"] == "format-hint"
    assert "aria-describedby" not in page.attributes["deadline"]


def test_a_name_taken_marks_the_players_name(client, event, era_legal):
    event.submit("Ann", era_legal)
    status, page = submitted(client, event.id, decklist=era_legal)
    assert status == 409
    assert page.marked() == {"player": "form-problem-1"}
    assert page.described("player") == (
        "A list is already on file for Ann. Change it through the private link you were"
        " given, or ask the organizer."
    )
    assert page.attributes["player"]["value"] == "Ann"


def test_a_name_refused_marks_the_players_name(client, event, era_legal):
    status, page = submitted(client, event.id, player="An\u200bn", decklist=era_legal)
    assert status == 422
    assert page.marked() == {"player": "form-problem-1"}
    assert page.described("player") == (
        "a player name cannot hold control or invisible characters (it holds U+200B)"
    )


def test_a_registered_name_without_its_id_marks_the_player_id(client, make_event, era_legal):
    event = make_event(players=[{"name": "Ann", "player_id": "A-1"}])
    status, page = submitted(client, event.id, decklist=era_legal)
    assert status == 403
    assert page.marked() == {"player_id": "form-problem-1"}
    assert page.described("player_id") == (
        "Ann is registered with a player id: give it with your list, or ask the organizer."
    )


def test_an_unreadable_list_marks_the_decklist_with_its_hint(client, event):
    status, page = submitted(client, event.id, decklist='{"game": ')
    assert status == 422
    assert page.marked() == {"decklist": "form-problem-1 decklist-hint"}
    assert page.described("decklist") == JSON_REFUSED + HINT


def test_a_list_too_long_marks_the_decklist(client, event):
    status, page = submitted(client, event.id, decklist="1 Ember Rex\n" * 20_000)
    assert status == 400
    assert page.marked() == {"decklist": "form-problem-1 decklist-hint"}
    assert page.described("decklist") == (
        "A decklist is at most 100,000 characters long, and this one is longer: check that"
        " only the list was pasted." + HINT
    )


def test_a_closed_event_marks_no_field(client, event, clock, era_legal):
    form = {**form_of(client, f"/events/{event.id}"), "player": "Ann", "decklist": era_legal}
    clock.now = START.replace(year=2031)
    answer = client.post(f"/events/{event.id}", data=form)
    assert answer.status_code == 409
    assert Page(answer.get_data(as_text=True)).marked() == {}


def test_the_private_page_marks_a_list_refused(client, event, era_legal):
    event.submit("Ann", era_legal)
    private = event.players["Ann"]["private_url"]
    answer = client.post(private, data={**form_of(client, private), "decklist": '{"game": '})
    assert answer.status_code == 422
    page = Page(answer.get_data(as_text=True))
    assert page.marked() == {"decklist": "form-problem-1"}
    assert page.described("decklist") == JSON_REFUSED
    assert Page(client.get(private).get_data(as_text=True)).marked() == {}
