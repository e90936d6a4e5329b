"""The HTML pages: the games, the card browser, the deck builder and the plain validation form.

Views stay thin: cards come from :mod:`webapp.cards` (the search the API runs),
saved decks from :mod:`webapp.decks`, verdicts from :mod:`validator`. The
builder's script does the rest through the JSON API. Errors on these pages are
HTML pages; under ``/api/`` they stay JSON (:mod:`webapp.errors`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import (
    Blueprint,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    send_from_directory,
    session,
    url_for,
)
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, default_exceptions

from cardpool import DeckwrightError, PoolLibrary, UnknownFormatError, UnknownGameError
from validator import (
    DecklistTooLongError,
    parse_text,
    summarize,
    to_text,
    validate_all_formats,
)

from . import browse, card_page, cards, csrf, deck_page, decks, errors, odds
from .api import charge_deck, game_view, lines_of, saved_view
from .db import get_db
from .forms import ValidateForm
from .headers import CONTENT_SECURITY_POLICY
from .requests import drain_body

bp = Blueprint("site", __name__)
csrf.protect(bp)

CARDS_PER_PAGE = 30


def pools() -> PoolLibrary:
    return current_app.extensions["deckwright.pools"]


@bp.app_template_global()
def card_face_of(game, facts):
    return browse.card_face(game, facts)


@bp.app_template_global()
def color_of(game, value):
    return browse.color_of(game, value)


# -- pages ---------------------------------------------------------------------------


# A sentence the home page (or the login page) says once after a step that led there, such as
# deleting an account: the step leaves it in the session, so no link can make a page say it.
SAID_ONCE = "said_once"


@bp.get("/")
def home():
    said = session.pop(SAID_ONCE, None)
    return render_template("home.html", games=pools().games().values(), said=said)


@bp.get("/games/<game_id>/cards")
def cards_page(game_id: str):
    """The card browser: server-rendered results, so it works without JavaScript."""
    game = pools().game(game_id)
    args = request.args.to_dict(flat=False)
    args.setdefault("per_page", [str(CARDS_PER_PAGE)])
    page, error, status = None, None, 200
    try:
        page = cards.search_cards(game, args)
    except cards.SearchError as exc:
        error, status = str(exc), 400
    if page and page.total and page.page > page.pages:
        # An old link past the results there are now: their last page, not an empty one.
        return redirect(page_url(page.pages))
    return render_template(
        "cards.html",
        game=game,
        page=page,
        error=error,
        args=request.args,
        filters=browse.filters(game),
        sorts=browse.sorts(game),
        per_page=CARDS_PER_PAGE,
        config=browse.builder_config(game, game_view(game)),
    ), status


@bp.get("/games/<game_id>/cards/<card_id>")
def card(game_id: str, card_id: str):
    """A card's own page: its face and facts, printings, legality over time, decisions, lists."""
    game = pools().game(game_id)
    found = game.card(card_id)
    image_url = url_for("site.card_image", game_id=game.id, card_id=found.id)
    view = card_page.card_view(get_db(), game, found, image_url)
    response = make_response(
        render_template(
            "card.html",
            game=game,
            view=view,
            face=cards.get_card(cards.ensure_compiled(), game, found.id),
        )
    )
    if view.image_origin:
        # The one place a picture from another site is let in: the card's own page, that site.
        response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY.replace(
            "img-src 'self' data:", f"img-src 'self' data: {view.image_origin}"
        )
    return response


@bp.get("/games/<game_id>/cards/<card_id>/image")
def card_image(game_id: str, card_id: str):
    """A card's picture kept as a file in its pool's folder (the schema keeps it inside)."""
    game = pools().game(game_id)
    image = game.card(card_id).get("image")
    if not image or image.startswith("https://") or not game.source_files:
        abort(404)
    folder = Path(game.source_files[-1]).parent
    return send_from_directory(folder, image, max_age=3600)


@bp.app_template_global()
def page_url(number: int) -> str:
    """The current card search on another page (empty fields left out of the address)."""
    pairs = [(k, v) for k, v in request.args.items(multi=True) if v != "" and k != "page"]
    if number > 1:
        pairs.append(("page", str(number)))
    return request.path + ("?" + urlencode(pairs) if pairs else "")


@bp.app_template_global()
def page_numbers(page: cards.CardPage) -> list[int | None]:
    """The first, the last and two pages either side of the current one; None is a gap."""
    shown: list[int | None] = []
    for n in range(1, page.pages + 1):
        if n in (1, page.pages) or abs(n - page.page) <= 2:
            shown.append(n)
        elif shown[-1] is not None:
            shown.append(None)
    return shown


@bp.get("/games/<game_id>/build")
def build(game_id: str):
    """The deck builder; ``?event=<event id>`` opens it to submit a list to that event.

    The event's facts and the submitting are the script's, through the event API.
    A player's private token, when there is one, comes in the address's fragment,
    which never reaches the server.
    """
    game = pools().game(game_id)
    event_id = request.args.get("event", "").strip() or None
    response = make_response(_builder(game, None, event_id))
    if event_id:
        # As on the event pages: the address holds the event's key, so no Referer carries it
        # and no cache keeps the page.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.get("/decks/<deck_id>")
def deck(deck_id: str):
    """A share link: the saved deck, read only, with its verdicts and history."""
    db = get_db()
    saved = decks.load_deck(db, deck_id)
    game = pools().game(saved.game)
    groups = dict(deck_page.group_options(game))
    sorts = dict(deck_page.sort_options(game))
    group_by = request.args.get("group", "type")
    sort = request.args.get("sort", "cost" if "cost" in sorts else "name")
    group_by = group_by if group_by in groups else "type"
    sort = sort if sort in sorts else "name"
    lines, boards = deck_page.lines_of(game, saved)
    chain = decks.history(db, saved)
    return render_template(
        "deck.html",
        game=game,
        saved=saved,
        groups=deck_page.grouped(game, lines, group_by, sort),
        boards={name: deck_page.grouped(game, rows, "type", sort) for name, rows in boards.items()},
        total=sum(line.count for line in lines),
        group_by=group_by,
        sort=sort,
        group_options=groups,
        sort_options=sorts,
        verdicts=deck_page.verdicts(game, saved),
        summary=deck_page.summary(game, saved),
        versions=deck_page.versions(game, chain),
        edits=decks.edits_of(db, saved.id),
        description=deck_page.linked_text(saved.description),
        draw_odds=deck_page.draw_odds(game, saved),
        unread=deck_page.unread(game, saved),
        play=game.meta.get("play"),
        turns=odds.TURNS,
        config=browse.builder_config(game, game_view(game)),
    )


@bp.get("/decks/<deck_id>.csv")
def deck_csv(deck_id: str):
    """A saved deck as CSV, one row per card, for spreadsheets and collection tools."""
    saved = decks.load_deck(get_db(), deck_id)
    game = pools().game(saved.game)
    response = make_response(deck_page.as_csv(game, saved))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = deck_page.attachment(saved, "csv")
    return response


@bp.get("/decks/<deck_id>/print")
def deck_print(deck_id: str):
    """A saved deck as a list to print: by section, with its verdict and where it came from."""
    saved = decks.load_deck(get_db(), deck_id)
    game = pools().game(saved.game)
    return render_template(
        "deck_print.html",
        game=game,
        saved=saved,
        parts=deck_page.printable(game, saved),
        verdicts=deck_page.verdicts(game, saved),
    )


@bp.get("/decks/<deck_id>/edit")
def deck_edit(deck_id: str):
    """A saved deck in the builder: what is saved from there is a new deck, its edit."""
    saved = decks.load_deck(get_db(), deck_id)
    game = pools().game(saved.game)
    view = saved_view(saved)
    view["created"] = saved.created.isoformat()
    return _builder(game, view)


def _builder(game, saved: dict[str, Any] | None, event_id: str | None = None):
    return render_template(
        "build.html",
        game=game,
        deck=saved,
        event_id=event_id,
        # With each format's rules, so the builder can list them with their readings.
        config=browse.builder_config(game, game_view(game, with_rules=True)),
    )


@bp.route("/validate", methods=["GET", "POST"])
def validate_page():
    """Paste a decklist and get the verdict: a plain form post, no JavaScript needed."""
    games = list(pools().games().values())
    if request.method == "GET":
        form = {"game": request.args.get("game", games[0].id if games else "")}
        return _validate_form(games, form)
    form = request.form.to_dict()
    try:
        data = ValidateForm().load(request.form)
    except ValidationError as exc:
        return _validate_form(games, form, field_errors=exc.messages, status=400)
    try:
        game = pools().game(data["game"])
        game.format(data["format"])
    except (UnknownGameError, UnknownFormatError) as exc:
        return _validate_form(games, form, form_error=str(exc), status=400)
    charge_deck(lines_of(data["decklist"]))
    try:
        parsed = parse_text(data["decklist"], game)
    except DecklistTooLongError as exc:
        return _validate_form(games, form, field_errors={"decklist": [str(exc)]}, status=413)
    formats = validate_all_formats(parsed.deck, data["as_of"], parsed.problems)
    # A deck saved as JSON and pasted here is judged in its own format unless one is chosen.
    chosen = game.format(data["format"] or parsed.format).id
    return _validate_form(
        games,
        form,
        game=game,
        result=formats[chosen],
        formats=formats,
        summary=summarize(parsed.deck),
        text=to_text(parsed.deck, chosen),
    )


def _validate_form(games, form, *, status=200, field_errors=None, form_error=None, **result):
    return render_template(
        "validate.html",
        games=games,
        form=form,
        field_errors=field_errors or {},
        form_error=form_error,
        **result,
    ), status


# -- errors as pages -------------------------------------------------------------------


def expired_check():
    """A list sent to be checked with a token its session no longer holds (a phone's browser
    put away for the night comes back without its session): the form again, as typed, with
    a token that works. The page said to reload, which sent the same stale form again, and
    the pasted list was gone from it; checking changes nothing, so nothing is done on the
    stale form's word but to show it back."""
    form = {k: v for k, v in request.form.to_dict().items() if k != csrf.FIELD_NAME}
    said = (
        "This page had been open too long, or its form did not come from this site: nothing"
        " was checked. The list is kept below: check it again."
    )
    return _validate_form(list(pools().games().values()), form, form_error=said, status=403)


def error_page(status: int, title: str, message: str):
    return render_template("error.html", status=status, title=title, message=message), status


@bp.errorhandler(DeckwrightError)
def deckwright_error(error: DeckwrightError):
    """A library error on a page (an unknown game, a deck id nobody saved) as an HTML page."""
    status = errors.status_of(error)
    titles = {404: "Not found", 410: "Deleted", 503: "Not available"}
    title = titles.get(status, "Something is wrong with this request")
    return error_page(status, title, as_sentence(errors.message_of(error)))


def as_sentence(message: str) -> str:
    """A library message, written to be part of another ('no saved deck has the id 'x''),
    as the page's sentence of its own: a capital first and a full stop last."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message[-1] in ".!?" else f"{message}."


def http_error(error: HTTPException):
    """Any HTTP error outside ``/api/`` as an HTML page; API errors keep their JSON shape."""
    if request.path.startswith(errors.API_PREFIX):
        return errors.handle_http_exception(error)
    if isinstance(error, csrf.CSRFError) and request.endpoint == "site.validate_page":
        return expired_check()
    message = error.description or ""
    if isinstance(error, RequestEntityTooLarge) and request.method == "POST":
        # answered before the browser has sent it all, the page would be a reset connection
        drain_body()
    if message == RequestEntityTooLarge.description and (said := errors.form_limit_said()):
        message = said
    elif message == RequestEntityTooLarge.description and request.max_content_length is not None:
        # werkzeug's words ("exceeds the capacity limit") say neither the size nor what to do
        message = (
            f"What was sent is larger than the {errors.size_said(request.max_content_length)}"
            " this page accepts: nothing in it was read or saved. Go back to the form to"
            " send less (a list of fewer lines, a smaller file)."
        )
    page, status = error_page(error.code or 500, error.name, message)
    return page, status, errors.http_headers_of(error)


@bp.record_once
def _html_errors(state) -> None:
    # Handlers by status code win over the class-wide HTTPException handler of
    # webapp.errors, so pages get HTML; http_error hands /api/ paths back to it.
    for code in default_exceptions:
        state.app.register_error_handler(code, http_error)
