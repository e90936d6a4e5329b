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
form.addEventListener("change", () => form.requestSubmit());
