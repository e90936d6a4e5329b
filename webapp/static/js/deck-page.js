// A shared deck's page: its average cost and charts drawn from the summary in the page,
// and the grouping and order applied as soon as they are picked.

import { deckCharts } from "./charts.js";
import { averageCost } from "./odds.js";

const $ = (id) => document.getElementById(id);
const game = JSON.parse($("builder-config").textContent);
const summary = JSON.parse($("deck-summary").textContent);

$("charts").replaceChildren(...averageCost(game, summary), ...deckCharts(game, summary));

const form = $("deck-view-form");
$("deck-view-apply").hidden = true;
// What became of a pick the server could not be asked about (the connection down).
const status = document.createElement("p");
status.className = "status deck-view-status";
status.setAttribute("role", "status");
form.before(status);

let asking = null;

/**
 * The cards grouped and sorted as picked, in place: sending the form reloaded the page at
 * each pick, and an arrow key moving through "Group by" sent the keyboard back to the top.
 */
async function regroup() {
  if (asking) asking.abort();
  asking = new AbortController();
  const url = new URL(window.location.href);
  url.search = new URLSearchParams(new FormData(form)).toString();
  let page;
  try {
    const response = await fetch(url, { signal: asking.signal, headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    page = new DOMParser().parseFromString(await response.text(), "text/html");
  } catch (error) {
    if (error.name === "AbortError") return;
    if (error instanceof TypeError) {
      // Offline: sending the form would leave the deck for the browser's error page.
      status.textContent = "Not regrouped: the server cannot be reached. It is done once the connection is back.";
      return;
    }
    form.requestSubmit(); // the page itself, as without JavaScript
    return;
  }
  status.textContent = "";
  const fresh = page.getElementById("deck-view-form");
  if (!fresh) {
    form.requestSubmit();
    return;
  }
  window.history.replaceState(null, "", url);
  // Everything after the form in its panel: the groups and the boards.
  while (form.nextSibling) form.nextSibling.remove();
  let next = fresh.nextSibling;
  while (next) {
    const after = next.nextSibling;
    form.parentNode.append(document.adoptNode(next));
    next = after;
  }
}

form.addEventListener("change", regroup);
window.addEventListener("online", () => {
  if (status.textContent) regroup();
});
