// Live card browser: the server renders the first page (the page works without JS);
// with JS, typing and picking filters update the results in place from the card API.

import { api, ApiError, isAbort } from "./api.js";
import { cardColor, cardFaceNodes, cardUrl } from "./cardface.js";
import { debounce, h } from "./dom.js";

const DELAY_MS = 200;
const game = JSON.parse(document.getElementById("builder-config").textContent);
const form = document.getElementById("card-filters");
const count = document.getElementById("results-count");
const list = document.getElementById("card-list");
const pagination = document.getElementById("pagination");
const didYouMean = document.getElementById("did-you-mean");
const perPage = form.dataset.perPage;

let pending = null;
// The query of the results on the page: the server drew the address's own results.
let shownQuery = new URLSearchParams(window.location.search).toString();

function params(page) {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (value !== "") query.append(name, value);
  if (page > 1) query.set("page", page);
  return query;
}

/** Page numbers to offer: the first, the last, and two either side of the current one. */
export function pageNumbers(page, pages) {
  const shown = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

async function update(page = 1) {
  const query = params(page);
  const search = query.toString();
  if (pending) pending.abort();
  pending = null;
  // Leaving the box after typing ("change") asks again for what is shown: no request, and
  // above all no replaceState, which would cancel the page a click on a result is opening.
  if (search === shownQuery) return;
  pending = new AbortController();
  list.setAttribute("aria-busy", "true");
  try {
    const answer = await api(`/games/${encodeURIComponent(game.id)}/cards`, {
      query: { ...Object.fromEntries(groupBy(query)), per_page: perPage },
      signal: pending.signal,
    });
    render(answer);
    shownQuery = search;
    window.history.replaceState(null, "", search ? `?${search}` : window.location.pathname);
  } catch (error) {
    if (isAbort(error)) return;
    if (!(error instanceof ApiError)) throw error;
    shownQuery = null; // an error, not results, is shown
    count.className = "notice notice-error";
    count.textContent = error.message;
    renderSuggestions([]);
    list.replaceChildren();
    pagination.replaceChildren();
  } finally {
    list.removeAttribute("aria-busy");
  }
}

function groupBy(query) {
  const grouped = new Map();
  for (const [k, v] of query) grouped.set(k, [...(grouped.get(k) || []), v]);
  return grouped;
}

function render(answer) {
  // Only the count is a live region: a screen reader hears "12 cards", not every row.
  count.className = "status";
  count.textContent = answer.total
    ? `${answer.total} card${answer.total === 1 ? "" : "s"}` +
      (answer.pages > 1 ? `, page ${answer.page} of ${answer.pages}` : "")
    : "No cards match.";
  renderSuggestions(answer.suggestions || []);
  list.replaceChildren(
    ...answer.cards.map((card) =>
      h(
        "li",
        { class: "card-row", style: { "--chip": cardColor(game, card) } },
        cardFaceNodes(game, card, { href: cardUrl(game, card.id) }),
      ),
    ),
  );
  const links = [];
  if (answer.pages > 1) {
    const link = (n, text, rel) =>
      h("a", { href: `?${params(n)}`, rel, dataset: { page: n } }, text);
    if (answer.page > 1) links.push(link(answer.page - 1, "‹ Previous", "prev"));
    for (const n of pageNumbers(answer.page, answer.pages)) {
      if (n === null) links.push(h("span", { class: "gap" }, "…"));
      else if (n === answer.page) links.push(h("span", { class: "current", "aria-current": "page" }, String(n)));
      else links.push(link(n, String(n)));
    }
    if (answer.page < answer.pages) links.push(link(answer.page + 1, "Next ›", "next"));
  }
  pagination.replaceChildren(...links);
}

/** The names closest to words that match no card, each a link searching for it. */
function renderSuggestions(names) {
  // Never hidden, only emptied: a status hidden while its words change is not read out.
  if (!names.length) {
    didYouMean.replaceChildren();
    return;
  }
  const links = names.map((name, i) => {
    const query = params(1);
    query.set("q", name);
    return [
      i ? (i === names.length - 1 ? " or " : ", ") : null,
      h("a", { href: `?${query}`, dataset: { name } }, name),
    ];
  });
  didYouMean.replaceChildren("Did you mean ", ...links.flat().filter(Boolean), "?");
}

// A name it suggests is searched in place, its box showing it, as if it had been typed.
didYouMean.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-name]");
  if (!link) return;
  event.preventDefault();
  form.elements.q.value = link.dataset.name;
  soon.now();
  form.elements.q.focus();
});

const soon = debounce(() => update(1), DELAY_MS);
// Back online after a search could not reach the server: ask again, so the page does not go
// on saying so over an empty list.
window.addEventListener("online", () => {
  if (shownQuery === null) soon.now();
});
form.addEventListener("input", soon);
form.addEventListener("change", () => soon.now());
form.addEventListener("submit", (event) => {
  event.preventDefault();
  soon.now();
});
form.addEventListener("reset", () => setTimeout(() => soon.now()));
// A click on a card opens its page: results still on their way must not redraw the list
// or rewrite the address under it (a history change cancels the page being opened).
list.addEventListener("click", (event) => {
  if (pending && event.target.closest("a[href]")) pending.abort();
});
pagination.addEventListener("click", (event) => {
  const link = event.target.closest("a[href]");
  if (!link) return;
  event.preventDefault();
  update(Number(new URL(link.href).searchParams.get("page") || 1)).then(() => count.scrollIntoView({ block: "nearest" }));
});

// On a phone the cards come first: the filters beyond the search box fold behind a button.
document.body.classList.add("js");
const toggle = document.getElementById("card-filters-toggle");
toggle.addEventListener("click", () => {
  const open = form.classList.toggle("filters-open");
  toggle.setAttribute("aria-expanded", String(open));
});
