// Draw odds in the builder: the chance to see at least one of some cards in the opening
// hand and by turn N, drawing without replacement (hypergeometric), as webapp/odds.py
// computes them for a deck's page. The opening hand and draws per turn are the game's.

import { h } from "./dom.js";

export const TURNS = [1, 2, 3, 5];

/** The chance that `drawn` cards from a `deck` holding `copies` wanted ones show none. */
export function noneSeen(deck, copies, drawn) {
  if (copies <= 0 || drawn <= 0) return 1;
  const n = Math.min(drawn, deck);
  const k = Math.min(copies, deck);
  // C(deck - k, n) / C(deck, n) as a product of n ratios: no factorial grows too large.
  let none = 1;
  for (let i = 0; i < n; i += 1) none *= (deck - k - i) / (deck - i);
  return Math.max(0, none);
}

/**
 * The chance to see one of `copies` wanted cards in the opening hand, then by each of TURNS.
 * `aside` of the wanted copies, and `deckAside` of the deck's cards, are of a type set aside
 * from the opening hand (the game's `play.set_aside`): the hand is dealt from the others, and
 * the turns' draws from the whole rest of the deck, set-aside cards shuffled back.
 */
export function chances(play, deck, copies, aside = 0, deckAside = 0) {
  if (deck <= 0 || copies <= 0) return Array(1 + TURNS.length).fill(0);
  const dealtFrom = deck - deckAside;
  const hand = Math.min(play.opening_hand, dealtFrom);
  const missed = dealtFrom > 0 ? noneSeen(dealtFrom, copies - aside, hand) : 1;
  const rest = deck - hand;
  const byTurn = TURNS.map((t) => (rest > 0 ? 1 - missed * noneSeen(rest, copies, play.draws_per_turn * t) : 1));
  return [1 - missed, ...byTurn];
}

/** A chance as a whole percentage; 100% and 0% only when it is certain or impossible, so a
 * 99.7% draw never reads as a sure one (as webapp/odds.py shows it on the deck page). */
export function percent(chance) {
  if (chance >= 1) return "100%";
  if (chance <= 0) return "0%";
  const shown = Math.round(chance * 100);
  if (shown >= 100) return ">99%";
  if (shown <= 0) return "<1%";
  return `${shown}%`;
}

/**
 * The odds table of the builder's deck: `entries` are [{name, type, count}] of the sections
 * drawn from; a row per card, then one per type when there are several.
 */
export function oddsTable(play, entries) {
  const size = entries.reduce((n, e) => n + e.count, 0);
  if (!play || !size) return [];
  const setAside = new Set(play.set_aside || []);
  const copies = new Map();
  const aside = new Map();
  const types = new Map();
  for (const e of entries) {
    copies.set(e.name, (copies.get(e.name) || 0) + e.count);
    if (setAside.has(e.type)) aside.set(e.name, (aside.get(e.name) || 0) + e.count);
    if (e.type) types.set(e.type, (types.get(e.type) || 0) + e.count);
  }
  const deckAside = [...aside.values()].reduce((n, c) => n + c, 0);
  const rows = [...copies]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([label, n]) => [label, n, aside.get(label) || 0]);
  // Types only once every card's is known (details of imported cards come a moment later).
  const typed = entries.every((e) => e.type);
  if (typed && types.size > 1) for (const [type, n] of types) rows.push([`Any ${type}`, n, setAside.has(type) ? n : 0]);
  const setAsideNote = setAside.size ? ` ${[...setAside].join(", ")} cards drawn into the hand are set aside and shuffled back once it is kept.` : "";
  return [
    h(
      "figure",
      { class: "chart odds" },
      h("figcaption", {}, "Draw odds"),
      h(
      "p",
      { class: "hint" },
      `At least one, from ${size} cards: an opening hand of ${play.opening_hand}, then ${play.draws_per_turn} a turn.${setAsideNote}`,
    ),
    h(
      "div",
      // Wider than a phone: a region the keyboard can reach scrolls with the arrow keys.
      { class: "odds-scroll", tabindex: "0", role: "region", "aria-label": "Draw odds, by turn" },
      h(
        "table",
        { class: "odds-table", id: "builder-odds" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Card"), h("th", { scope: "col" }, "Hand"), TURNS.map((t) => h("th", { scope: "col" }, `T${t}`)))),
        h(
          "tbody",
          {},
          rows.map(([label, n, asideCopies]) =>
            h(
              "tr",
              { dataset: { label, copies: n } },
              h("th", { scope: "row" }, `${n}× ${label}`),
              chances(play, size, n, asideCopies, deckAside).map((chance) => h("td", { dataset: { chance } }, percent(chance))),
            ),
          ),
        ),
      ),
    ),
    ),
  ];
}

/**
 * `size` cards dealt at random from `entries` ([{name, count, type}]), as a shuffled deck
 * deals; cards of the types in `setAside` are drawn past, as the game's opening hand says.
 */
export function sampleHand(entries, size, random = Math.random, setAside = new Set()) {
  const cards = entries.filter((e) => !setAside.has(e.type)).flatMap((e) => Array.from({ length: e.count }, () => e.name));
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
  const setAside = new Set(play.set_aside || []);
  const deal = () => list.replaceChildren(...sampleHand(entries, play.opening_hand, Math.random, setAside).map((name) => h("li", {}, name)));
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
      // "over 27 cards with one" left the player to work out what "one" was.
      ` over the ${cards === 1 ? "one card" : `${cards} cards`} with a ${label.toLowerCase()}`,
    ),
  ];
}
