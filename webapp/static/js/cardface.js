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

/** The cost badge; a card without a cost keeps the badge's room empty (no grey "–" circle). */
export function costBadge(face, color) {
  if (face.costLabel === null) return null;
  if (face.cost === null) return h("span", { class: "cost cost-none", "aria-hidden": "true" });
  const text = String(face.cost);
  return h(
    "span",
    { class: "cost", title: `${face.costLabel} ${text}`, style: { "--chip": color } },
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
export function cardFaceNodes(game, card, { compact = false, href = null } = {}) {
  const face = cardFace(game, card);
  const color = cardColor(game, card);
  const meta = [card.type, card.number || card.id, compact ? null : card.set_name || card.set].filter(Boolean);
  return [
    costBadge(face, color),
    h(
      "span",
      { class: "card-main" },
      href ? h("a", { class: "card-name", href }, card.name) : h("span", { class: "card-name" }, card.name),
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

/** The address of a card's own page. */
export function cardUrl(game, cardId) {
  const root = document.documentElement.dataset.scriptRoot || "";
  return `${root}/games/${encodeURIComponent(game.id)}/cards/${encodeURIComponent(cardId)}`;
}

/** The address of a card's picture, when it has one: a file of its pool or an https address. */
export function cardImage(game, card) {
  const image = (card.facts || {}).image;
  if (!image) return null;
  return image.startsWith("https://") ? image : `${cardUrl(game, card.id)}/image`;
}

/**
 * The card drawn from its facts: name and cost, picture (or its type's initial), type line,
 * rules text, stats and printing. The card_frame macro of _cards.html draws the same.
 */
export function cardFrame(game, card, { image = cardImage(game, card) } = {}) {
  const face = cardFace(game, card);
  const color = cardColor(game, card);
  const text = (card.facts || {}).text;
  return h(
    "article",
    { class: "card-frame", style: { "--chip": color }, "aria-label": `The card ${card.name}` },
    h("header", { class: "frame-head" }, h("span", { class: "frame-name" }, card.name), face.cost !== null ? costBadge(face, color) : null),
    h(
      "div",
      { class: "frame-art" },
      image
        ? h("img", { src: image, alt: card.name, loading: "lazy" })
        : h("span", { class: "frame-initial", "aria-hidden": "true" }, (card.type || "?").slice(0, 1)),
    ),
    h("p", { class: "frame-type" }, [card.type, ...face.chips.map((c) => c.value)].filter(Boolean).join(" · ")),
    h(
      "div",
      { class: "frame-text" },
      text || h("span", { class: "muted" }, `${card.type || "A"} card. This pool gives no rules text.`),
    ),
    h(
      "footer",
      { class: "frame-foot" },
      h(
        "span",
        { class: "frame-stats" },
        face.stats.map(([label, value]) =>
          h("span", { class: "stat", title: label }, h("span", { class: "stat-label" }, label), " ", String(value)),
        ),
      ),
      h("span", { class: "frame-set" }, [card.set, card.number].filter(Boolean).join(" · ")),
    ),
  );
}
