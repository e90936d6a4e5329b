// What the browser keeps for a player until accounts exist: the deck being built (a draft,
// so a reload or a closed tab loses nothing) and the list of decks saved from this browser.
// Everything stays in localStorage; a browser that refuses it keeps nothing and says nothing.
//
// One draft per place (a game's new deck, the edit of one saved deck, a player's unsent list
// for an event: event-submit.js), shared by every tab of the browser: a tab follows the
// changes the others keep (the `storage` event), so what a reload or a new tab brings back
// is the deck every open tab shows, never one tab's older copy.

const DRAFT = "deckwright:draft:";
const MY_DECKS = "deckwright:my-decks";
const MAX_MY_DECKS = 200;

function read(key, fallback) {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The draft kept under `where` (a game's new deck, or the edit of one saved deck), or null. */
export function loadDraft(where) {
  const draft = read(DRAFT + where, null);
  return draft && typeof draft === "object" && draft.sections ? draft : null;
}

export function saveDraft(where, draft) {
  return write(DRAFT + where, { ...draft, kept: new Date().toISOString() });
}

export function dropDraft(where) {
  write(DRAFT + where, null);
}

/** Every draft kept under a place that starts with `prefix`: [{where, draft}]. */
export function draftsUnder(prefix) {
  const found = [];
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (!key || !key.startsWith(DRAFT + prefix)) continue;
      const where = key.slice(DRAFT.length);
      const draft = loadDraft(where);
      if (draft) found.push({ where, draft });
    }
  } catch {
    // A browser that refuses storage keeps nothing.
  }
  return found;
}

/**
 * Call `changed(draft)` whenever another tab of this browser keeps (or drops: null) the
 * draft of the place `where()` names now. The tab that wrote is not told.
 */
export function onDraftChange(where, changed) {
  window.addEventListener("storage", (event) => {
    if (event.storageArea !== window.localStorage) return;
    const place = where();
    // Read again rather than trust the event's value: a later write may have passed it.
    if (place && event.key === DRAFT + place) changed(loadDraft(place));
  });
}

// "Fits my deck", on or off, as the player last left it in the builder of any game: a reload
// that brings the deck back (a phone reopening a tab it let go) brings it back too, rather
// than show cards that no longer fit while the filters are folded out of sight.
const FITS = "deckwright:fits-my-deck";

export function fitsKept() {
  return read(FITS, false) === true;
}

export function keepFits(on) {
  write(FITS, on ? true : null);
}

// An event's unsent list can be sent only until the event's deadline (kept with it), unless
// the organizer moves it: other pages let it go two days after that deadline, so a deadline
// moved later, or a device's clock ahead of the server's, does not cost a player the list.
// (The event's own page asks the server, and says so once it is closed.)
// A list kept from before deadlines were kept with it goes a month after it was kept.
const EVENT_KEPT_PAST_DEADLINE = 2 * 24 * 60 * 60 * 1000;
const EVENT_KEPT_AT_MOST = 30 * 24 * 60 * 60 * 1000;

/**
 * Let go of every event's draft that can no longer be sent: its event's deadline passed two
 * days ago.
 * Any page of the site that keeps drafts does it as it opens, so that on a shared device a
 * list left unsent goes with its event, whether or not a page of that event is opened again.
 */
export function dropExpiredDrafts(now = Date.now(), except = null) {
  for (const { where, draft } of draftsUnder("event:")) {
    if (except && where.startsWith(`event:${except}:`)) continue;
    const deadline = Date.parse(draft.deadline || "");
    const kept = Date.parse(draft.kept || "");
    const expired = Number.isNaN(deadline)
      ? !Number.isNaN(kept) && now - kept > EVENT_KEPT_AT_MOST
      : now >= deadline + EVENT_KEPT_PAST_DEADLINE;
    if (expired) dropDraft(where);
  }
}

// The builder opened for an event shows that event's kept work a last time, and lets it go
// itself (event-submit.js): the server says when the event closed.
dropExpiredDrafts(Date.now(), document.getElementById("event-banner")?.dataset.event || null);

// A list pasted into the builder's import box and not yet imported whole stays with its tab
// (sessionStorage): a reload, or a phone reopening a tab it let go, gives it back, with the
// lines that could not be read still there to put right. One tab's typing is no other tab's
// business, so no other tab follows it.
const PASTED = "deckwright:pasted:";

export function loadPasted(where) {
  try {
    return window.sessionStorage.getItem(PASTED + where) || "";
  } catch {
    return "";
  }
}

export function keepPasted(where, text) {
  try {
    if (text) window.sessionStorage.setItem(PASTED + where, text);
    else window.sessionStorage.removeItem(PASTED + where);
  } catch {
    // A browser that refuses storage (or a list too long for it) keeps nothing: not even the
    // list pasted before this one, which a reload would give back as the one pasted.
    try {
      window.sessionStorage.removeItem(PASTED + where);
    } catch {
      // Storage refused altogether: there is nothing kept to let go of.
    }
  }
}

/** Call `changed()` whenever another tab of this browser changes the list of saved decks. */
export function onMyDecksChange(changed) {
  window.addEventListener("storage", (event) => {
    if (event.storageArea === window.localStorage && (event.key === null || event.key === MY_DECKS)) changed();
  });
}

/**
 * Every deck saved from this browser, newest first: {id, game, name, format, saved, parent},
 * and `key`, the claim key of a deck saved with no one logged in: the save's answer alone
 * gives it, and only with it can the deck be claimed for an account ("My decks").
 */
export function myDecks(gameId = null) {
  const all = read(MY_DECKS, []);
  const decks = Array.isArray(all) ? all.filter((d) => d && typeof d.id === "string") : [];
  return gameId ? decks.filter((d) => d.game === gameId) : decks;
}

export function rememberDeck(deck) {
  const before = myDecks().find((d) => d.id === deck.id);
  const key = typeof deck.claim_key === "string" ? deck.claim_key : before && before.key;
  const decks = myDecks().filter((d) => d.id !== deck.id);
  decks.unshift({
    id: deck.id,
    game: deck.game,
    name: deck.name,
    format: deck.format,
    saved: deck.created || new Date().toISOString(),
    parent: deck.parent || null,
    ...(key ? { key } : {}),
  });
  write(MY_DECKS, decks.slice(0, MAX_MY_DECKS));
}

export function forgetDeck(id) {
  write(
    MY_DECKS,
    myDecks().filter((d) => d.id !== id),
  );
}
