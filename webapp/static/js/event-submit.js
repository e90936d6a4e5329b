// The deck builder opened for an event: a banner naming the event, and a panel that submits
// the deck as the player's list.
//
// The builder opens for an event as /games/<game>/build?event=<event id>. From a player's
// private page their entry and private token follow in the fragment (#entry=…&token=…),
// which browsers send to no server and in no Referer. The token is taken off the address bar
// at once: the history, a copied address and a saved deck's share link never carry it. It is
// kept in this script's memory and in the state of this one page of the tab's history (which
// no server sees and which ends with the tab), so that a reload, Back, or a phone bringing
// back a tab it discarded still changes the same list rather than start a second one. A page
// of the builder opened anew in the same tab keeps none: reloaded, it is still a first list.
//
// The unsent work is kept in the browser (keep.js) per event and entry, apart from the
// game's own draft and from every other event's: the deck, and for a first list the name
// typed, with the version on file it was made from. A reload brings it back saying it is
// not sent (and from which version), and it is let go once the list on file is exactly it,
// or once the event is closed (its deadline passed, or locked): the page opened then shows it
// a last time, and any page of the site lets it go two days after the deadline it was kept
// with (keep.js: the organizer may move the deadline).
// A page opened without the private link never names whose list is kept.
//
// A first list (no private link yet) is kept per page: a reload goes on with it, but a page
// opened anew (the next player handed a shared device, a second tab) starts an empty list
// with no name, and only offers the lists left unsent on the device, by when they were left.
// A tab that sends a first list another tab is building tells it so (a message between the
// open tabs, kept nowhere); a tab that finds the event closed lets go of its kept work, and
// the other tabs keep showing theirs, said unsendable.
//
// Lists go through the event API, the very path of the submission page: the server reads,
// validates, versions and hashes each one, and refuses any once the event is closed. This
// script only shows its answers.
//
// A change is sent with the number of the version the builder's deck was made from
// (`based_on`). When a newer one came on file meanwhile (another tab, the organizer's
// upload), the server stores nothing and says so (409, list-changed); the panel says it too,
// keeps the player's deck, and lets them load the list on file or send theirs in its place.

import { api, ApiError } from "./api.js";
import { h } from "./dom.js";
import { draftsUnder, dropDraft, loadDraft, onDraftChange, saveDraft } from "./keep.js";
import { localText, utcText } from "./moments.js";

const $ = (id) => document.getElementById(id);
const ROOT = document.documentElement.dataset.scriptRoot || "";

/** A moment as the event pages print it: in the player’s own zone (2030-05-03 14:00 CEST). */
function momentText(iso) {
  return localText(new Date(iso));
}

/** A moment shown in the player's zone, UTC in its tooltip, as the event pages show one. */
function momentOf(iso) {
  const date = new Date(iso);
  return h("time", { datetime: date.toISOString(), title: utcText(date) }, localText(date));
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The entry and private token of the fragment, if any, taken off the address bar. */
function privateAccess() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (!fragment.has("token")) return null;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  const entry = fragment.get("entry");
  const token = fragment.get("token");
  return entry && token ? { entry, token } : null;
}

/**
 * The entry and token this page used for the event, if any, when it is that same page again:
 * reloaded, brought back by Back or Forward, or by a phone that had discarded the tab. They
 * are kept with this page of the tab's history, not with the tab: a link followed anew opens
 * a first list, and stays one when reloaded, so the next player on a shared device is never
 * given the last one's list.
 */
function tabAccess(eventId) {
  const [navigation] = performance.getEntriesByType("navigation");
  const again = document.wasDiscarded || (navigation && ["reload", "back_forward"].includes(navigation.type));
  const kept = again && window.history.state && window.history.state.eventAccess;
  return kept && kept.event === eventId && typeof kept.entry === "string" && typeof kept.token === "string"
    ? { entry: kept.entry, token: kept.token }
    : null;
}

/**
 * The private link this page was given when it sent the player's first list, kept with the
 * page as the token is: a reload, before the player bookmarked it, still shows it.
 */
function tabPrivateUrl(eventId) {
  const kept = window.history.state && window.history.state.eventPrivateUrl;
  return kept && kept.event === eventId && typeof kept.url === "string" ? kept.url : null;
}

function keepTabPrivateUrl(eventId, url) {
  const state = { ...(window.history.state || {}), eventPrivateUrl: url ? { event: eventId, url } : null };
  try {
    window.history.replaceState(state, "");
  } catch {
    // A browser that refuses it: the link is shown until the page is reloaded.
  }
}

function keepTabAccess(eventId, access) {
  const state = { ...(window.history.state || {}), eventAccess: access ? { event: eventId, ...access } : null };
  try {
    window.history.replaceState(state, "");
  } catch {
    // A browser that refuses it: the private link opens the list again.
  }
}

/**
 * Where this page keeps the first list being built (no private link yet): a place of its own,
 * kept with this page of the tab's history as the private link is. Reloaded, brought back
 * by Back or by a phone that had discarded the tab, the page keeps building its list; opened
 * anew (the next player handed the device, a second tab) it starts an empty one, and a list
 * left unsent on the device is only offered, never put in with its name typed.
 */
function tabFirstPlace(eventId) {
  const [navigation] = performance.getEntriesByType("navigation");
  const again = document.wasDiscarded || (navigation && ["reload", "back_forward"].includes(navigation.type));
  const kept = again && window.history.state && window.history.state.eventFirst;
  const prefix = `event:${eventId}:new`;
  if (kept && kept.event === eventId && typeof kept.place === "string" && kept.place.startsWith(prefix)) {
    return kept.place;
  }
  return `${prefix}:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

function keepTabFirstPlace(eventId, place) {
  const state = { ...(window.history.state || {}), eventFirst: place ? { event: eventId, place } : null };
  try {
    window.history.replaceState(state, "");
  } catch {
    // A browser that refuses it: a reload starts an empty list, the one kept offered.
  }
}

/** The cards in a kept draft's deck (its sections, not its boards). */
function cardsIn(draft) {
  let count = 0;
  for (const entries of Object.values(draft.sections || {})) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) count += Number(entry && entry.count) || 0;
  }
  return count;
}

// A first list sent in one tab is said in the others that build it (a message between the
// open tabs of this browser, kept nowhere): there the kept list is dropped as sent, not lost.
const SENT = "deckwright:event-sent";

function sentChannel() {
  try {
    return new BroadcastChannel(SENT);
  } catch {
    return null;
  }
}

/** What a draft holds that a list sends: its name, its sections and boards (card, copies, printing). */
function shape(draft) {
  const part = (store) =>
    Object.entries(store || {})
      .filter(([, entries]) => Array.isArray(entries) && entries.length)
      .map(([id, entries]) => [id, entries.map((e) => [e.id, e.count, e.printing || null])]);
  return JSON.stringify([String(draft.name || "").trim(), part(draft.sections), part(draft.boards)]);
}

/** When a draft was kept, as the event's pages say a moment. */
function keptAt(draft) {
  const when = draft.kept ? new Date(draft.kept) : null;
  return when && !Number.isNaN(when.getTime()) ? ` at ${momentText(draft.kept)}` : "";
}

function formatName(game, id) {
  const format = game.formats.find((f) => f.id === id);
  return format ? format.name : id;
}

/** The event's facts, as its submission page lists them. */
function showEvent(game, event) {
  $("event-banner-title").replaceChildren(h("a", { href: event.submit_url }, event.name));
  $("event-facts").replaceChildren(
    h("li", {}, h("strong", {}, game.name)),
    h("li", {}, "Format: ", h("strong", {}, formatName(game, event.format))),
    h("li", {}, "Banned list as of ", h("strong", {}, event.as_of || "the day each list is checked")),
    h("li", {}, "Deadline: ", h("strong", {}, momentOf(event.deadline))),
    h(
      "li",
      {},
      event.open
        ? h("span", { class: "pill pill-legal" }, "Open for lists")
        : h("span", { class: "pill pill-not-legal" }, "Closed"),
      event.published ? [" ", h("span", { class: "pill pill-not-submitted" }, "Lists published")] : null,
    ),
  );
}

function verdictOf(version, game, event) {
  const counts = [
    version.errors ? `${version.errors} error${version.errors === 1 ? "" : "s"}` : null,
    version.warnings ? `${version.warnings} warning${version.warnings === 1 ? "" : "s"}` : null,
  ].filter(Boolean);
  return h(
    "div",
    {
      id: "event-verdict",
      class: `verdict ${version.legal ? "verdict-legal" : "verdict-illegal"}`,
      dataset: { legal: String(version.legal) },
    },
    h("strong", { class: "verdict-word" }, version.legal ? "Legal" : "Not legal"),
    h("span", { class: "verdict-format" }, ` in ${game.name} ${formatName(game, event.format)}`),
    counts.length ? h("span", { class: "verdict-counts" }, counts.join(", ")) : null,
  );
}

function problemsOf(version) {
  if (!version.problems.length) return h("p", {}, "No problems: this list follows every rule of the format.");
  const count = version.problems.length;
  // Folded: the legality panel beside it already lists the problems of the deck being edited.
  return h(
    "details",
    { class: "submitted-problems" },
    h("summary", {}, `The ${count} problem${count === 1 ? "" : "s"} of the list on file`),
    h(
      "ol",
      { class: "problems" },
      version.problems.map((p) =>
        h(
          "li",
          { class: `problem problem-${p.severity}` },
          h("span", { class: `severity severity-${p.severity}` }, p.severity === "error" ? "Error" : "Warning"),
          h("p", { class: "problem-message" }, p.message),
          h("p", { class: "problem-meta" }, "Rule ", h("code", {}, p.rule)),
        ),
      ),
    ),
  );
}

/** The private link of a first list, said to be bookmarked. */
function privateLinkOf(url) {
  const privateUrl = new URL(url, window.location.origin).href;
  return h(
    "div",
    { class: "secret-box", role: "status" },
    h(
      "p",
      {},
      h("strong", {}, "Your list is on file."),
      " Bookmark your private link: it is the only way to see or change your submission,",
      " and it is not shown anywhere else once you leave this page.",
    ),
    h("code", { id: "private-url" }, privateUrl),
    h("p", {}, h("a", { href: privateUrl }, "Open your page")),
  );
}

/** What the player's page shows after a submission: the private link once, verdict, receipt. */
function receiptOf(receipt, game, event) {
  const latest = receipt.entry.latest;
  return [
    receipt.private_url
      ? privateLinkOf(receipt.private_url)
      : h(
          "p",
          { class: "notice", role: "status" },
          "Your new list is on file; the earlier ones are kept in the history on your private page.",
        ),
    verdictOf(latest, game, event),
    h(
      "p",
      {},
      "Receipt hash: ",
      h("strong", { class: "receipt", id: "receipt-hash" }, latest.receipt),
      h("span", { class: "muted" }, ` · version ${latest.version}, received ${momentText(latest.received)}`),
    ),
    problemsOf(latest),
  ];
}

const sourceOf = (version) =>
  version.source === "organizer" ? "the organizer" : "your private link (another tab or device)";

/** Open the builder for the event named in the page; ``builder`` is what the panel may use. */
export async function openForEvent(game, builder) {
  const eventId = $("event-banner").dataset.event;
  const el = {
    heading: $("submit-heading"),
    state: $("submit-state"),
    form: $("submit-form"),
    player: $("submit-player"),
    playerId: $("submit-player-id"),
    problem: $("submit-problem"),
    button: $("submit-button"),
    receipt: $("submit-receipt"),
    draft: $("event-draft"),
  };
  let access = privateAccess();
  if (access) keepTabAccess(eventId, access);
  else access = tabAccess(eventId);
  // Where a first list is kept: this page's own place, or a list left unsent it continues.
  let firstPlace = tabFirstPlace(eventId);
  if (!access) keepTabFirstPlace(eventId, firstPlace);
  // First lists sent in another tab of this browser, by their place: said there, not lost.
  const sentThere = new Map();
  const channel = sentChannel();
  if (channel) {
    channel.addEventListener("message", ({ data }) => {
      if (data && data.event === eventId && typeof data.place === "string") sentThere.set(data.place, data);
    });
  }
  // The version on file the deck in the builder was made from (0: none yet).
  let onFile = 0;
  // The list on file as the builder shows it (its shape): a draft the same as it is let go.
  let fileDeck = shape(builder.draft());
  // Edits are kept once the builder shows what it opened on (the list on file, a draft).
  let watching = false;
  let player = null;
  let event = null;
  const eventPath = `/events/${encodeURIComponent(eventId)}`;

  // -- the unsent work, kept per event and entry --

  const draftPlace = () => (access ? `event:${eventId}:entry:${access.entry}` : firstPlace);

  /** Say above the builder what the deck is (unsent work brought back, another tab's); null: nothing. */
  const sayDraft = (...parts) => {
    el.draft.hidden = !parts.length;
    el.draft.replaceChildren(...parts);
  };

  /** Keep the deck (and a first list's name) unless the list on file is exactly it. */
  const keep = () => {
    // Closed, nothing more can be sent: the work is not kept past this page (see below).
    if (!watching || (event && !event.open)) return;
    const draft = builder.draft();
    const first = access ? null : { player: el.player.value, player_id: el.playerId.value };
    const typed = first && (first.player.trim() || first.player_id.trim());
    if (shape(draft) === fileDeck && !typed) {
      dropDraft(draftPlace());
      if (access) builder.markSent();
      return;
    }
    saveDraft(draftPlace(), {
      ...draft,
      event: eventId,
      entry: access ? access.entry : null,
      player,
      based_on: onFile,
      first,
      // When it can be sent no more: any page of the site lets it go then (keep.js).
      deadline: event ? event.deadline : null,
    });
  };
  builder.onEdit(keep);
  for (const field of [el.player, el.playerId]) field.addEventListener("input", keep);

  /** Load a list without keeping it as the player's work: it is on file, not theirs unsent. */
  const quietly = async (work) => {
    const was = watching;
    watching = false;
    try {
      return await work();
    } finally {
      watching = was;
    }
  };

  const ourDraft = (draft) => draft && draft.game === game.id && draft.event === eventId;

  /** Put a kept draft in the builder: the version it was made from, a first list's name. */
  const useDraft = (draft) => {
    builder.useDraft(draft);
    if (access) onFile = Number.isInteger(draft.based_on) ? draft.based_on : 0;
    else if (draft.first) {
      el.player.value = draft.first.player || "";
      el.playerId.value = draft.first.player_id || "";
    }
  };

  /** Bring back the work kept for this event and entry; ``latest``: the version on file now. */
  const restore = (latest) => {
    const kept = loadDraft(draftPlace());
    if (!ourDraft(kept)) return;
    const typed = !access && kept.first && `${kept.first.player || ""}${kept.first.player_id || ""}`.trim();
    if (shape(kept) === fileDeck && !typed) {
      dropDraft(draftPlace());
      return;
    }
    useDraft(kept);
    const sends = event && event.open;
    const unsendable =
      event && !event.open
        ? " Submissions are closed, so nothing more can be sent, and the deck is no longer kept in this browser" +
          " once you leave this page; Import and export has it as text."
        : "";
    if (!access) {
      sayDraft(
        h("strong", {}, "Your list is not submitted yet."),
        ` It is back as you left it${keptAt(kept)}, kept in this browser only.`,
        sends ? ` “Submit to ${event.name}” sends it.` : unsendable,
      );
      builder.announce("Your unsent list is back in the builder.");
      return;
    }
    const newer =
      latest && latest.version > onFile
        ? ` Since then version ${latest.version} came on file, from ${sourceOf(latest)} at ${momentText(latest.received)}` +
          (sends ? ": sending yours first asks which to keep." : ".")
        : "";
    sayDraft(
      h("strong", {}, "Your changes are not sent yet."),
      ` They are back as you left them${keptAt(kept)}, made from version ${onFile} of your list on file.`,
      newer,
      sends ? " “Submit changes” sends them." : unsendable,
    );
    builder.announce("Your unsent changes are back in the builder.");
  };

  /**
   * Without the private link: say that unsent changes of this event are kept here, and where
   * they open. Never whose: on a shared device the page opened anew is the next player's.
   */
  const elsewhere = () => {
    const count = draftsUnder(`event:${eventId}:entry:`).filter(({ draft }) => ourDraft(draft)).length;
    if (!count) return [];
    return [
      h(
        "strong",
        {},
        `Unsent changes for ${count === 1 ? "a list" : `${count} lists`} on file are kept on this device.`,
      ),
      ` They open from ${count === 1 ? "that player’s" : "each player’s"} private link (Build it in the deck builder).`,
    ];
  };

  /** First lists left unsent on this device for this event but this page's, newest first. */
  const leftLists = () =>
    draftsUnder(`event:${eventId}:new`)
      .filter(({ where, draft }) => where !== draftPlace() && ourDraft(draft))
      .sort((a, b) => String(b.draft.kept || "").localeCompare(String(a.draft.kept || "")));

  /**
   * A page opened anew starts an empty list with no name: on a shared device it is the next
   * player's. The lists left unsent here are offered, by when they were left and their size,
   * never by name; the player who left one continues it with a click.
   */
  const offerLeft = () => {
    const left = leftLists();
    const parts = [];
    if (left.length) {
      parts.push(
        h(
          "strong",
          {},
          left.length === 1
            ? "A list not submitted yet was left on this device."
            : `${left.length} lists not submitted yet were left on this device.`,
        ),
        " This page starts an empty list of your own. If one left here is yours, continue it:",
        ...left.slice(0, 5).flatMap(({ where, draft }) => {
          const cards = cardsIn(draft);
          const button = h(
            "button",
            { type: "button", class: "button", dataset: { left: where } },
            `Continue the list left${keptAt(draft)} (${cards} card${cards === 1 ? "" : "s"})`,
          );
          button.addEventListener("click", () => continueLeft(where));
          return [" ", button];
        }),
      );
    }
    const others = elsewhere();
    if (parts.length && others.length) parts.push(" ");
    sayDraft(...parts, ...others);
  };

  /** Go on with a list left unsent on this device: this page keeps it from now on. */
  const continueLeft = (where) => {
    if (access || !watching || (event && !event.open)) return;
    if (!ourDraft(loadDraft(where))) {
      // Sent, or let go, in another tab meanwhile.
      offerLeft();
      return;
    }
    firstPlace = where;
    keepTabFirstPlace(eventId, where);
    el.problem.replaceChildren();
    restore(null);
    el.draft.tabIndex = -1;
    el.draft.focus();
  };

  // -- the event and the list on file --

  const unavailable = (message) => {
    el.form.hidden = true;
    el.state.replaceChildren(h("span", { class: "notice notice-error" }, message));
  };

  /** Nothing can be sent now; the work kept is shown all the same, and kept on. */
  const keptOnly = () => {
    restore(null);
    watching = true;
  };

  try {
    event = await api(eventPath);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    $("event-banner-title").textContent = "No such event";
    unavailable(error.message);
    keptOnly();
    return;
  }
  if (event.game !== game.id) {
    // A link edited by hand: open the builder of the event's own game instead.
    const url = `${ROOT}/games/${encodeURIComponent(event.game)}/build?event=${encodeURIComponent(eventId)}`;
    window.location.replace(access ? `${url}#${new URLSearchParams(access)}` : url);
    return;
  }
  showEvent(game, event);
  el.heading.textContent = `Submit to ${event.name}`;
  builder.fixRules(
    event.format,
    event.as_of,
    `Set by ${event.name}: lists are judged in its format, on its banned-list day.`,
  );

  const closed = (reason) => {
    el.form.hidden = true;
    el.state.textContent = `Submissions are closed: ${reason}. No list can be submitted or changed any more.`;
  };

  /** Closed while this page was open: it keeps what it shows, said unsendable. */
  const closedHere = (now) => {
    event = now;
    showEvent(game, now);
    el.problem.replaceChildren();
    closed(now.closed_reason);
    const typed = !access && (el.player.value.trim() || el.playerId.value.trim());
    if (shape(builder.draft()) === fileDeck && !typed) {
      sayDraft();
      return;
    }
    sayDraft(
      h("strong", {}, access ? "Your changes are not sent." : "Your list is not submitted."),
      " Submissions are closed, so nothing more can be sent. The deck stays on this page until you leave it;",
      " Import and export has it as text.",
    );
  };

  /** First submission (name and player id), or changes to the list on file (private token). */
  const ready = (player) => {
    for (const field of el.form.querySelectorAll("[data-first-only]")) field.hidden = Boolean(access);
    el.player.required = !access;
    el.button.textContent = access ? "Submit changes" : `Submit to ${event.name}`;
    el.state.textContent = access
      ? `Changing ${player}’s list on file (version ${onFile}) until ${momentText(event.deadline)}. Every version is kept.`
      : `Submit this deck as your list. You get a private link to change it until ${momentText(event.deadline)}.`;
    el.form.hidden = false;
  };

  let latest = null;
  if (access) {
    let entry;
    try {
      entry = await api(`${eventPath}/entries/${encodeURIComponent(access.entry)}`, { token: access.token });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      unavailable(error.message);
      // A link that no longer opens the list is not tried again on the next reload.
      if (error.status === 403 || error.status === 404) {
        keepTabAccess(eventId, null);
        keepTabPrivateUrl(eventId, null);
      }
      keptOnly();
      return;
    }
    player = entry.player;
    latest = entry.latest;
    // The player's current list first: changes start from what is on file.
    if (latest) {
      await quietly(() => builder.loadList(latest.list));
      onFile = latest.version;
    }
    fileDeck = shape(builder.draft());
    builder.markSent();
    builder.announce(`${player}’s list on file is loaded.`);
    // This page sent the first list: reloaded, it still shows the link it was given.
    const sentUrl = tabPrivateUrl(eventId);
    if (sentUrl) el.receipt.replaceChildren(privateLinkOf(sentUrl));
  }
  restore(latest);
  if (!event.open) {
    // Past its deadline, or closed: the event's kept work expires, on a shared device too.
    // What this page brought back stays shown (and asks before leaving) until it is left.
    for (const { where } of draftsUnder(`event:${eventId}:`)) dropDraft(where);
  } else if (!access && el.draft.hidden) {
    offerLeft();
  }
  watching = true;
  if (!event.open) {
    closed(event.closed_reason);
    return;
  }
  ready(player);

  const entryPath = () => `${eventPath}/entries/${encodeURIComponent(access.entry)}`;

  /** The list on file, loaded in place of the deck shown (not kept as the player's work). */
  const loadOnFile = async (version) => {
    const putBack = await quietly(() => builder.loadList(version.list));
    onFile = version.version;
    fileDeck = shape(builder.draft());
    builder.markSent();
    ready(player);
    return putBack;
  };

  /** Take away the panel's notices; the focus in one goes back to the send button. */
  const dropNotices = () => {
    const focused = el.problem.contains(document.activeElement);
    el.problem.replaceChildren();
    if (focused && !el.form.hidden) el.button.focus();
  };

  // Another tab of this browser changed the work kept here: this tab follows it, as the
  // general builder does, so that neither tab's next edit puts an older deck over the other's.
  onDraftChange(draftPlace, async (kept) => {
    if (!watching) return;
    if (kept) {
      if (!ourDraft(kept)) return;
      // "Put my deck back" would put back the deck this tab had, over the one followed now.
      if (el.problem.querySelector("#list-loaded")) dropNotices();
      useDraft(kept);
      if (access) ready(player);
      sayDraft(
        h("strong", {}, "Changed in another tab of this browser."),
        " This tab shows your unsent work as it is now; it is not sent yet.",
      );
      return;
    }
    // Let go there. A tab that opened the event once it was closed lets go of all its kept
    // work: nothing was sent, and this tab keeps what it shows, said unsendable.
    const place = draftPlace();
    let now = null;
    try {
      now = await api(eventPath);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
    // Moved on meanwhile (this tab sent it), or kept again there: followed as a change.
    if (place !== draftPlace() || loadDraft(place)) return;
    if (now && !now.open) {
      closedHere(now);
      return;
    }
    if (!access) {
      // Sent there (that tab shows its private link), or emptied there: this tab starts
      // afresh, as that tab did. The next player handed this tab is never given the list
      // just sent, to send again under their own name.
      const sent = sentThere.get(place);
      builder.useDraft({ game: game.id, name: "", description: "", sections: {}, boards: {} });
      builder.markSent();
      el.player.value = "";
      el.playerId.value = "";
      dropNotices();
      if (sent) {
        sayDraft(
          h("strong", {}, `Submitted in another tab of this browser, as ${sent.player}’s list.`),
          ` Version ${sent.version}, received ${momentText(sent.received)}, receipt hash ${sent.receipt}.`,
          " Its private link is shown in that tab: bookmark it there, as it is the only way to change the list.",
          " This tab starts a new list.",
        );
      } else {
        sayDraft(
          h("strong", {}, "Emptied, or submitted, in another tab of this browser."),
          " If it was submitted, its private link is shown in that tab. This tab starts a new list, as that tab did.",
        );
      }
      return;
    }
    // Sent (or undone) there: the list on file is the deck that tab showed. What this tab
    // said of an earlier refusal (a newer list, its buttons) is of a list on file no more.
    dropNotices();
    try {
      const entry = await api(entryPath(), { token: access.token });
      if (entry.latest) await loadOnFile(entry.latest);
      sayDraft(
        h("strong", {}, `Version ${onFile} of your list is on file.`),
        " Your changes were sent, or undone, in another tab of this browser; this tab shows the list on file.",
      );
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  });

  const busy = (on) => {
    for (const button of el.form.querySelectorAll("button")) button.disabled = on;
    if (on) el.form.setAttribute("aria-busy", "true");
    else el.form.removeAttribute("aria-busy");
    // The button pressed lost the focus as it was disabled: a refusal leaves it where it was,
    // not at the top of the page, so the next key goes on from the panel.
    if (!on && document.activeElement === document.body && !el.form.hidden) el.button.focus();
  };

  /**
   * A notice in the panel that takes the focus, so that its buttons are the next keys away
   * (read once, as the focus comes to it: it is in no live region). Or, given `focus`, the
   * focus goes there instead, and the notice is said by whoever shows it.
   */
  const notice = (id, parts, focus = null) => {
    const box = h("div", { id, class: "notice submit-notice", tabindex: "-1" }, ...parts);
    el.problem.replaceChildren(box);
    (focus || box).focus();
    return box;
  };

  /** A newer list came on file since the deck was made: say so; the player chooses. */
  const changed = async (error) => {
    let latest = null;
    try {
      latest = (await api(entryPath(), { token: access.token })).latest;
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
    if (!latest) {
      el.problem.replaceChildren(h("div", { class: "notice notice-error", role: "alert" }, h("p", {}, error.message)));
      return;
    }
    const load = h("button", { type: "button", class: "button" }, "Load the list on file");
    const mine = h("button", { type: "button", class: "button button-primary" }, "Send mine in its place");
    load.addEventListener("click", async () => {
      busy(true);
      try {
        // The list on file now: another may have come since the refusal was said.
        let loaded = latest;
        try {
          loaded = (await api(entryPath(), { token: access.token })).latest || latest;
        } catch (failure) {
          if (!(failure instanceof ApiError)) throw failure;
        }
        // The player's deck stays kept in the browser until they change or send another.
        const putBack = await loadOnFile(loaded);
        const back = h("button", { type: "button", class: "button" }, "Put my deck back");
        back.addEventListener("click", () => {
          putBack();
          el.problem.replaceChildren();
          builder.announce("Your deck is back in the builder.");
          el.button.focus();
        });
        // Good news, said politely once (the announcer); the keys go on from its button.
        notice(
          "list-loaded",
          [
            h("p", {}, `Version ${loaded.version}, the list on file, is in the builder now.`),
            h("div", { class: "form-actions" }, back),
          ],
          back,
        );
        builder.announce(`Version ${loaded.version} of your list is loaded.`);
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        el.problem.replaceChildren(h("div", { class: "notice notice-error", role: "alert" }, h("p", {}, failure.message)));
      } finally {
        busy(false);
      }
    });
    mine.addEventListener("click", () => send(latest.version));
    notice("list-changed", [
      h("p", {}, h("strong", {}, "Your list on file changed since this builder loaded it.")),
      h("p", {}, `Version ${latest.version} came from ${sourceOf(latest)} at ${momentText(latest.received)}.`),
      h(
        "p",
        {},
        "Nothing was sent: the deck here is as you left it. Load the list on file to see it,",
        ` or send yours to put it in place of version ${latest.version}.`,
      ),
      h("div", { class: "form-actions" }, load, mine),
    ]);
  };

  /**
   * The fields a refusal is about (a name taken, a registered player's id left out, a field
   * the body check named as "player: ..."): marked, and described by the refusal, so a screen
   * reader says why when the player is back in the field. Unmarked as the list is sent again.
   */
  const fields = { player: el.player, player_id: el.playerId };
  const refusedFields = (error) => {
    const named = new Set();
    if (error.code === "player-already-submitted") named.add("player");
    if (error.code === "player-id-required") named.add("player_id");
    for (const detail of error.details) {
      const field = typeof detail === "string" ? detail.split(":")[0] : null;
      if (field && Object.hasOwn(fields, field)) named.add(field);
    }
    return [...named].map((field) => fields[field]);
  };
  const markRefused = (inputs) => {
    for (const input of Object.values(fields)) {
      if (inputs.includes(input)) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", el.problem.id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    }
  };

  /** Send the deck: the first list, or a change made from version ``basedOn``. */
  const send = async (basedOn) => {
    el.problem.replaceChildren();
    markRefused([]);
    if (!builder.copies()) {
      el.problem.replaceChildren(h("p", { class: "notice notice-error", role: "alert" }, "Add cards to the deck first."));
      return;
    }
    const deck = builder.deckPayload();
    // What is sent, as kept: a draft still the same once it is on file is let go.
    const sent = shape(builder.draft());
    const sentFrom = draftPlace();
    busy(true);
    try {
      let receipt;
      if (access) {
        receipt = await api(entryPath(), { method: "PUT", json: { deck, based_on: basedOn }, token: access.token });
      } else {
        const body = { player: el.player.value, deck };
        if (el.playerId.value.trim()) body.player_id = el.playerId.value.trim();
        receipt = await api(`${eventPath}/entries`, { method: "POST", json: body });
        access = { entry: receipt.entry.entry, token: receipt.player_token };
        keepTabAccess(eventId, access);
        keepTabPrivateUrl(eventId, receipt.private_url);
        keepTabFirstPlace(eventId, null);
        // Said to the other tabs building this list before its kept copy goes (below).
        const on = receipt.entry.latest;
        channel?.postMessage({
          event: eventId,
          place: sentFrom,
          player: receipt.entry.player,
          version: on.version,
          receipt: on.receipt,
          received: on.received,
        });
      }
      // The next change is made from the version just stored.
      onFile = receipt.entry.latest.version;
      fileDeck = sent;
      player = receipt.entry.player;
      // The list on file is the deck sent: its draft goes; changes made while it was on its
      // way are kept as changes to this version.
      if (sentFrom !== draftPlace()) dropDraft(sentFrom);
      keep();
      sayDraft();
      el.receipt.replaceChildren(...receiptOf(receipt, game, event));
      ready(player);
      builder.announce(`Your list is on file: ${receipt.entry.latest.legal ? "legal" : "not legal"}.`);
      if (el.form.contains(document.activeElement) || document.activeElement === document.body) el.button.focus();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "list-changed") {
        await changed(error);
        return;
      }
      // One alert; but closed, what is said goes where the focus goes (below), read so once.
      const closed = error.code === "event-closed";
      el.problem.replaceChildren(
        h(
          "div",
          { class: "notice notice-error", ...(closed ? {} : { role: "alert" }) },
          h("p", {}, error.message),
          error.details.map((detail) => h("p", {}, typeof detail === "string" ? detail : detail.message)),
        ),
      );
      if (!closed) markRefused(refusedFields(error));
      if (closed) {
        // Closed while the builder was open (the deadline passed, or the organizer locked it).
        // The form (and the button that had the focus) goes: the focus goes to what is said.
        el.form.hidden = true;
        const kept = " Nothing was sent. The deck stays here and in this browser; Import and export has it as text.";
        el.state.replaceChildren(h("span", { class: "notice notice-error" }, error.message), kept);
        el.state.tabIndex = -1;
        el.state.focus();
        // Unsent work said above the builder is no longer said sendable.
        if (!el.draft.hidden) {
          sayDraft(
            h("strong", {}, access ? "Your changes are not sent." : "Your list is not submitted."),
            " Submissions are closed, so nothing more can be sent; Import and export has the deck as text.",
          );
        }
      }
    } finally {
      busy(false);
    }
  };

  el.form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    send(onFile);
  });
}
