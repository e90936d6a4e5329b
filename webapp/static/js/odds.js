// Draw odds in the builder: the chance to see at least one of some cards in the opening
// hand and by turn N, drawing without replacement (hypergeometric), as webapp/odds.py
// computes them for a deck's page. The opening hand and draws per turn are the game's.

import { h } from "./dom.js";

export const TURNS = [1, 2, 3, 5];

/** The chance that `drawn` cards from a `deck` holding `copies` wanted ones show one. */
export function atLeastOne(deck, copies, drawn) {
  if (deck <= 0 || copies <= 0 || drawn <= 0) return 0;
  const n = Math.min(drawn, deck);
  const k = Math.min(copies, deck);
  // C(deck - k, n) / C(deck, n) as a product of n ratios: no factorial grows too large.
  let none = 1;
  for (let i = 0; i < n; i += 1) none *= (deck - k - i) / (deck - i);
  return 1 - Math.max(0, none);
}

/** How many cards a player has seen by their turn `turn` (0: the opening hand alone). */
export function cardsSeen(play, turn) {
  return play.opening_hand + play.draws_per_turn * turn;
}

const percent = (chance) => `${Math.round(chance * 100)}%`;

/**
 * The odds table of the builder's deck: `entries` are [{name, type, count}] of the sections
 * drawn from; a row per card, then one per type when there are several.
 */
export function oddsTable(play, entries) {
  const size = entries.reduce((n, e) => n + e.count, 0);
  if (!play || !size) return [];
  const copies = new Map();
  const types = new Map();
  for (const e of entries) {
    copies.set(e.name, (copies.get(e.name) || 0) + e.count);
    if (e.type) types.set(e.type, (types.get(e.type) || 0) + e.count);
  }
  const rows = [...copies].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  // Types only once every card's is known (details of imported cards come a moment later).
  const typed = entries.every((e) => e.type);
  if (typed && types.size > 1) for (const [type, n] of types) rows.push([`Any ${type}`, n]);
  const draws = [cardsSeen(play, 0), ...TURNS.map((t) => cardsSeen(play, t))];
  return [
    h(
      "figure",
      { class: "chart odds" },
      h("figcaption", {}, "Draw odds"),
      h(
      "p",
      { class: "hint" },
      `At least one, from ${size} cards: an opening hand of ${play.opening_hand}, then ${play.draws_per_turn} a turn.`,
    ),
    h(
      "div",
      { class: "odds-scroll" },
      h(
        "table",
        { class: "odds-table", id: "builder-odds" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Card"), h("th", { scope: "col" }, "Hand"), TURNS.map((t) => h("th", { scope: "col" }, `T${t}`)))),
        h(
          "tbody",
          {},
          rows.map(([label, n]) =>
            h(
              "tr",
              { dataset: { label, copies: n } },
              h("th", { scope: "row" }, `${n}× ${label}`),
              draws.map((drawn) => h("td", { dataset: { chance: atLeastOne(size, n, drawn) } }, percent(atLeastOne(size, n, drawn)))),
            ),
          ),
        ),
      ),
    ),
    ),
  ];
}

/** `size` cards dealt at random from `entries` ([{name, count}]), as a shuffled deck deals. */
export function sampleHand(entries, size, random = Math.random) {
  const cards = entries.flatMap((e) => Array.from({ length: e.count }, () => e.name));
  for (let i = cards.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards.slice(0, size);
}

/** A sample opening hand with a button that deals another. */
export function sampleHandFigure(play, entries) {
  const size = entries.reduce((n, e) => n + e.count, 0);
  if (!play || !size) return [];
  const list = h("ol", { class: "sample-hand", id: "sample-hand" });
  const deal = () => list.replaceChildren(...sampleHand(entries, play.opening_hand).map((name) => h("li", {}, name)));
  deal();
  return [
    h(
      "figure",
      { class: "chart" },
      h("figcaption", {}, "A sample opening hand"),
      list,
      h("button", { type: "button", class: "button", id: "sample-again", onclick: deal }, "Draw again"),
    ),
  ];
}

/** The average of the cost curve (cards without a cost left out), when the game has a cost. */
export function averageCost(game, summary) {
  const curve = Object.entries((summary && summary.curve) || {});
  const cards = curve.reduce((n, [, count]) => n + count, 0);
  if (!cards) return [];
  const total = curve.reduce((n, [cost, count]) => n + Number(cost) * count, 0);
  const label = (game.attributes.find((a) => a.name === summary.curve_attribute) || {}).label || "cost";
  return [
    h(
      "p",
      { class: "average-cost", id: "average-cost", dataset: { average: total / cards } },
      `Average ${label.toLowerCase()}: `,
      h("strong", {}, (total / cards).toFixed(2)),
      ` over ${cards} card${cards === 1 ? "" : "s"} with one`,
    ),
  ];
}
