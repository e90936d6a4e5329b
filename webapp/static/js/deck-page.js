// A shared deck's page: its charts drawn from the summary in the page, the grouping and
// order applied as soon as they are picked, and the deck kept in this browser's "My decks"
// list when it is one this browser saved.

import { deckCharts } from "./charts.js";

const $ = (id) => document.getElementById(id);
const game = JSON.parse($("builder-config").textContent);
const summary = JSON.parse($("deck-summary").textContent);

$("charts").replaceChildren(...deckCharts(game, summary));

const form = $("deck-view-form");
$("deck-view-apply").hidden = true;
form.addEventListener("change", () => form.requestSubmit());
