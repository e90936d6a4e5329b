// The deck builder: search on one side, the deck on the other, the verdict beside them.
//
// The browser never judges legality: every change of the deck, the format or the date
// sends the deck to POST /api/v1/games/{game}/validate (debounced) and shows the answer.

import { api, ApiError, isAbort } from "./api.js";
import { cardColor, cardFace, cardFaceNodes, costBadge } from "./cardface.js";
import { deckCharts } from "./charts.js";
import { copyText, debounce, h, typingIn } from "./dom.js";
import { fileOpener } from "./file-open.js";
import { openForEvent } from "./event-submit.js";
import {
  dropDraft,
  fitsKept,
  keepFits,
  keepPasted,
  loadDraft,
  loadPasted,
  myDecks,
  onDraftChange,
  onMyDecksChange,
  rememberDeck,
  saveDraft,
} from "./keep.js";
import { averageCost, oddsTable, sampleHandFigure } from "./odds.js";
import { cardPreview } from "./preview.js";

const VALIDATE_DELAY_MS = 250;
const SEARCH_DELAY_MS = 200;
// The most results tried at once against the deck (the fits endpoint's own limit).
const MAX_FIT_CARDS = 100;
const PER_PAGE = 30;
const DETAIL_REQUESTS_AT_ONCE = 6;

const $ = (id) => document.getElementById(id);
const game = JSON.parse($("builder-config").textContent);
const saved = JSON.parse($("builder-deck").textContent);
const ROOT = document.documentElement.dataset.scriptRoot || "";
const UNDO_SHOWN_MS = 15000;
const TOAST_SHOWN_MS = 1600;
const EVENT = Boolean(document.getElementById("event-banner"));

const state = {
  /** section id -> [{id, name, count}] in the order cards were added */
  sections: new Map(game.sections.map((s) => [s.id, []])),
  /** board id (sideboard, maybeboard) -> [{id, name, count}]: kept with the deck, never counted */
  boards: new Map((game.boards || []).map((b) => [b.id, []])),
  /** card id -> the card as the API shows it (type, facts ...) */
  cards: new Map(),
  savedId: saved ? saved.id : null,
  result: null,
  /** What the last verdict judged (the deck, its name and format), as sent: the export's
   * text is the server's, for that. */
  judged: null,
  searchPage: 0,
  searchPages: 0,
  /** Whether the last search could not be answered (it is asked again once back online). */
  searchFailed: false,
  /** Counts changes of the deck, format or date; the verdict says which one it judged. */
  revision: 0,
  /** Whether the deck changed since it was saved or opened (leaving then asks first). */
  dirty: false,
  /** Counts edits of what Save sends: a save tells the edits made while it was on its way. */
  edits: 0,
  /** Whether a save is on its way (Save stays pressed until it is answered). */
  saving: false,
  /** The deck as it was before Clear, while its Undo is offered. */
  cleared: null,
  /** Whether someone was logged in (the page opened so, or the last save was the account's). */
  loggedIn: "loggedIn" in $("save-status").dataset,
};

const el = {
  name: $("deck-name"),
  description: $("deck-description"),
  format: $("deck-format"),
  asOf: $("deck-as-of"),
  searchForm: $("search-form"),
  query: $("search-q"),
  results: $("search-results"),
  searchStatus: $("search-status"),
  suggestions: $("search-suggestions"),
  fits: $("search-fits"),
  unfit: $("search-unfit"),
  unfitSummary: $("search-unfit-summary"),
  unfitList: $("search-unfit-list"),
  more: $("search-more"),
  deck: $("deck-sections"),
  boards: $("deck-boards"),
  total: $("deck-total"),
  verdict: $("verdict"),
  problems: $("problems"),
  formats: $("format-verdicts"),
  rulesList: $("rules-list"),
  rulesName: $("format-rules-name"),
  charts: $("charts"),
  importText: $("import-text"),
  importButton: $("import-button"),
  importReport: $("import-report"),
  exportText: $("export-text"),
  download: $("export-download"),
  copyExport: $("export-copy"),
  exportJson: $("export-json"),
  exportCsv: $("export-csv"),
  save: $("deck-save"),
  saveStatus: $("save-status"),
  shareLink: $("share-link"),
  shareBox: $("share-box"),
  copyShare: $("share-copy"),
  clear: $("deck-clear"),
  undo: $("undo-notice"),
  undoButton: $("undo-clear"),
  draftStatus: $("draft-status"),
  myDecks: $("my-decks"),
  myDecksEmpty: $("my-decks-empty"),
  barCount: $("bar-count"),
  barVerdict: $("bar-verdict"),
  tabDeckCount: $("tab-deck-count"),
  toast: $("add-toast"),
  filtersToggle: $("filters-toggle"),
  announcer: $("announcer"),
  verdictSaid: $("verdict-said"),
};

const preview = cardPreview(game, (id) => state.cards.get(id) || null, [el.results, el.deck]);

function announce(message) {
  el.announcer.textContent = message;
}

const key = (name) => String(name).trim().toLowerCase();

// -- the deck ------------------------------------------------------------------------

function sectionFor(card) {
  const section = game.sections.find((s) => s.types.includes(card.type));
  return section ? section.id : game.default_section;
}

function sectionName(id) {
  const section = game.sections.find((s) => s.id === id);
  return section ? section.name : id;
}

function addCard(card, sectionId = sectionFor(card), count = 1) {
  state.cards.set(card.id, card);
  const entries = state.sections.get(sectionId);
  let entry = entries.find((e) => e.id === card.id);
  if (!entry) {
    entry = { id: card.id, name: card.name, count: 0 };
    entries.push(entry);
  }
  entry.count += count;
  deckChanged();
  announce(`Added ${card.name}: ${entry.count} in ${sectionName(sectionId)}.`);
  toast(`Added ${card.name} · ${entry.count} in ${sectionName(sectionId)}`);
}

let toastTimer = null;

/** A short note that a tap did something, where a phone's thumb is (hidden after a moment). */
function toast(message) {
  el.toast.textContent = message;
  el.toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.toast.hidden = true;
  }, TOAST_SHOWN_MS);
}

// -- the phone's tabs and bar -------------------------------------------------------------------

// The tabs follow the WAI-ARIA tabs pattern: the picked tab is the bar's one Tab stop (a
// roving tabindex), the arrow keys, Home and End move to another tab and pick it, and each
// tab names the parts of the page it shows (aria-controls).
const tabs = [...document.querySelectorAll("#phone-bar [role='tab']")];

for (const tab of tabs) {
  const panels = [...document.querySelectorAll(`[data-tab-panel="${tab.dataset.tab}"]`)];
  tab.setAttribute("aria-controls", panels.map((panel) => panel.id).join(" "));
}

function showTab(name) {
  for (const tab of tabs) {
    const picked = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(picked));
    tab.tabIndex = picked ? 0 : -1;
  }
  for (const panel of document.querySelectorAll("[data-tab-panel]")) {
    panel.classList.toggle("tab-shown", panel.dataset.tabPanel === name);
  }
}

function pickTab(tab) {
  showTab(tab.dataset.tab);
  window.scrollTo({ top: 0 });
}

document.getElementById("phone-bar").addEventListener("click", (event) => {
  const tab = event.target.closest("[data-tab]");
  if (tab) pickTab(tab);
});

document.getElementById("phone-bar").addEventListener("keydown", (event) => {
  const index = tabs.indexOf(event.target.closest("[role='tab']"));
  if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  const to = {
    ArrowRight: (index + 1) % tabs.length,
    ArrowLeft: (index - 1 + tabs.length) % tabs.length,
    Home: 0,
    End: tabs.length - 1,
  }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  tabs[to].focus();
  pickTab(tabs[to]);
});

/** Whether the search box is on screen (on a phone's tabs, not while another tab is shown). */
function searchShown() {
  return el.query.getClientRects().length > 0;
}

/** The keyboard to the search box; on a phone's tabs, the Search tab shown first (a hidden box
 * takes no focus: it would fall to the page). */
function focusSearch() {
  if (!searchShown()) showTab("search");
  el.query.focus();
}

/** A button disabled or hidden while it had the focus drops it to the page: ``target`` takes
 * it back, unless the keyboard went elsewhere meanwhile. */
function giveFocusBack(hadFocus, target) {
  if (hadFocus && document.activeElement === document.body) target.focus();
}

el.filtersToggle.addEventListener("click", () => {
  const open = el.searchForm.classList.toggle("filters-open");
  el.filtersToggle.setAttribute("aria-expanded", String(open));
});

/** The verdict said to a screen reader when it changed; the first one, on opening, is not. */
let verdictSaid = null;

function sayVerdict(words) {
  if (verdictSaid !== null && words !== verdictSaid) el.verdictSaid.textContent = words;
  verdictSaid = words;
}

/** The bar's verdict word, from the last verdict: legal, not legal, or an empty deck; while the
 * deck changed and is not judged again yet, that it is being checked (never the verdict of the
 * deck as it was beside the count of the deck as it is). */
function renderBar(result, { checking = false } = {}) {
  const bar = el.barVerdict;
  delete bar.dataset.legal;
  delete bar.dataset.empty;
  if (checking) {
    bar.textContent = "Checking…";
  } else if (!result) {
    bar.textContent = "Cannot check";
  } else if (isEmpty()) {
    bar.dataset.empty = "true";
    bar.textContent = "Empty deck";
  } else {
    bar.dataset.legal = String(result.legal);
    // A legal deck's warnings are said too: on a phone the bar is all of the verdict in sight.
    const errors = result.problems.filter((p) => p.severity === "error").length;
    const warnings = result.problems.length - errors;
    bar.textContent = !result.legal
      ? `Not legal · ${errors}`
      : warnings
        ? `Legal · ${warnings} warning${warnings === 1 ? "" : "s"}`
        : "Legal";
  }
}

function removeCard(sectionId, cardId, count = 1) {
  const entries = state.sections.get(sectionId);
  const index = entries.findIndex((e) => e.id === cardId);
  if (index < 0) return;
  const entry = entries[index];
  entry.count -= count;
  if (entry.count <= 0) entries.splice(index, 1);
  deckChanged();
  announce(
    entry.count > 0
      ? `Removed one ${entry.name}: ${entry.count} left.`
      : `Removed ${entry.name} from ${sectionName(sectionId)}.`,
  );
}

function boardName(id) {
  const board = (game.boards || []).find((b) => b.id === id);
  return board ? board.name : id;
}

/** Take a board's card by one (or put one more in): the board is the player's, not the rules'. */
function changeBoard(boardId, cardId, by) {
  const entries = state.boards.get(boardId);
  const index = entries.findIndex((e) => e.id === cardId);
  if (index < 0) return;
  const entry = entries[index];
  entry.count += by;
  if (entry.count <= 0) entries.splice(index, 1);
  deckChanged();
  announce(
    entry.count > 0
      ? `${entry.name}: ${entry.count} in the ${boardName(boardId)}.`
      : `Removed ${entry.name} from the ${boardName(boardId)}.`,
  );
}

/**
 * An entry of the builder's deck. ``printing`` is kept when the list named that very printing
 * ("3 Flame Lash (SDS1A) 14"): sent on without it, the deck would mean the card in any printing.
 */
function deckEntry(id, name, count, printing) {
  return printing === true ? { id, name, count, printing } : { id, name, count };
}

/**
 * One row per card, its copies summed. A list naming a card in any printing and again by its
 * printing or id ("2 Ember Rex", "1 Ember Rex (SDS1A) 2") is read as two entries of the one
 * card (each card has one printing); shown as two rows of one name, the second's − and +
 * changed the first. The row names the printing when any of its lines did.
 */
function oneRowPerCard(entries) {
  const rows = new Map();
  for (const e of entries) {
    const row = rows.get(e.id);
    if (!row) rows.set(e.id, deckEntry(e.id, e.name, e.count, e.printing));
    else {
      row.count += e.count;
      if (e.printing === true) row.printing = true;
    }
  }
  return [...rows.values()];
}

/** The deck's entries as the API gives them ({card, id, count, printing}) -> the builder's rows. */
function fill(store, entriesById) {
  for (const id of store.keys()) store.set(id, []);
  for (const [id, entries] of Object.entries(entriesById || {})) {
    if (store.has(id)) store.set(id, oneRowPerCard(entries.map((e) => deckEntry(e.id, e.card, e.count, e.printing))));
  }
}

/** Put a deck in the builder: its sections and the boards kept beside them (the API's form). */
function replaceDeck(deck, { edit = true } = {}) {
  fill(state.sections, deck && deck.sections);
  fill(state.boards, deck && deck.boards);
  loadDetails();
  deckChanged({ now: true, edit });
}

function payloadOf(store) {
  const part = {};
  for (const [id, entries] of store) {
    if (entries.length) {
      part[id] = entries.map(({ id: card, count, printing }) => (printing ? { card, count, printing } : { card, count }));
    }
  }
  return part;
}

function deckPayload() {
  const payload = { name: el.name.value.trim(), format: el.format.value, sections: payloadOf(state.sections) };
  const boards = payloadOf(state.boards);
  if (Object.keys(boards).length) payload.boards = boards;
  return payload;
}

/** How many cards the deck holds, every section together. */
function copies() {
  let total = 0;
  for (const entries of state.sections.values()) for (const e of entries) total += e.count;
  return total;
}

function deckChanged({ now = false, edit = true } = {}) {
  renderDeck();
  if (edit) {
    if (state.cleared) hideUndo();
    markUnsaved();
    keepDraft();
  }
  revise(now);
}

/** Something the verdict depends on changed: ask for a new one (soon, or now). */
function revise(now) {
  renderBar(null, { checking: true });
  if (el.fits.checked) applyFitsSoon();
  state.revision += 1;
  el.deck.dataset.revision = String(state.revision);
  if (now) validateDeck.now();
  else validateDeck();
}

/** Fetch the details (type, facts) of deck cards that came from an import or a saved deck. */
async function loadDetails() {
  const missing = [];
  for (const entries of state.sections.values()) {
    for (const e of entries) if (!state.cards.has(e.id) && !missing.includes(e.id)) missing.push(e.id);
  }
  const worker = async () => {
    while (missing.length) {
      const id = missing.shift();
      try {
        state.cards.set(id, await api(`/games/${encodeURIComponent(game.id)}/cards/${encodeURIComponent(id)}`));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: DETAIL_REQUESTS_AT_ONCE }, worker));
  renderDeck();
  // The draw odds by type need every card's type, which has just come.
  if (state.result) el.charts.replaceChildren(...deckCharts(game, state.result.summary), ...drawOdds());
}

// -- drawing the deck ------------------------------------------------------------------

/**
 * The section a format's rule looks at, when it looks at one section only ("Your deck holds
 * only ..."): its problems are about the cards in that section, not copies elsewhere.
 */
function ruleSection(ruleId) {
  const fmt = game.formats.find((f) => f.id === ((state.result && state.result.format) || el.format.value));
  const rule = fmt && (fmt.rules || []).find((r) => r.id === ruleId);
  return rule ? rule.section || null : null;
}

/** Whether a problem is about the card of this deck row. */
function concerns(problem, sectionId, name) {
  if (!(problem.cards || []).some((c) => key(c) === key(name))) return false;
  return !problem.section || !ruleSection(problem.rule) || problem.section === sectionId;
}

/** The last verdict's problems about one deck row's card. */
function problemsOf(sectionId, name) {
  return ((state.result && state.result.problems) || []).filter((p) => concerns(p, sectionId, name));
}

/** "error" | "warning" | null: how badly the card of a deck row breaks the rules. */
function severityOf(sectionId, name) {
  const found = problemsOf(sectionId, name);
  if (!found.length) return null;
  return found.some((p) => p.severity === "error") ? "error" : "warning";
}

/**
 * section id -> {severity, messages} of the problems about a section as a whole (how many
 * cards it holds): they name no card, so they mark the section's heading, not its cards.
 */
function offendingSections() {
  const found = new Map();
  // An empty deck breaks every size rule; it is a start, not sections to paint red.
  if (isEmpty()) return found;
  for (const problem of (state.result && state.result.problems) || []) {
    if (!problem.section || (problem.cards || []).length) continue;
    const mark = found.get(problem.section) || { severity: "warning", messages: [] };
    if (problem.severity === "error") mark.severity = "error";
    mark.messages.push(problem.message);
    found.set(problem.section, mark);
  }
  return found;
}

function flagSection(box, mark) {
  const heading = box.querySelector("h3");
  const flag = heading.querySelector(".section-flag");
  heading.classList.toggle("section-offending", Boolean(mark));
  heading.classList.toggle("section-offending-warning", Boolean(mark) && mark.severity === "warning");
  flag.hidden = !mark;
  if (!mark) {
    flag.className = "section-flag";
    flag.replaceChildren();
    flag.removeAttribute("title");
    return;
  }
  flag.className = `section-flag row-flag row-flag-${mark.severity}`;
  flag.title = mark.messages.join("\n");
  flag.replaceChildren(
    h("span", { "aria-hidden": "true" }, "!"),
    h("span", { class: "visually-hidden" }, mark.severity === "error" ? "Breaks a rule" : "Warning"),
  );
}

function rowId(sectionId, cardId) {
  return `row-${sectionId}-${cardId}`.replace(/[^A-Za-z0-9_-]/g, "_");
}

function deckRow(sectionId, entry) {
  const card = state.cards.get(entry.id) || { id: entry.id, name: entry.name, facts: {} };
  const rowProblems = problemsOf(sectionId, entry.name);
  const severity = severityOf(sectionId, entry.name);
  const face = cardFace(game, card);
  const focusKey = (what) => `${what}:${sectionId}:${entry.id}`;
  const dataset = { card: entry.id, section: sectionId, name: entry.name };
  if (!state.cards.has(entry.id)) dataset.loading = "true";
  return h(
    "li",
    {
      class: "deck-row" + (severity ? ` offending offending-${severity}` : ""),
      id: rowId(sectionId, entry.id),
      dataset,
      title: rowProblems.map((p) => p.message).join("\n") || null,
    },
    h("span", { class: "deck-count" }, `${entry.count}`, h("span", { "aria-hidden": "true" }, "×")),
    costBadge(face, cardColor(game, card)),
    h(
      "span",
      { class: "card-main" },
      h(
        "button",
        {
          type: "button",
          class: "card-name card-name-button",
          dataset: { info: entry.id, focusKey: focusKey("info") },
          title: "Show the card",
        },
        entry.name,
      ),
      h("span", { class: "card-meta" }, [card.type, ...face.chips.slice(0, 2).map((c) => c.value)].filter(Boolean).join(" · ")),
    ),
    severity
      ? h(
          "span",
          { class: `row-flag row-flag-${severity}` },
          h("span", { "aria-hidden": "true" }, "!"),
          h("span", { class: "visually-hidden" }, severity === "error" ? "Breaks a rule" : "Warning"),
        )
      : null,
    h(
      "span",
      { class: "row-actions" },
      h(
        "button",
        {
          type: "button",
          class: "icon-button",
          "aria-label": `Remove one ${entry.name}`,
          dataset: { action: "remove", focusKey: focusKey("remove") },
          title: "Remove one (− or Delete)",
        },
        "−",
      ),
      h(
        "button",
        {
          type: "button",
          class: "icon-button",
          "aria-label": `Add one ${entry.name}`,
          dataset: { action: "add", focusKey: focusKey("add") },
          title: "Add one (+)",
        },
        "+",
      ),
    ),
  );
}

function renderDeck() {
  const active = document.activeElement;
  const focusKey = active && el.deck.contains(active) ? active.dataset.focusKey : null;
  const focusRow = focusKey ? active.closest(".deck-row") : null;
  const rowIndex = focusRow ? [...el.deck.querySelectorAll(".deck-row")].indexOf(focusRow) : -1;

  const flagged = offendingSections();
  let total = 0;
  for (const section of game.sections) {
    const box = el.deck.querySelector(`[data-section-box="${CSS.escape(section.id)}"]`);
    const entries = state.sections.get(section.id);
    const count = entries.reduce((n, e) => n + e.count, 0);
    total += count;
    box.querySelector(".section-count").textContent = String(count);
    flagSection(box, flagged.get(section.id));
    box.querySelector(".deck-rows").replaceChildren(...entries.map((e) => deckRow(section.id, e)));
    box.querySelector(".section-empty").hidden = entries.length > 0;
  }
  el.total.textContent = `${total} card${total === 1 ? "" : "s"}`;
  el.barCount.textContent = el.total.textContent;
  el.tabDeckCount.textContent = String(total);
  renderBoards();

  if (focusKey) {
    // Keep the keyboard where it was; if the row went away, move to its neighbour.
    let target = el.deck.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    if (!target) {
      const rows = [...el.deck.querySelectorAll(".deck-row")];
      const row = rows[Math.min(rowIndex, rows.length - 1)];
      // The deck emptied: the search box, or on a phone, where it is under another tab, the
      // Deck tab (which says 0).
      if (row) target = row.querySelector(`[data-action="${active.dataset.action}"]`);
      else target = searchShown() ? el.query : $("tab-deck");
    }
    if (target) target.focus();
  }
}

/** The sideboard and maybe-board: each folded under the deck, shown only when it holds cards. */
function renderBoards() {
  if (!el.boards) return;
  const active = document.activeElement;
  const focused = active && el.boards.contains(active) ? active.getAttribute("aria-label") : null;
  for (const [boardId, entries] of state.boards) {
    const box = el.boards.querySelector(`[data-board-box="${CSS.escape(boardId)}"]`);
    if (!box) continue;
    box.hidden = entries.length === 0;
    box.querySelector(".board-count").textContent = String(entries.reduce((n, e) => n + e.count, 0));
    box.querySelector(".board-rows").replaceChildren(...entries.map((e) => boardRow(boardId, e)));
  }
  // Keep the keyboard on the button it pressed while its card is still on the board.
  const again = focused && el.boards.querySelector(`button[aria-label="${CSS.escape(focused)}"]`);
  if (again) again.focus();
}

function boardRow(boardId, entry) {
  const button = (action, label, text) =>
    h("button", { type: "button", class: "icon-button", "aria-label": `${label} ${entry.name} (${boardName(boardId)})`, dataset: { action } }, text);
  return h(
    "li",
    { class: "board-row", dataset: { card: entry.id, board: boardId, name: entry.name } },
    h("span", { class: "deck-count" }, `${entry.count}`, h("span", { "aria-hidden": "true" }, "×")),
    h("span", { class: "card-main" }, h("span", { class: "card-name" }, entry.name)),
    h("span", { class: "row-actions" }, button("remove", "Remove one", "−"), button("add", "Add one", "+")),
  );
}

if (el.boards) {
  el.boards.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const { board, card } = button.closest(".board-row").dataset;
    changeBoard(board, card, button.dataset.action === "add" ? 1 : -1);
  });
}

el.deck.addEventListener("click", (event) => {
  const info = event.target.closest("button[data-info]");
  if (info) {
    // A click of no pointer (detail 0) is a key's: Enter or Space on the button.
    preview.toggle(info.dataset.info, event.detail === 0 ? info : null);
    return;
  }
  const button = event.target.closest("button[data-action]");
  if (!button) return;
  const row = button.closest(".deck-row");
  act(button.dataset.action, row);
});

function act(action, row) {
  const { section, card } = row.dataset;
  if (action === "remove") removeCard(section, card);
  else {
    const known = state.cards.get(card) || { id: card, name: row.dataset.name };
    addCard(known, section);
  }
}

el.deck.addEventListener("keydown", (event) => {
  const row = event.target.closest(".deck-row");
  if (!row) return;
  const rows = [...el.deck.querySelectorAll(".deck-row")];
  const index = rows.indexOf(row);
  const action = event.target.dataset.action || "add";
  if (event.key === "+" || event.key === "=") act("add", row);
  else if (event.key === "-" || event.key === "Delete" || event.key === "Backspace") act("remove", row);
  else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const next = rows[index + (event.key === "ArrowDown" ? 1 : -1)];
    if (next) next.querySelector(`[data-action="${action}"]`).focus();
  } else if (event.key === "Escape") focusSearch();
  else return;
  event.preventDefault();
});

/** The deck's entries (and its name and format) as they are now, to put back later. */
function snapshot() {
  const copy = (store) => new Map([...store].map(([id, entries]) => [id, entries.map((e) => ({ ...e }))]));
  return { sections: copy(state.sections), boards: copy(state.boards), name: el.name.value, format: el.format.value };
}

/** Whether the deck holds any card, its boards too. */
function holdsCards() {
  return copies() > 0 || [...state.boards.values()].some((e) => e.length);
}

let undoTimer = null;

function hideUndo() {
  clearTimeout(undoTimer);
  state.cleared = null;
  el.undo.hidden = true;
  for (const offer of document.querySelectorAll(".import-undo")) offer.remove();
}

/** Offer to put back the deck as it was before it was cleared or replaced by an import. */
function offerUndo(before, said) {
  state.cleared = before;
  $("undo-text").textContent = said;
  el.undo.hidden = false;
  clearTimeout(undoTimer);
  undoTimer = setTimeout(hideUndo, UNDO_SHOWN_MS);
}

el.clear.addEventListener("click", () => {
  if (!holdsCards()) return;
  const before = snapshot();
  replaceDeck(null);
  offerUndo(before, "The deck was cleared.");
  announce("The deck is empty. Undo puts it back.");
});

/** Put back a deck as :func:`snapshot` took it. */
function putBack(before) {
  state.sections = before.sections;
  state.boards = before.boards;
  el.name.value = before.name;
  if (!el.format.disabled) el.format.value = before.format;
  renderRules();
  loadDetails();
  deckChanged({ now: true });
}

el.undoButton.addEventListener("click", () => {
  const before = state.cleared;
  hideUndo();
  if (!before) return;
  putBack(before);
  announce("The deck is back.");
  el.clear.focus();
});

/** The draw odds of the deck's drawn sections (the game's ``play``), for the stats panel. */
function drawOdds() {
  const average = state.result ? averageCost(game, state.result.summary) : [];
  const play = game.play;
  if (!play) return average;
  const drawn = new Set(play.draw_from || [game.default_section]);
  const entries = [];
  for (const [sectionId, rows] of state.sections) {
    if (!drawn.has(sectionId)) continue;
    for (const e of rows) entries.push({ name: e.name, count: e.count, type: (state.cards.get(e.id) || {}).type });
  }
  return [...average, ...oddsTable(play, entries), ...sampleHandFigure(play, entries)];
}

// -- the verdict ------------------------------------------------------------------------

let validation = null;

const validateDeck = debounce(async () => {
  if (validation) validation.abort();
  validation = new AbortController();
  const { signal } = validation;
  const revision = state.revision;
  el.verdict.classList.add("checking");
  el.verdict.setAttribute("aria-busy", "true");
  try {
    const body = deckPayload();
    const sent = JSON.stringify(body);
    if (el.asOf.value) body.as_of = el.asOf.value;
    const result = await api(`/games/${encodeURIComponent(game.id)}/validate`, { method: "POST", json: body, signal });
    el.asOf.removeAttribute("aria-invalid");
    state.result = result;
    state.judged = sent;
    renderVerdict(result);
    renderBar(result);
    el.verdict.dataset.revision = String(revision);
    renderDeck();
  } catch (error) {
    if (isAbort(error)) return;
    if (!(error instanceof ApiError)) throw error;
    state.result = null;
    renderVerdictError(error);
    renderBar(null);
    el.verdict.dataset.revision = String(revision);
    renderDeck();
  } finally {
    if (!signal.aborted) {
      el.verdict.classList.remove("checking");
      el.verdict.removeAttribute("aria-busy");
    }
  }
}, VALIDATE_DELAY_MS);

/** Whether the server refused the date the deck is checked by (a year of five or six digits
 * typed into the date field, which the browser takes). */
function badDate(error) {
  return error.code === "invalid-body" && (error.details || []).some((d) => String(d).startsWith("as_of"));
}

function renderVerdictError(error) {
  el.verdict.className = "verdict verdict-unknown";
  delete el.verdict.dataset.legal;
  if (badDate(error)) {
    // Not the deck: the date. Say which field, and offer the way out.
    el.asOf.setAttribute("aria-invalid", "true");
    const message = `No rules can be read for ${el.asOf.value || "the date picked"}: pick a day with a four-digit year, or check with today's rules.`;
    const today = h("button", { type: "button", class: "button check-again" }, "Check with today's rules");
    today.addEventListener("click", () => {
      el.asOf.value = "";
      el.asOf.dispatchEvent(new Event("change"));
    });
    el.verdict.replaceChildren(h("strong", {}, "Cannot check this deck"), h("p", {}, message), today);
    sayVerdict(`Cannot check this deck: ${message}`);
    el.problems.replaceChildren();
    el.formats.replaceChildren();
    return;
  }
  // The message asks to try again: the button does, and so does the connection coming back.
  const again = h("button", { type: "button", class: "button check-again" }, "Check again");
  again.addEventListener("click", () => revise(true));
  el.verdict.replaceChildren(h("strong", {}, "Cannot check this deck"), h("p", {}, error.message), again);
  sayVerdict(`Cannot check this deck: ${error.message}`);
  el.problems.replaceChildren();
  el.formats.replaceChildren();
}

// Back online after a verdict or a search could not reach the server: ask again, so the page
// does not go on saying it cannot check a deck it now can.
window.addEventListener("online", () => {
  if (!state.result) revise(true);
  if (state.searchFailed) search(1);
});

/** Whether the deck holds no card at all, in any section or board. */
function isEmpty() {
  return !copies() && ![...state.boards.values()].some((e) => e.length);
}

/**
 * A deck with nothing in it yet is not "Not legal": it is a start. Say what to add first,
 * from what the rules ask of each section (their size problems name the sections in order).
 */
function renderStart(result) {
  const wanted = [];
  for (const problem of result.problems) {
    if (!problem.section || (problem.cards || []).length || problem.expected === null) continue;
    if (wanted.some((w) => w.section === problem.section)) continue;
    wanted.push({ section: problem.section, count: String(problem.expected) });
  }
  const order = game.sections.map((s) => s.id);
  wanted.sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
  el.verdict.className = "verdict verdict-unknown verdict-empty";
  el.verdict.dataset.legal = String(result.legal);
  el.verdict.dataset.empty = "true";
  sayVerdict(`An empty deck for ${result.format_name}.`);
  el.verdict.replaceChildren(
    h("strong", { class: "verdict-word" }, "An empty deck"),
    h("span", { class: "verdict-format" }, ` for ${result.format_name}`),
    h(
      "p",
      { class: "verdict-start" },
      wanted.length
        ? [
            "Start with ",
            wanted.map((w, i) => [
              i ? (i === wanted.length - 1 ? " and " : ", ") : null,
              h("strong", {}, sectionName(w.section)),
              ` (${w.count})`,
            ]),
            ".",
          ]
        : "Add cards from the search to start.",
    ),
  );
  el.problems.replaceChildren();
  el.formats.replaceChildren(
    ...Object.values(result.formats || {}).map((f) =>
      h("li", { class: "format-empty" }, h("span", { class: "format-mark", "aria-hidden": "true" }, "·"), ` ${f.name}: nothing to judge yet`),
    ),
  );
}

function renderVerdict(result) {
  delete el.verdict.dataset.empty;
  const errors = result.problems.filter((p) => p.severity === "error").length;
  const warnings = result.problems.length - errors;
  const counts = [
    errors ? `${errors} error${errors === 1 ? "" : "s"}` : null,
    warnings ? `${warnings} warning${warnings === 1 ? "" : "s"}` : null,
  ].filter(Boolean);
  el.verdict.className = "verdict " + (result.legal ? "verdict-legal" : "verdict-illegal");
  el.verdict.dataset.legal = String(result.legal);
  el.verdict.replaceChildren(
    h("strong", { class: "verdict-word" }, result.legal ? "Legal" : "Not legal"),
    h("span", { class: "verdict-format" }, ` in ${result.format_name}`),
  );
  if (counts.length) el.verdict.append(h("span", { class: "verdict-counts" }, counts.join(", ")));
  if (!isEmpty()) {
    const words = `${result.legal ? "Legal" : "Not legal"} in ${result.format_name}`;
    sayVerdict(counts.length ? `${words}: ${counts.join(", ")}.` : `${words}.`);
  }
  el.problems.replaceChildren(...result.problems.map(problemItem));
  el.formats.replaceChildren(
    ...Object.entries(result.formats || {}).map(([id, f]) =>
      h(
        "li",
        { class: f.legal ? "format-legal" : "format-illegal" },
        h("span", { "aria-hidden": "true", class: "format-mark" }, f.legal ? "✓" : "✗"),
        h("span", {}, ` ${f.name}: `),
        h("span", {}, f.legal ? "legal" : `${f.errors} error${f.errors === 1 ? "" : "s"}`),
        f.warnings ? h("span", {}, `, ${f.warnings} warning${f.warnings === 1 ? "" : "s"}`) : null,
        id === result.format ? h("span", { class: "visually-hidden" }, " (the format picked)") : null,
      ),
    ),
  );
  el.charts.replaceChildren(...deckCharts(game, result.summary), ...drawOdds());
  if (isEmpty()) renderStart(result);
  el.exportText.value = result.text || "";
  el.download.disabled = !result.text;
  el.copyExport.disabled = !result.text;
  el.exportJson.disabled = !result.text;
  el.exportCsv.disabled = !result.text;
}

function problemItem(problem) {
  const rows = [...el.deck.querySelectorAll(".deck-row")].filter((r) =>
    concerns(problem, r.dataset.section, r.dataset.name),
  );
  return h(
    "li",
    { class: `problem problem-${problem.severity}` },
    h("span", { class: `severity severity-${problem.severity}` }, problem.severity === "error" ? "Error" : "Warning"),
    h("p", { class: "problem-message" }, problem.message),
    h(
      "p",
      { class: "problem-meta" },
      h("span", {}, "Rule "),
      h("code", {}, problem.rule),
      problem.section ? h("span", {}, ` · ${sectionName(problem.section)}`) : null,
    ),
    rows.length
      ? h(
          "p",
          { class: "problem-cards" },
          "Cards: ",
          rows.map((row, i) => [
            i ? ", " : null,
            h(
              "button",
              {
                type: "button",
                class: "link-button",
                onclick: () => {
                  const target = row.isConnected ? row : document.getElementById(row.id);
                  if (!target) return;
                  showTab("deck");
                  target.scrollIntoView({ block: "nearest" });
                  target.querySelector('button[data-action="remove"]').focus();
                },
              },
              row.dataset.name,
            ),
          ]),
        )
      : null,
    !rows.length && problem.section && !(problem.cards || []).length
      ? h(
          "p",
          { class: "problem-cards" },
          "Section: ",
          h("button", { type: "button", class: "link-button", onclick: () => goToSection(problem.section) }, sectionName(problem.section)),
        )
      : null,
    readingBoxes(problem.readings),
    problem.cite
      ? h("details", { class: "problem-cite" }, h("summary", {}, "What the rulebook says"), h("blockquote", {}, problem.cite))
      : null,
  );
}

function goToSection(sectionId) {
  const box = el.deck.querySelector(`[data-section-box="${CSS.escape(sectionId)}"]`);
  if (!box) return;
  showTab("deck");
  // On a phone (its bar shown) the Deck tab opens on the deck's settings: the section comes to
  // the top, its cards under it, not to the bottom edge with its cards behind the bar.
  const phone = getComputedStyle(document.getElementById("phone-bar")).display !== "none";
  box.scrollIntoView({ block: phone ? "start" : "nearest" });
  const button = box.querySelector("button");
  if (button) button.focus();
}

/**
 * "How Deckwright reads this": where the rulebook's sentence can be read two ways, the
 * reading the game's pool records (its decisions), why, and the format built on the other.
 */
function readingBoxes(readings) {
  return (readings || []).map((reading) =>
    h(
      "div",
      { class: "reading", role: "note", "aria-label": "How Deckwright reads this" },
      h("p", { class: "reading-title" }, "How Deckwright reads this"),
      h("p", { class: "reading-text" }, reading.reading),
      h("p", { class: "reading-reason" }, h("span", { class: "reading-why" }, "Why:"), " ", reading.reason),
      reading.alternative ? alternativeNote(reading) : null,
    ),
  );
}

function alternativeNote(reading) {
  const name = reading.alternative_name || reading.alternative;
  const offered = [...el.format.options].some((o) => o.value === reading.alternative);
  if (!offered || el.format.disabled) {
    return h("p", { class: "reading-alternative" }, "Read it the other way in the ", h("strong", {}, name), " format.");
  }
  return h(
    "p",
    { class: "reading-alternative" },
    "Read it the other way: ",
    h(
      "button",
      {
        type: "button",
        class: "link-button",
        onclick: () => {
          el.format.value = reading.alternative;
          formatChanged();
          announce(`Judging the deck in ${name}.`);
        },
      },
      `judge the deck in ${name}`,
    ),
  );
}

/** The picked format's rules, each with the rulebook's words and how Deckwright reads it. */
function renderRules() {
  const fmt = game.formats.find((f) => f.id === el.format.value) || game.formats[0];
  if (!fmt || !el.rulesList) return;
  el.rulesName.textContent = fmt.name;
  el.rulesList.replaceChildren(
    ...(fmt.rules || []).map((rule) =>
      h(
        "li",
        { class: "format-rule", dataset: { rule: rule.id } },
        h("p", { class: "format-rule-title" }, rule.rule, rule.severity === "warning" ? h("span", { class: "muted" }, " (a recommendation)") : null),
        rule.cite ? h("blockquote", { class: "format-rule-cite" }, rule.cite) : null,
        readingBoxes(rule.readings),
      ),
    ),
  );
}

function formatChanged() {
  renderRules();
  revise(true);
}

el.format.addEventListener("change", formatChanged);
el.asOf.addEventListener("change", () => revise(true));

// -- searching ---------------------------------------------------------------------------

let searching = null;

function searchQuery(page) {
  const query = { q: el.query.value.trim(), page, per_page: PER_PAGE };
  for (const field of el.searchForm.querySelectorAll("select[name], input[type=number][name]")) {
    query[field.name] = field.value.trim();
  }
  return query;
}

async function search(page = 1) {
  if (searching) searching.abort();
  searching = new AbortController();
  const query = searchQuery(page);
  state.askedQuery = JSON.stringify({ ...query, page: 1 });
  try {
    const answer = await api(`/games/${encodeURIComponent(game.id)}/cards`, {
      query,
      signal: searching.signal,
    });
    if (!answer || !Array.isArray(answer.cards)) {
      el.more.hidden = true;
      el.searchStatus.textContent = "The search gave no answer; try again.";
      return;
    }
    state.shownQuery = JSON.stringify({ ...query, page: 1 });
    for (const card of answer.cards) state.cards.set(card.id, card);
    const shown = [...el.results.querySelectorAll("button.result")].map((b) => b.dataset.card).join("\n");
    if (page === 1 && shown === answer.cards.map((c) => c.id).join("\n")) {
      // The same cards as shown: leave the list alone, so a click in progress is not lost.
      updateSearchStatus(answer);
      applyFits();
      return;
    }
    const items = answer.cards.map(resultItem);
    const addButton = (item) => item.querySelector("button.result");
    const focused = el.results.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    const fromMore = page > 1 && document.activeElement === el.more;
    if (page === 1) el.results.replaceChildren(...items);
    else el.results.append(...items);
    roveReset();
    if (focused && !el.results.contains(document.activeElement)) {
      // A newer answer replaced the list under the keyboard: stay on the same card, or the top.
      const again = items.find((item) => addButton(item).dataset.card === focused) || items[0];
      (again ? addButton(again) : el.query).focus();
    }
    updateSearchStatus(answer);
    applyFits();
    // The last page hides More results: the focus on it would fall to the page; it goes to the
    // first card the page brought that is shown.
    const first = fromMore && el.more.hidden ? items.find((item) => !item.hidden) : null;
    if (first) addButton(first).focus();
  } catch (error) {
    if (isAbort(error)) return;
    if (!(error instanceof ApiError)) throw error;
    state.searchFailed = true;
    el.searchStatus.textContent = error.message;
    el.suggestions.hidden = true;
  }
}

/** How a result is added, in the words of the hand at it: a phone's has no Enter nor click. */
const HOW_TO_ADD = window.matchMedia("(pointer: coarse)").matches ? "a tap adds one." : "Enter or click adds one.";

function updateSearchStatus(answer) {
  state.searchFailed = false;
  state.searchPage = answer.page;
  state.searchPages = answer.pages;
  el.more.hidden = answer.total <= answer.cards.length || answer.page >= answer.pages;
  const suggestions = answer.total === 0 && Array.isArray(answer.suggestions) ? answer.suggestions : [];
  // The note on the cards hidden stays until the fits of these results replace it: the
  // status keeps its lines, so the results do not jump at each key typed.
  el.searchStatus.textContent =
    (answer.total === 0
      ? `No cards match.${suggestions.length ? ` Did you mean ${suggestions.join(" or ")}?` : ""}`
      : `${answer.total} card${answer.total === 1 ? "" : "s"}; ${HOW_TO_ADD}`) +
    (el.fits.checked && answer.total ? state.fitsNote || "" : "");
  // A misspelt name ("embr rex"): the cards it may mean, a tap from being searched.
  el.suggestions.hidden = !suggestions.length;
  // The same names as shown: leave the buttons alone, so the one the keyboard is on stays.
  const shown = [...el.suggestions.querySelectorAll("button")].map((b) => b.dataset.name);
  if (shown.join("\n") === suggestions.join("\n")) return;
  el.suggestions.replaceChildren(
    ...suggestions.map((name) =>
      h("button", { type: "button", class: "button", dataset: { name } }, `Search for ${name}`),
    ),
  );
}

el.suggestions.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-name]");
  if (!button) return;
  el.query.value = button.dataset.name;
  el.query.focus();
  searchSoon.now();
});

// -- fits my deck ------------------------------------------------------------------------


/** With "Fits my deck" on, hide the results a copy more of which would break a rule naming
 * them (the server tries each against the format); off, show them all again. */
async function applyFits() {
  if (state.fitting) state.fitting.abort();
  const rows = [...el.results.querySelectorAll("li.result-row")];
  if (!el.fits.checked) {
    for (const row of rows) {
      row.hidden = false;
      row.classList.remove("unfit");
      row.removeAttribute("title");
    }
    sayUnfit([]);
    roveReset();
    return;
  }
  const ids = rows.map((row) => row.querySelector("button.result").dataset.card);
  if (!ids.length) {
    sayUnfit([]);
    return;
  }
  state.fitting = new AbortController();
  const body = { ...deckPayload(), cards: ids.slice(-MAX_FIT_CARDS) };
  if (el.asOf.value) body.as_of = el.asOf.value;
  try {
    const answer = await api(`/games/${encodeURIComponent(game.id)}/fits`, {
      method: "POST",
      json: body,
      signal: state.fitting.signal,
    });
    const verdicts = new Map(answer.cards.map((c) => [c.id, c]));
    // Only the keyboard's focus moves on (a tap's would open a phone's keyboard in the search box).
    const active = document.activeElement;
    const focused = el.results.contains(active) && active.matches(":focus-visible") ? active : null;
    const unfits = [];
    for (const row of rows) {
      const id = row.querySelector("button.result").dataset.card;
      const verdict = verdicts.get(id);
      const unfit = Boolean(verdict && !verdict.fits);
      row.hidden = unfit;
      row.classList.toggle("unfit", unfit);
      if (unfit) {
        row.title = verdict.reason;
        unfits.push({ ...verdict, name: state.cards.get(id)?.name || id });
      } else {
        row.removeAttribute("title");
      }
    }
    keepFocusOnShown(focused);
    roveReset();
    sayUnfit(unfits, answer.format);
  } catch (error) {
    if (isAbort(error)) return;
    if (!(error instanceof ApiError)) throw error;
    sayUnfit([]);
    el.searchStatus.textContent = error.message;
  }
}

/**
 * The keyboard was on a result "Fits my deck" has just hidden (its last copy added): it moves
 * to the next result shown (the one before at the end; with none, the search box), on the
 * same button (add or "i"), not to the page's top, where the next key would do nothing.
 */
function keepFocusOnShown(focused) {
  const row = focused && focused.closest("li.result-row");
  if (!row || !row.hidden) return;
  const rows = [...el.results.querySelectorAll("li.result-row")];
  const at = rows.indexOf(row);
  const to =
    rows.slice(at + 1).find((r) => !r.hidden) || rows.slice(0, at).reverse().find((r) => !r.hidden) || null;
  const button = to && to.querySelector(focused.matches(".info-button") ? ".info-button" : "button.result");
  (button || el.query).focus();
}

/**
 * The cards "Fits my deck" hid, grouped by the rule they break, the commonest first: each
 * group's words are its one reason, or the rule's title when its reasons name each card.
 */
function unfitGroups(unfits, formatId) {
  const fmt = game.formats.find((f) => f.id === formatId);
  const groups = new Map();
  for (const unfit of unfits) {
    const key = unfit.rule || unfit.reason;
    if (!groups.has(key)) groups.set(key, { rule: unfit.rule, cards: [] });
    groups.get(key).cards.push(unfit);
  }
  return [...groups.values()]
    .map((group) => {
      const reasons = new Set(group.cards.map((c) => c.reason));
      const rule = fmt && (fmt.rules || []).find((r) => r.id === group.rule);
      const words = reasons.size === 1 || !rule ? group.cards[0].reason : rule.rule;
      return { ...group, words };
    })
    .sort((a, b) => b.cards.length - a.cards.length);
}

/**
 * Say why the results not shown are hidden, where a player reads it without hovering: the
 * search status names the commonest reason and how many cards other reasons hid; the
 * folded list under it gives each hidden card's reason, a Tab away.
 */
function sayUnfit(unfits, formatId) {
  const old = state.fitsNote || "";
  const text = el.searchStatus.textContent;
  const base = old && text.endsWith(old) ? text.slice(0, text.length - old.length) : text;
  const groups = unfitGroups(unfits, formatId);
  const count = unfits.length;
  let note = "";
  if (count) {
    const head = `${count} card${count === 1 ? "" : "s"} shown here ${count === 1 ? "does" : "do"} not fit your deck`;
    if (groups.length === 1) {
      note = ` ${head}: ${sentence(groups[0].words)}`;
    } else {
      const [top, ...rest] = groups;
      const others = count - top.cards.length;
      note =
        ` ${head}: ${top.cards.length} because \u201c${top.words}\u201d,` +
        ` ${others} for ${rest.length === 1 ? "another reason" : `${rest.length} other reasons`}.`;
    }
  }
  state.fitsNote = note;
  el.searchStatus.textContent = base + note;
  el.searchStatus.dataset.hiddenCards = String(count);
  el.unfit.hidden = !count;
  if (!count) {
    el.unfitList.replaceChildren();
    return;
  }
  el.unfitSummary.textContent = count === 1 ? "Why it is hidden" : `Why each of the ${count} is hidden`;
  // One line for each reason, with the cards it hid when the reason does not name them.
  const byReason = new Map();
  for (const group of groups) {
    for (const unfit of group.cards) {
      if (!byReason.has(unfit.reason)) byReason.set(unfit.reason, []);
      byReason.get(unfit.reason).push(unfit.name);
    }
  }
  el.unfitList.replaceChildren(
    ...[...byReason].map(([reason, names]) =>
      h(
        "li",
        {},
        h("span", { class: "unfit-reason" }, reason),
        names.length === 1 && reason.includes(names[0])
          ? null
          : h("span", { class: "unfit-cards muted" }, ` (${names.join(", ")})`),
      ),
    ),
  );
}

/** Words ending as a sentence does. */
function sentence(words) {
  return /[.!?]$/.test(words) ? words : `${words}.`;
}

function applyFitsSoon() {
  clearTimeout(state.fitsTimer);
  state.fitsTimer = setTimeout(applyFits, SEARCH_DELAY_MS);
}

function resultItem(card) {
  const face = cardFaceNodes(game, card);
  // The face beside the name (cost, type and set, stats, chips) is the add button's
  // description, or a screen reader would hear the name alone.
  const described = [face[0], face[1].querySelector(".card-meta"), face[2]].filter(
    (node) => node && node.getAttribute("aria-hidden") !== "true" && node.textContent.trim(),
  );
  described.forEach((node, i) => {
    node.id = `result-${card.id}-${i}`;
  });
  // The add button is the card's name as shown, and its name starts with those words (WCAG
  // 2.5.3: a voice user says what they see); a button holding the whole face was named by
  // none of its words in their order. Its box covers the face (site.css), so a click or a tap
  // anywhere on the card still adds it.
  face[1].querySelector(".card-name").replaceWith(
    h(
      "button",
      {
        type: "button",
        class: "result card-name",
        dataset: { card: card.id },
        "aria-describedby": described.map((node) => node.id).join(" ") || null,
      },
      card.name,
      h("span", { class: "visually-hidden" }, ` (${card.type}), add`),
    ),
  );
  return h(
    "li",
    { class: "result-row" },
    h(
      "div",
      { class: "result-card", style: { "--chip": cardColor(game, card) } },
      face,
      h("span", { class: "result-add", "aria-hidden": "true" }, "+"),
    ),
    h(
      "button",
      { type: "button", class: "info-button", dataset: { info: card.id }, "aria-label": `Show ${card.name}`, title: "Show the card" },
      "i",
    ),
  );
}

/** On a phone the filters fold away: their button says when "Fits my deck" hides cards. */
function sayFitsOn() {
  $("filters-fits").hidden = !el.fits.checked;
}

const searchSoon = debounce(() => search(1), SEARCH_DELAY_MS);
el.query.addEventListener("input", searchSoon);
el.searchForm.addEventListener("input", (event) => {
  if (event.target.type === "number") searchSoon();
});
el.searchForm.addEventListener("change", (event) => {
  if (event.target === el.fits) {
    keepFits(el.fits.checked);
    sayFitsOn();
  }
  searchSoon.now();
});
el.searchForm.addEventListener("submit", (event) => {
  event.preventDefault();
  searchSoon.now();
});
el.more.addEventListener("click", () => {
  // The next page of the results shown; if the words changed since, the first page of the new.
  const current = state.shownQuery === JSON.stringify(searchQuery(1));
  if (current && state.searchPage < state.searchPages) search(state.searchPage + 1);
  else search(1);
});

el.results.addEventListener("click", (event) => {
  const info = event.target.closest("button[data-info]");
  if (info) {
    preview.toggle(info.dataset.info, event.detail === 0 ? info : null);
    return;
  }
  const button = event.target.closest("button.result");
  if (button) addCard(state.cards.get(button.dataset.card));
});

/** The results shown (not hidden by "Fits my deck"), as their add buttons. */
function shownResults() {
  return [...el.results.querySelectorAll("li.result-row:not([hidden]) button.result")];
}

/**
 * The results are one stop for Tab: the row the keyboard was last on (its add button and
 * its "i"); the arrows move through the rest. A stop for each of 60 results kept the deck
 * 120 Tab presses away from the search box.
 */
function roveTo(row) {
  for (const button of el.results.querySelectorAll("button")) button.tabIndex = -1;
  if (row) for (const button of row.querySelectorAll("button")) button.tabIndex = 0;
}

/** After the results change: the row the keyboard was on if it is still shown, else the top. */
function roveReset() {
  const current = el.results.querySelector('li.result-row:not([hidden]) button.result[tabindex="0"]');
  const row = (current || shownResults()[0] || null)?.closest("li") ?? null;
  roveTo(row);
}

el.results.addEventListener("focusin", (event) => {
  const row = event.target.closest("li.result-row");
  if (row) roveTo(row);
});

el.query.addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown") {
    // The top result; with none, the first card a misspelt name may mean.
    const first = shownResults()[0] || (el.suggestions.hidden ? null : el.suggestions.querySelector("button"));
    if (first) {
      event.preventDefault();
      first.focus();
    }
  } else if (event.key === "Enter") {
    // Enter in the box adds the top result: type a name, press Enter, and it is in.
    event.preventDefault();
    if (el.query.value.trim()) addTopResult();
  }
});

async function addTopResult() {
  // Typed faster than the search answered: the list shown is for older words; ask first.
  if (state.shownQuery !== JSON.stringify(searchQuery(1))) await searchSoon.now();
  const first = shownResults()[0];
  if (first) addCard(state.cards.get(first.dataset.card));
}

el.results.addEventListener("keydown", (event) => {
  const info = event.target.closest("button[data-info]");
  if (info && event.key === "ArrowLeft") {
    event.preventDefault();
    info.closest("li").querySelector("button.result").focus();
    return;
  }
  if (info && event.key === "Escape") {
    event.preventDefault();
    el.query.focus();
    return;
  }
  const button = event.target.closest("button.result");
  if (!button) return;
  const buttons = shownResults();
  const index = buttons.indexOf(button);
  const go = (i) => buttons[Math.max(0, Math.min(buttons.length - 1, i))].focus();
  if (event.key === "ArrowDown") go(index + 1);
  else if (event.key === "ArrowUp") {
    if (index === 0) el.query.focus();
    else go(index - 1);
  } else if (event.key === "Home") go(0);
  else if (event.key === "End") go(buttons.length - 1);
  else if (event.key === "ArrowRight") button.closest("li").querySelector("button[data-info]").focus();
  else if (event.key === "+" || event.key === "=") addCard(state.cards.get(button.dataset.card));
  else if (event.key === "Escape") el.query.focus();
  else return;
  event.preventDefault();
});

document.addEventListener("keydown", (event) => {
  if (event.key === "/" && !typingIn(event) && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    focusSearch();
    el.query.select();
  }
});

// -- import and export ---------------------------------------------------------------------

async function importList() {
  const text = el.importText.value;
  if (!text.trim()) {
    el.importReport.replaceChildren(h("p", {}, "Paste a decklist first."));
    return;
  }
  // Disabled while the list is read, the focused button would drop the focus to the page.
  const focused = document.activeElement === el.importButton;
  el.importButton.disabled = true;
  el.importReport.replaceChildren();
  try {
    const json = deckJson(text) || siteCsv(text);
    if (json && json.problem) {
      el.importReport.replaceChildren(h("p", { class: "import-error" }, json.problem));
      return;
    }
    if (json && typeof json.deck.game === "string" && json.deck.game !== game.id) {
      el.importReport.replaceChildren(await otherGame(json.deck.game));
      return;
    }
    // The builder's own JSON (or the API's) carries the format it was built for, and the
    // site's text and CSV exports of a deck in a format not the game's default name it.
    // The deck to offer back: the one before a Clear still undoable, else the one shown now.
    const before = state.cleared || (holdsCards() ? snapshot() : null);
    const format = json ? json.deck.format : listFormat(text);
    if (format && !el.format.disabled && [...el.format.options].some((o) => o.value === format)) {
      el.format.value = format;
      renderRules();
    }
    let result = await readList(text, json && json.deck);
    // A line whose name is close to exactly one card is read as that card at once (and the
    // report says so); a player picks only where several cards are close.
    const fixes = json ? [] : closeMatchFixes(text, unreadLines(result));
    if (fixes.length) {
      el.importText.value = fixes.text;
      keepPaste(fixes.text);
      result = await readList(fixes.text);
    }
    if (result.deck.name && !el.name.value.trim()) el.name.value = result.deck.name;
    const description = json && json.deck.description;
    if (typeof description === "string" && description && !el.description.value.trim()) el.description.value = description;
    replaceDeck(result.deck);
    renderImportReport(result, fixes);
    // Read whole, the list is the deck now; with a line not read, it is kept to be put right.
    keepPaste(unreadLines(result).length ? el.importText.value : "");
    // Importing replaces the deck: the one built before is a tap away, as after Clear.
    if (before) {
      offerUndo(before, "The import replaced the deck.");
      // Said where the player is, too: on a phone the deck's notice is out of sight.
      el.importReport.append(
        h(
          "p",
          { class: "import-undo" },
          "This replaced the deck you had. ",
          h("button", { type: "button", class: "button", onclick: () => el.undoButton.click() }, "Put it back"),
        ),
      );
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    el.importReport.replaceChildren(h("p", { class: "import-error" }, error.message));
  } finally {
    el.importButton.disabled = false;
    giveFocusBack(focused, el.importButton);
  }
}

/**
 * A deck in its JSON form (the builder's .json export, the API's deck body): {deck}; text
 * shaped like JSON that is none: {problem}; a text decklist: null.
 */
function deckJson(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return null;
  let deck;
  try {
    deck = JSON.parse(trimmed);
  } catch (error) {
    if (!trimmed.endsWith("}")) return null;
    return {
      problem: `This looks like a deck saved as JSON, but it cannot be read (${error.message}). Paste the whole file, or a decklist as text.`,
    };
  }
  if (!deck || typeof deck !== "object" || Array.isArray(deck)) return null;
  const inner = deck.deck;
  if (!("sections" in deck) && inner && typeof inner === "object" && !Array.isArray(inner)) {
    // A saved deck as the deck page's JSON (the API's) gives it: the deck is under "deck",
    // its name, format and description beside it.
    const { name, format, description, game: gameId } = deck;
    return { deck: { ...inner, name: name ?? inner.name, format, description, game: gameId ?? inner.game } };
  }
  return { deck };
}

/** A format's name or id as the server compares them: its letters and digits, lower case. */
const formatKey = (name) =>
  String(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** The id of this game's format a "Format: ..." cell or line names (by its id or its name, or
 * its name's words before a note in brackets: "Open" for "Open (casual)"); null for none. */
function formatNamed(value) {
  const wanted = formatKey(value);
  const found = game.formats.find((f) => [f.id, f.name, f.name.split(" (")[0]].some((n) => formatKey(n) === wanted));
  return found ? found.id : null;
}

/**
 * The format a text list names as its own: its first line "Format: Henchmen required" (or
 * "Format = open") naming one of this game's formats, as the site's text export writes it and
 * the server reads it. Null when it names none.
 */
function listFormat(text) {
  for (const line of text.split(/\r\n|\r|\n/)) {
    const note = /^\s*format\s*[:=]\s*(\S.*)$/i.exec(line);
    const found = note && formatNamed(note[1]);
    if (found) return found;
  }
  return null;
}

/** What to say of a deck of another game: its builder, when the game is one of ours. */
async function otherGame(id) {
  try {
    const other = await api(`/games/${encodeURIComponent(id)}`);
    return h(
      "p",
      { class: "import-error" },
      `This is a ${other.short_name} deck: open it in the `,
      h("a", { href: `${ROOT}/games/${encodeURIComponent(other.id)}/build` }, `${other.short_name} deck builder`),
      ".",
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return h("p", { class: "import-error" }, `This deck is for the game “${id}”, not ${game.short_name}.`);
  }
}

/**
 * A decklist read by the server (which alone knows the cards), in this format: text, or a
 * deck in its JSON form (judged in the builder's format and on its date all the same).
 */
function readList(text, json = null) {
  const query = { format: el.format.value, as_of: el.asOf.value };
  const path = `/games/${encodeURIComponent(game.id)}/validate`;
  if (!json) return api(path, { method: "POST", text, query });
  const { format, as_of, ...deck } = json;
  return api(path, { method: "POST", json: deck, query });
}

/** The problems of lines the reader could not use (its own errors, not the rules'). */
function unreadLines(result) {
  return result.problems.filter((p) => p.rule.startsWith("decklist-") && p.severity === "error");
}

/**
 * What the reader says about lines it did read (a line of 0 copies ignored, a number that
 * is no card's read as a comment, an old name read as the card's name): notes, never
 * lines that could not be read, and nothing in them keeps the deck from being saved.
 */
function readerNotes(result) {
  return result.problems.filter((p) => p.rule.startsWith("decklist-") && p.severity !== "error");
}

/** "Line 3:" before a reader's message, which starts with its place already. */
function lineLabelled(problem) {
  return [
    problem.line ? h("strong", { class: "import-line" }, `Line ${problem.line}:`) : null,
    h("span", {}, " ", problem.line ? problem.message.replace(/^Line \d+:\s*/, "") : problem.message),
  ];
}

/**
 * The decklist with each line that names no card but is close to exactly one card put
 * right: [{line, typed, name}, ...] with the new text as .text.
 */
function closeMatchFixes(text, unread) {
  const lines = text.split("\n");
  const fixes = [];
  for (const problem of unread) {
    const suggestions = problem.suggestions || [];
    const typed = (problem.cards || [])[0];
    const index = (problem.line || 0) - 1;
    if (suggestions.length !== 1 || !typed || index < 0 || index >= lines.length) continue;
    if (!lines[index].includes(typed)) continue;
    lines[index] = lines[index].replace(typed, suggestions[0]);
    fixes.push({ line: problem.line, typed, name: suggestions[0] });
  }
  fixes.text = lines.join("\n");
  return fixes;
}

function renderImportReport(result, fixes = []) {
  const unread = unreadLines(result);
  const notes = readerNotes(result);
  let copies = 0;
  for (const entries of Object.values(result.deck.sections)) for (const e of entries) copies += e.count;
  const lead = h(
    "p",
    { class: "import-summary" },
    `Imported ${copies} card${copies === 1 ? "" : "s"}`,
    unread.length ? `; ${unread.length} line${unread.length === 1 ? "" : "s"} could not be read:` : ".",
  );
  const fixed = fixes.map((fix) =>
    h(
      "li",
      { class: "import-fixed", dataset: { line: fix.line } },
      h("strong", { class: "import-line" }, `Line ${fix.line}:`),
      ` read “${fix.typed}” as “${fix.name}”`,
    ),
  );
  const noted = notes.map((problem) =>
    h("li", { class: "import-note", dataset: { line: problem.line || "", rule: problem.rule } }, lineLabelled(problem)),
  );
  const items = unread.map((problem) =>
    h(
      "li",
      { class: "import-problem", dataset: { line: problem.line || "" } },
      // The message starts with its place ("Line 22: ..."); the label says it already.
      lineLabelled(problem),
      (problem.suggestions || []).length
        ? h(
            "span",
            { class: "suggestions" },
            " ",
            problem.suggestions.map((name) =>
              h(
                "button",
                {
                  type: "button",
                  class: "suggestion",
                  onclick: () => useSuggestion(problem, name),
                  "aria-label": `Use ${name} on line ${problem.line}`,
                },
                `Use “${name}”`,
              ),
            ),
          )
        : null,
    ),
  );
  el.importReport.replaceChildren(lead);
  if (items.length) el.importReport.append(h("ul", { class: "import-problems" }, items));
  if (fixed.length) {
    el.importReport.append(
      h("p", { class: "import-fixes-lead" }, "Read as the one card close to what was written:"),
      h("ul", { class: "import-fixes" }, fixed),
    );
  }
  // In the game's order of boards (the answer's keys come sorted).
  const kept = (game.boards || [])
    .map((b) => [b.id, ((result.deck.boards || {})[b.id] || []).reduce((n, e) => n + e.count, 0)])
    .filter(([, n]) => n);
  if (kept.length) {
    el.importReport.append(
      h(
        "p",
        { class: "import-boards" },
        "Kept beside the deck, not counted in it: ",
        kept.map(([id, n]) => `${n} in the ${boardName(id)}`).join(", "),
        ".",
      ),
    );
  }
  if (noted.length) {
    el.importReport.append(
      h("p", { class: "import-notes-lead" }, `Read, with ${noted.length === 1 ? "a note" : "notes"}:`),
      h("ul", { class: "import-notes" }, noted),
    );
  }
}

/**
 * Keep what is pasted in the import box with this tab. Not for an event: the next player on
 * a shared phone opens the event's builder anew in the same tab, and must not find the list
 * the one before pasted (the event's panel keeps a list not yet sent its own way).
 */
function keepPaste(text) {
  if (!EVENT) keepPasted(game.id, text);
}

/**
 * Put a suggested name on the line that named no card, and import the list again. The button
 * pressed goes with the report it was in: the keyboard's place moves to the next line still to
 * put right, or to the report's first line when none is left.
 */
async function useSuggestion(problem, name) {
  const lines = el.importText.value.split("\n");
  const index = problem.line - 1;
  const typed = (problem.cards || [])[0];
  if (index < 0 || index >= lines.length || !typed) return;
  lines[index] = lines[index].replace(typed, name);
  el.importText.value = lines.join("\n");
  keepPaste(el.importText.value);
  await importList();
  const next = el.importReport.querySelector("button.suggestion");
  const lead = el.importReport.firstElementChild;
  if (next) next.focus();
  else if (lead) {
    lead.tabIndex = -1;
    lead.focus();
  }
}

el.importButton.addEventListener("click", importList);
el.importText.addEventListener("input", () => keepPaste(el.importText.value));
fileOpener(document.querySelector("[data-file-import]"), el.importText, {
  opened: () => {
    keepPaste(el.importText.value);
    return importList();
  },
});
// What was pasted here before a reload is back (the deck itself is back through the draft).
if (!EVENT && !el.importText.value && loadPasted(game.id)) {
  el.importText.value = loadPasted(game.id);
  el.importReport.replaceChildren(
    h("p", { class: "import-kept" }, "The list you pasted is back above: Import reads it again and lists the lines it cannot read."),
  );
}

/** The deck's name as a file's: its letters and digits in any alphabet, the rest a dash. */
function fileName(extension = "txt") {
  const base = (el.name.value.trim() || `${game.short_name} deck`)
    .replace(/[^\p{L}\p{M}\p{N}_.-]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return `${base || "deck"}.${extension}`;
}

function download(text, type, extension) {
  const blob = new Blob([text], { type: `${type};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: fileName(extension), hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The text export of the deck as it is now. A name typed a moment ago waits for its check
 * (debounced) to head the text: a download or a copy right after typing it asks at once, or
 * the file lacked the name it is named after. */
async function currentExport() {
  if (JSON.stringify(deckPayload()) !== state.judged) await validateDeck.now();
  return el.exportText.value;
}

el.download.addEventListener("click", async () => download(await currentExport(), "text/plain", "txt"));

// The API's JSON form of the deck: POST it to /api/v1/decks or /validate as it is.
el.exportJson.addEventListener("click", () =>
  download(`${JSON.stringify({ game: game.id, ...deckPayload() }, null, 2)}\n`, "application/json", "json"),
);

/** A CSV cell: quoted when it must be; a leading = + - @ is kept from being read as a formula. */
function csvCell(value) {
  let text = String(value ?? "");
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// The columns of the site's CSV (the deck page's too). A row's set and number are filled when
// the list named that printing, and only then: read back, the row names its printing again.
const CSV_COLUMNS = ["part", "count", "card", "type", "set", "number", "card_id"];

el.exportCsv.addEventListener("click", async () => {
  await loadDetails();
  // A deck in a format not the game's default names it in a last column, as the deck page's
  // CSV does: read back, the deck is in that format again.
  const picked = game.formats.find((f) => f.id === el.format.value);
  const inFormat = picked && !picked.default ? [picked.id] : [];
  const rows = [[...CSV_COLUMNS, ...(inFormat.length ? ["format"] : [])]];
  const add = (store, names) => {
    for (const [id, entries] of store) {
      for (const e of entries) {
        const card = state.cards.get(e.id) || {};
        const printing = e.printing ? [card.set || "", card.number || ""] : ["", ""];
        rows.push([names(id), e.count, e.name, card.type || "", ...printing, e.id, ...inFormat]);
      }
    }
  };
  add(state.sections, sectionName);
  add(state.boards, boardName);
  download(rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n", "text/csv", "csv");
});

/** The rows of a CSV text: quoted cells, doubled quotes and line breaks inside quotes read. */
function csvRows(text) {
  const rows = [];
  let row = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

/** A cell as written before csvCell kept it from being read as a formula. */
function csvValue(cell) {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * The site's own CSV export (this builder's or the deck page's), read back as the deck it was:
 * {deck} in the JSON form, each row's card by its id, in its section or board, naming its
 * printing when the row gives its set or number. Read as text, a card id holding digits was
 * taken for a card number and every card came back naming its printing. Null for any other
 * text, or a row this reading cannot place: the decklist reader then reads it line by line.
 */
function siteCsv(text) {
  const rows = csvRows(text.replace(/^\ufeff/, "")).filter((r) => r.some((c) => c.trim()));
  if (!rows.length) return null;
  const header = rows[0].map((c) => c.trim().toLowerCase());
  const at = Object.fromEntries(CSV_COLUMNS.map((name) => [name, header.indexOf(name)]));
  if (["part", "count", "card", "card_id"].some((name) => at[name] < 0)) return null;
  const partOf = (name) => {
    const wanted = key(name);
    const section = game.sections.find((s) => key(s.name) === wanted || key(s.id) === wanted);
    if (section) return ["sections", section.id];
    const board = (game.boards || []).find((b) => key(b.name) === wanted || key(b.id) === wanted);
    return board ? ["boards", board.id] : null;
  };
  const deck = { sections: {}, boards: {} };
  const formatAt = header.indexOf("format");
  for (const row of rows.slice(1)) {
    const cell = (name) => (at[name] < 0 ? "" : csvValue((row[at[name]] || "").trim()));
    // the format a deck not in the game's default is exported in (the first row's that names one)
    if (formatAt >= 0 && !deck.format) deck.format = formatNamed(row[formatAt] || "") || undefined;
    const part = partOf(cell("part"));
    const count = cell("count");
    const card = cell("card_id") || cell("card");
    if (!part || !/^[1-9]\d{0,2}$/.test(count) || !card) return null;
    const entry = { card, count: Number(count) };
    if (cell("set") || cell("number")) entry.printing = true;
    const [where, id] = part;
    (deck[where][id] = deck[where][id] || []).push(entry);
  }
  if (!Object.keys(deck.boards).length) delete deck.boards;
  return { deck };
}

el.copyExport.addEventListener("click", async () => {
  const ok = await copyText(await currentExport(), el.exportText);
  announce(ok ? "Decklist copied." : "Select the text and copy it.");
  flash(el.copyExport, ok ? "Copied" : "Select and copy");
});

function flash(button, text) {
  const before = button.dataset.label || button.textContent;
  button.dataset.label = before;
  button.textContent = text;
  setTimeout(() => {
    button.textContent = before;
  }, 1500);
}

// -- save and share -------------------------------------------------------------------------

function markUnsaved() {
  state.edits += 1;
  state.dirty = true;
  // While a save is on its way, its answer says what became of these edits.
  if (state.saving) return;
  el.save.disabled = false;
  if (state.savedId) el.saveStatus.textContent = "Changed since it was saved: save again for a new link.";
}

for (const field of [el.name, el.description]) {
  field.addEventListener("input", () => {
    markUnsaved();
    keepDraft();
  });
}
// The text export heads the list with the deck's name: the answer that writes it is asked
// again, or a name typed after the last card was left out of the .txt and the copy.
el.name.addEventListener("input", () => validateDeck());

// -- the draft kept in the browser ----------------------------------------------------------

/** Where this builder keeps its draft: a game's new deck, or the edit of one saved deck.
 * A list built for an event is kept by the event's panel (event-submit.js), per event and
 * entry, never in the game's draft. */
function draftPlace() {
  if (EVENT) return null;
  return state.savedId ? `deck:${state.savedId}` : `game:${game.id}`;
}

/** Called on every edit the builder would keep: the event's panel keeps its own draft. */
const editWatchers = [];

function keepDraft() {
  for (const watcher of editWatchers) watcher();
  const place = draftPlace();
  if (!place) return;
  saveDraft(place, {
    game: game.id,
    name: el.name.value,
    description: el.description.value,
    format: el.format.value,
    as_of: el.asOf.value,
    savedId: state.savedId,
    dirty: state.dirty,
    sections: Object.fromEntries(state.sections),
    boards: Object.fromEntries(state.boards),
  });
}

/** Put a draft's deck, name, format and date in the builder (nothing is kept again). */
function applyDraft(draft) {
  const rows = (part, store) => {
    for (const id of store.keys()) {
      const entries = Array.isArray((part || {})[id]) ? part[id] : [];
      store.set(
        id,
        oneRowPerCard(
          entries
            .filter((e) => e && typeof e.id === "string" && Number.isInteger(e.count) && e.count > 0)
            .map((e) => deckEntry(e.id, String(e.name || e.id), e.count, e.printing)),
        ),
      );
    }
  };
  rows(draft.sections, state.sections);
  rows(draft.boards, state.boards);
  el.name.value = draft.name || "";
  el.description.value = draft.description || "";
  if (!el.format.disabled && [...el.format.options].some((o) => o.value === draft.format)) el.format.value = draft.format;
  if (!el.asOf.disabled) el.asOf.value = draft.as_of || "";
  state.dirty = Boolean(draft.dirty);
}

/** Put the draft kept for this place back; true when there was one with something in it. */
function restoreDraft() {
  const place = draftPlace();
  const draft = place && loadDraft(place);
  if (!draft || draft.game !== game.id) return false;
  // A saved deck opens as saved unless it was changed and not saved again.
  if (state.savedId && !draft.dirty) return false;
  const empty = (part) => !Object.values(part || {}).some((entries) => Array.isArray(entries) && entries.length);
  if (empty(draft.sections) && empty(draft.boards) && !draft.name) return false;
  applyDraft(draft);
  const when = draft.kept ? new Date(draft.kept) : null;
  el.draftStatus.hidden = false;
  el.draftStatus.textContent =
    `Your draft is back, as you left it${when && !Number.isNaN(when.getTime()) ? ` at ${when.toLocaleString()}` : ""}.` +
    (isEmpty() ? "" : " Clear starts afresh (and can be undone).");
  return true;
}

/**
 * Another tab of this browser changed the draft this tab shows. Every tab of a place shows
 * the one draft, as a deck site shows one deck in each tab it is open in: follow it, so that
 * this tab's next edit builds on the other's instead of putting its older copy over it.
 */
function followDraft(draft) {
  if (draft && draft.game !== game.id) return;
  // An undo offered here would put this tab's older deck over the other tab's work.
  hideUndo();
  el.draftStatus.hidden = false;
  if (!draft) {
    // Dropped there when it was saved under a link of its own: this tab shows what was saved.
    state.dirty = false;
    el.save.disabled = true;
    el.saveStatus.textContent = "Saved in another tab of this browser.";
    el.draftStatus.textContent =
      "This deck was saved in another tab; find it under My decks. Changes made here are a new draft.";
    announce("This deck was saved in another tab.");
    return;
  }
  applyDraft(draft);
  el.save.disabled = !state.dirty;
  if (state.savedId && state.dirty) el.saveStatus.textContent = "Changed since it was saved: save again for a new link.";
  el.draftStatus.textContent = "Changed in another tab of this browser: this tab shows the deck as it is now.";
  renderRules();
  loadDetails();
  deckChanged({ now: true, edit: false });
}

onDraftChange(draftPlace, followDraft);
onMyDecksChange(renderMyDecks);

// The format is saved with the deck (the date it is checked by is not): a saved deck picked
// in another format is a change to save, as a card is.
el.format.addEventListener("change", markUnsaved);
for (const field of [el.format, el.asOf]) field.addEventListener("change", keepDraft);

window.addEventListener("beforeunload", (event) => {
  // The draft is kept either way; leaving still asks, as the work is not saved under a link
  // (for an event: not sent; a list as it is on file asks nothing).
  if (!state.dirty || isEmpty()) return;
  event.preventDefault();
  event.returnValue = "";
});

// -- my decks -----------------------------------------------------------------------------

function renderMyDecks() {
  if (!el.myDecks) return;
  const decks = myDecks(game.id);
  el.myDecksEmpty.hidden = decks.length > 0;
  el.myDecks.replaceChildren(
    ...decks.map((d) =>
      h(
        "li",
        { dataset: { deck: d.id } },
        h("a", { href: `${ROOT}/decks/${encodeURIComponent(d.id)}` }, d.name || `${game.short_name} deck`),
        h("span", { class: "muted" }, formatDay(d.saved)),
      ),
    ),
  );
}

function formatDay(iso) {
  const day = new Date(iso);
  return Number.isNaN(day.getTime()) ? "" : day.toLocaleString();
}

function shareUrl(id) {
  return new URL(`${ROOT}/decks/${encodeURIComponent(id)}`, window.location.origin).href;
}

function showShare(id) {
  el.shareLink.value = shareUrl(id);
  el.shareBox.hidden = false;
}

el.save.addEventListener("click", async () => {
  // Disabling the focused button drops the focus to the page; it is given back below.
  const focused = document.activeElement === el.save;
  el.save.disabled = true;
  state.saving = true;
  el.saveStatus.textContent = "Saving…";
  const body = { game: game.id, ...deckPayload(), description: el.description.value.trim() };
  if (!body.name) body.name = `${game.short_name} deck`;
  if (state.savedId) body.parent = state.savedId;
  const edits = state.edits;
  // Whether the deck this is an edit of was deleted by its owner since (see below).
  let orphaned = false;
  try {
    let deck;
    try {
      deck = await api("/decks", { method: "POST", json: body });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== "deck-deleted" || !body.parent) throw error;
      // The deck this is an edit of was deleted by its owner: an edit of it cannot be saved,
      // and Save would fail so for ever (a reload then shows the deleted deck, not this work).
      // It is saved as a deck of its own, with a link of its own.
      delete body.parent;
      orphaned = true;
      deck = await api("/decks", { method: "POST", json: body });
    }
    const before = draftPlace();
    state.saving = false;
    state.savedId = deck.id;
    // Edits made while the save was on its way are not in it: they stay to be saved.
    const changedSince = state.edits !== edits;
    state.dirty = changedSince;
    el.save.disabled = !changedSince;
    rememberDeck(deck);
    renderMyDecks();
    // The new deck's edits are kept under its id; a new deck of the game starts empty again.
    if (before) dropDraft(before);
    keepDraft();
    showShare(deck.id);
    window.history.replaceState(null, "", `${ROOT}/decks/${encodeURIComponent(deck.id)}/edit`);
    // A claim key means no one was logged in when it was saved: if someone was, the login ended.
    const lapsed = state.loggedIn && typeof deck.claim_key === "string";
    if (typeof deck.claim_key !== "string") state.loggedIn = true;
    if (lapsed) {
      el.saveStatus.replaceChildren(
        "Saved, but not to your account: your login had ended. Anyone with the link sees this version; " +
          "to add it to your account, log in and claim it on ",
        h("a", { href: `${ROOT}/account/decks` }, "My decks"),
        " (its claim key is kept in this browser).",
      );
      announce("Deck saved, but not to your account: your login had ended.");
    } else if (orphaned) {
      el.saveStatus.textContent =
        "Saved as a new deck: the deck it was an edit of was deleted by its owner. Anyone with" +
        " the link sees this version" +
        (changedSince ? "; your changes since are not saved yet: save again for a new link." : ".");
      announce("Deck saved as a new deck: the deck it was an edit of was deleted.");
    } else if (changedSince) {
      el.saveStatus.textContent =
        "Saved as it was when you pressed Save; the link shows that version. " +
        "Your changes since are not saved yet: save again for a new link.";
      announce("Deck saved as it was when you pressed Save; your changes since are not saved yet.");
    } else {
      el.saveStatus.textContent = "Saved. Anyone with the link sees this version.";
      announce("Deck saved; the share link is ready.");
    }
  } catch (error) {
    state.saving = false;
    if (!(error instanceof ApiError)) throw error;
    el.save.disabled = false;
    el.saveStatus.textContent = `Not saved: ${error.message}`;
  }
  // Saved, the share link is next (Save stays disabled until the deck changes); not saved,
  // Save again.
  giveFocusBack(focused, el.save.disabled ? el.copyShare : el.save);
});

el.copyShare.addEventListener("click", async () => {
  const ok = await copyText(el.shareLink.value, el.shareLink);
  announce(ok ? "Share link copied." : "Select the link and copy it.");
  flash(el.copyShare, ok ? "Copied" : "Select and copy");
});

// -- opened for an event ------------------------------------------------------------------

/** The event's format and banned-list day are the ones its lists are judged by: lock both. */
function fixRules(format, asOf, why) {
  if ([...el.format.options].some((o) => o.value === format)) el.format.value = format;
  el.asOf.value = asOf || "";
  el.format.disabled = true;
  el.asOf.disabled = true;
  if (!$("rules-note")) {
    $("deck-settings").after(h("p", { id: "rules-note", class: "hint rules-note" }, why));
    for (const field of [el.format, el.asOf]) field.setAttribute("aria-describedby", "rules-note");
  }
  formatChanged();
}

/** What the event's submit panel may do with the builder. */
const builder = {
  deckPayload,
  copies,
  fixRules,
  announce,
  /** Put a list in place of the deck; the answer is a function that puts the deck back. */
  async loadList(text) {
    // A list on file may be the JSON a player pasted on the event's page.
    const json = deckJson(text) || siteCsv(text);
    const result = await readList(text, json && json.deck);
    const before = snapshot();
    replaceDeck(result.deck);
    return () => putBack(before);
  },
  /** Call `edited()` after each edit of the deck, its name or description. */
  onEdit(edited) {
    editWatchers.push(edited);
  },
  /** The deck, name and description as a draft keeps them. */
  draft() {
    return {
      game: game.id,
      name: el.name.value,
      description: el.description.value,
      sections: Object.fromEntries(state.sections),
      boards: Object.fromEntries(state.boards),
    };
  },
  /** The deck shown is the list on file: leaving the page loses nothing, so it does not ask. */
  markSent() {
    state.dirty = false;
  },
  /** Put a kept draft in the builder, as changed and not yet sent. */
  useDraft(draft) {
    applyDraft({ ...draft, dirty: true });
    renderRules();
    loadDetails();
    deckChanged({ now: true, edit: false });
  },
};

// -- start ----------------------------------------------------------------------------------

document.body.classList.add("js");
showTab("search");
if (fitsKept()) el.fits.checked = true;
sayFitsOn();
renderRules();
$("deck-settings").addEventListener("submit", (event) => event.preventDefault());
renderMyDecks();
if (restoreDraft()) {
  renderRules();
  if (state.savedId) showShare(state.savedId);
  el.save.disabled = !state.dirty;
  // The share link shown is of the deck as saved, not of the changes brought back.
  if (state.savedId && state.dirty) el.saveStatus.textContent = "Changed since it was saved: save again for a new link.";
  loadDetails();
  deckChanged({ now: true, edit: false });
} else if (saved) {
  el.name.value = saved.name || "";
  el.description.value = saved.description || "";
  if (saved.format && [...el.format.options].some((o) => o.value === saved.format)) el.format.value = saved.format;
  renderRules();
  showShare(saved.id);
  replaceDeck(saved.deck, { edit: false });
  el.save.disabled = true;
  el.saveStatus.textContent = "This is a saved deck. Changes are saved as a new deck with its own link.";
} else {
  renderDeck();
  revise(true);
}
search(1);
// Come back to with the browser's Back, the page gets its filters back as they were only once
// it has loaded, after the search above: ask again for what they now say.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) return;
  sayFitsOn();
  // On a first load the filters are as the search above asked: no second search; only "Fits
  // my deck", which the browser may have given back changed, is applied again to what is shown.
  if (state.askedQuery !== JSON.stringify(searchQuery(1))) searchSoon.now();
  else applyFits();
});
if ($("event-banner")) openForEvent(game, builder);
