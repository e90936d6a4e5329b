// The deck builder opened for an event: a banner naming the event, and a panel that submits
// the deck as the player's list.
//
// The builder opens for an event as /games/<game>/build?event=<event id>. From a player's
// private page their entry and private token follow in the fragment (#entry=…&token=…),
// which browsers send to no server and in no Referer. The token is taken off the address bar
// at once and kept in this script's memory only: the history, a copied address and a saved
// deck's share link never carry it.
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

const $ = (id) => document.getElementById(id);
const ROOT = document.documentElement.dataset.scriptRoot || "";

/** A moment as the event pages print it: 2030-05-03 12:00 UTC. */
function utc(iso) {
  return `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The entry and private token of the fragment, if any, taken off the address bar. */
function privateAccess() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (!fragment.has("token")) return null;
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  const entry = fragment.get("entry");
  const token = fragment.get("token");
  return entry && token ? { entry, token } : null;
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
    h("li", {}, "Deadline: ", h("strong", {}, utc(event.deadline))),
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

/** What the player's page shows after a submission: the private link once, verdict, receipt. */
function receiptOf(receipt, game, event) {
  const latest = receipt.entry.latest;
  const privateUrl = receipt.private_url ? new URL(receipt.private_url, window.location.origin).href : null;
  return [
    privateUrl
      ? h(
          "div",
          { class: "secret-box", role: "status" },
          h(
            "p",
            {},
            h("strong", {}, "Your list is on file."),
            " Bookmark your private link: it is the only way to see or change your submission,",
            " and it is not shown again anywhere else.",
          ),
          h("code", { id: "private-url" }, privateUrl),
          h("p", {}, h("a", { href: privateUrl }, "Open your page")),
        )
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
      h("span", { class: "muted" }, ` · version ${latest.version}, received ${utc(latest.received)}`),
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
  };
  let access = privateAccess();
  // The version on file the deck in the builder was made from (0: none yet).
  let onFile = 0;
  const eventPath = `/events/${encodeURIComponent(eventId)}`;

  const unavailable = (message) => {
    el.form.hidden = true;
    el.state.replaceChildren(h("span", { class: "notice notice-error" }, message));
  };

  let event;
  try {
    event = await api(eventPath);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    $("event-banner-title").textContent = "No such event";
    unavailable(error.message);
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

  /** First submission (name and player id), or changes to the list on file (private token). */
  const ready = (player) => {
    for (const field of el.form.querySelectorAll("[data-first-only]")) field.hidden = Boolean(access);
    el.player.required = !access;
    el.button.textContent = access ? "Submit changes" : `Submit to ${event.name}`;
    el.state.textContent = access
      ? `Changing ${player}’s list on file (version ${onFile}) until ${utc(event.deadline)}. Every version is kept.`
      : `Submit this deck as your list. You get a private link to change it until ${utc(event.deadline)}.`;
    el.form.hidden = false;
  };

  let player = null;
  if (access) {
    let entry;
    try {
      entry = await api(`${eventPath}/entries/${encodeURIComponent(access.entry)}`, { token: access.token });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      unavailable(error.message);
      return;
    }
    player = entry.player;
    // The player's current list first: changes start from what is on file.
    if (entry.latest) {
      await builder.loadList(entry.latest.list);
      onFile = entry.latest.version;
    }
    builder.announce(`${player}’s list on file is loaded.`);
  }
  if (!event.open) {
    closed(event.closed_reason);
    return;
  }
  ready(player);

  const entryPath = () => `${eventPath}/entries/${encodeURIComponent(access.entry)}`;

  const busy = (on) => {
    for (const button of el.form.querySelectorAll("button")) button.disabled = on;
    if (on) el.form.setAttribute("aria-busy", "true");
    else el.form.removeAttribute("aria-busy");
  };

  /** A notice in the panel that takes the focus, so that its buttons are the next keys away. */
  const notice = (id, ...parts) => {
    const box = h("div", { id, class: "notice submit-notice", tabindex: "-1" }, ...parts);
    el.problem.replaceChildren(box);
    box.focus();
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
      el.problem.replaceChildren(h("div", { class: "notice notice-error" }, h("p", {}, error.message)));
      return;
    }
    const load = h("button", { type: "button", class: "button" }, "Load the list on file");
    const mine = h("button", { type: "button", class: "button button-primary" }, "Send mine in its place");
    load.addEventListener("click", async () => {
      busy(true);
      try {
        const putBack = await builder.loadList(latest.list);
        onFile = latest.version;
        ready(player);
        const back = h("button", { type: "button", class: "button" }, "Put my deck back");
        back.addEventListener("click", () => {
          putBack();
          el.problem.replaceChildren();
          builder.announce("Your deck is back in the builder.");
          el.button.focus();
        });
        notice(
          "list-loaded",
          h("p", {}, `Version ${latest.version}, the list on file, is in the builder now.`),
          h("div", { class: "form-actions" }, back),
        );
        builder.announce(`Version ${latest.version} of your list is loaded.`);
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        el.problem.replaceChildren(h("div", { class: "notice notice-error" }, h("p", {}, failure.message)));
      } finally {
        busy(false);
      }
    });
    mine.addEventListener("click", () => send(latest.version));
    notice(
      "list-changed",
      h("p", {}, h("strong", {}, "Your list on file changed since this builder loaded it.")),
      h("p", {}, `Version ${latest.version} came from ${sourceOf(latest)} at ${utc(latest.received)}.`),
      h(
        "p",
        {},
        "Nothing was sent: the deck here is as you left it. Load the list on file to see it,",
        ` or send yours to put it in place of version ${latest.version}.`,
      ),
      h("div", { class: "form-actions" }, load, mine),
    );
  };

  /** Send the deck: the first list, or a change made from version ``basedOn``. */
  const send = async (basedOn) => {
    el.problem.replaceChildren();
    if (!builder.copies()) {
      el.problem.replaceChildren(h("p", { class: "notice notice-error" }, "Add cards to the deck first."));
      return;
    }
    const deck = builder.deckPayload();
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
      }
      // The next change is made from the version just stored.
      onFile = receipt.entry.latest.version;
      el.receipt.replaceChildren(...receiptOf(receipt, game, event));
      player = receipt.entry.player;
      ready(player);
      builder.announce(`Your list is on file: ${receipt.entry.latest.legal ? "legal" : "not legal"}.`);
      if (el.form.contains(document.activeElement) || document.activeElement === document.body) el.button.focus();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "list-changed") {
        await changed(error);
        return;
      }
      el.problem.replaceChildren(
        h(
          "div",
          { class: "notice notice-error" },
          h("p", {}, error.message),
          error.details.map((detail) => h("p", {}, typeof detail === "string" ? detail : detail.message)),
        ),
      );
      if (error.code === "event-closed") {
        // Closed while the builder was open (the deadline passed, or the organizer locked it).
        el.form.hidden = true;
        el.state.replaceChildren(h("span", { class: "notice notice-error" }, error.message));
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
