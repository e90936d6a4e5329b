// A card's face as the result lists show it: cost badge, name, type and set, stats and
// attribute chips in the game's colours. Mirrors the card_face macro of the templates
// (webapp/templates/_cards.html) and webapp/browse.py, so pages look alike with and without JS.

import { h } from "./dom.js";

function labels(game) {
  if (!game._labels) game._labels = Object.fromEntries(game.attributes.map((a) => [a.name, a.label]));
  return game._labels;
}

/** The parts of a card's face: {cost, costLabel, stats: [[label, value]], chips: [{label, value, color}]}. */
export function cardFace(game, card) {
  const facts = card.facts || {};
  const label = labels(game);
  const cost = game.cost_attribute;
  const stats = game.stat_attributes
    .filter((name) => facts[name] !== undefined && facts[name] !== null)
    .map((name) => [label[name], facts[name]]);
  const chips = [];
  for (const name of game.chip_attributes) {
    const value = facts[name];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === "") continue;
      chips.push({ label: label[name], value: String(item), color: game.colors[String(item)] || null });
    }
  }
  return {
    cost: cost && facts[cost] !== undefined ? facts[cost] : null,
    costLabel: cost ? label[cost] : null,
    stats,
    chips,
  };
}

/** The colour a card is known by: the colour of its first coloured chip. */
export function cardColor(game, card) {
  const chip = cardFace(game, card).chips.find((c) => c.color);
  return chip ? chip.color : null;
}

export function costBadge(face, color) {
  if (face.costLabel === null) return null;
  const text = face.cost === null ? "–" : String(face.cost);
  return h(
    "span",
    {
      class: "cost" + (face.cost === null ? " cost-none" : ""),
      title: face.cost === null ? `No ${face.costLabel.toLowerCase()}` : `${face.costLabel} ${text}`,
      style: { "--chip": color },
    },
    h("span", { class: "visually-hidden" }, `${face.costLabel} `),
    text,
  );
}

export function chip(c) {
  return h(
    "span",
    { class: "chip" + (c.color ? " chip-colored" : ""), style: { "--chip": c.color }, title: c.label },
    h("span", { class: "visually-hidden" }, `${c.label}: `),
    c.value,
  );
}

/** The whole face, as the children of a result row. */
export function cardFaceNodes(game, card, { compact = false } = {}) {
  const face = cardFace(game, card);
  const color = cardColor(game, card);
  const meta = [card.type, card.number || card.id, compact ? null : card.set_name || card.set].filter(Boolean);
  return [
    costBadge(face, color),
    h(
      "span",
      { class: "card-main" },
      h("span", { class: "card-name" }, card.name),
      h("span", { class: "card-meta" }, meta.join(" · ")),
    ),
    h(
      "span",
      { class: "card-facts" },
      compact
        ? null
        : face.stats.map(([label, value]) =>
            h("span", { class: "stat", title: label }, h("span", { class: "stat-label" }, label), " ", String(value)),
          ),
      face.chips.map(chip),
    ),
  ];
}
