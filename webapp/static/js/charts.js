// Deck charts drawn as inline SVG: no chart library, nothing fetched from elsewhere.
// Each chart carries a text description (role="img" + aria-label) for screen readers.

import { h, svg } from "./dom.js";

const ACCENT = "var(--accent)";

function describe(title, bars) {
  const parts = bars.map((b) => `${b.label}: ${b.value}`);
  return `${title}. ${parts.length ? parts.join(", ") : "No cards yet"}.`;
}

function empty(title) {
  return h("figure", { class: "chart" }, h("figcaption", {}, title), h("p", { class: "chart-empty" }, "No cards yet."));
}

/**
 * Vertical bars for numbered buckets (a cost curve): bars = [{label, value, color}] in order.
 */
export function columnChart(title, bars) {
  if (!bars.length) return empty(title);
  const width = 320;
  const height = 150;
  const top = 18;
  const bottom = 22;
  const gap = 6;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const step = width / bars.length;
  const barWidth = Math.max(4, step - gap);
  const plot = height - top - bottom;
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart-svg",
    role: "img",
    "aria-label": describe(title, bars),
  });
  chart.append(svg("line", { x1: 0, x2: width, y1: height - bottom, y2: height - bottom, class: "chart-axis" }));
  bars.forEach((bar, i) => {
    const x = i * step + (step - barWidth) / 2;
    const barHeight = (bar.value / max) * plot;
    const y = height - bottom - barHeight;
    chart.append(
      svg(
        "rect",
        { x, y, width: barWidth, height: barHeight, rx: 3, class: "chart-bar", style: { fill: bar.color || ACCENT } },
        svg("title", {}, `${bar.label}: ${bar.value}`),
      ),
      svg("text", { x: x + barWidth / 2, y: height - 6, class: "chart-label", "text-anchor": "middle" }, bar.label),
    );
    if (bar.value) {
      chart.append(svg("text", { x: x + barWidth / 2, y: y - 4, class: "chart-value", "text-anchor": "middle" }, bar.value));
    }
  });
  return h("figure", { class: "chart" }, h("figcaption", {}, title), chart);
}

/** Horizontal bars for named groups (types, factions): bars = [{label, value, color}]. */
export function barChart(title, bars) {
  if (!bars.length) return empty(title);
  const width = 320;
  const row = 22;
  const labelWidth = 110;
  const valueWidth = 30;
  const height = bars.length * row + 4;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const plot = width - labelWidth - valueWidth;
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart-svg",
    role: "img",
    "aria-label": describe(title, bars),
  });
  bars.forEach((bar, i) => {
    const y = i * row + 2;
    const barWidth = Math.max(bar.value ? 2 : 0, (bar.value / max) * plot);
    chart.append(
      svg("text", { x: labelWidth - 8, y: y + row / 2 + 4, class: "chart-label", "text-anchor": "end" }, truncate(bar.label, 16)),
      svg(
        "rect",
        { x: labelWidth, y: y + 3, width: barWidth, height: row - 8, rx: 3, class: "chart-bar", style: { fill: bar.color || ACCENT } },
        svg("title", {}, `${bar.label}: ${bar.value}`),
      ),
      svg("text", { x: labelWidth + barWidth + 6, y: y + row / 2 + 4, class: "chart-value" }, bar.value),
    );
  });
  return h("figure", { class: "chart" }, h("figcaption", {}, title), chart);
}

function truncate(text, n) {
  const s = String(text);
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

/** The three charts of a deck from the validate answer's summary. */
export function deckCharts(game, summary) {
  const labelOf = (name) => (game.attributes.find((a) => a.name === name) || { label: name }).label;
  const charts = [];
  if (summary.curve_attribute) {
    const points = Object.entries(summary.curve).map(([k, v]) => [Number(k), v]);
    const bars = [];
    if (points.length) {
      // Every value from the lowest to the highest gets a column, empty ones too: gaps show.
      const lo = Math.min(0, ...points.map(([k]) => k));
      const hi = Math.max(...points.map(([k]) => k));
      const counts = new Map(points);
      for (let k = lo; k <= hi; k++) bars.push({ label: String(k), value: counts.get(k) || 0 });
    }
    charts.push(columnChart(`${labelOf(summary.curve_attribute)} curve`, bars));
  }
  charts.push(
    barChart(
      "Cards by type",
      Object.entries(summary.types).map(([label, value]) => ({ label, value })),
    ),
  );
  if (summary.main_attribute) {
    charts.push(
      barChart(
        `Cards by ${labelOf(summary.main_attribute).toLowerCase()}`,
        Object.entries(summary.by_main_attribute).map(([label, value]) => ({
          label: label === "none" ? "None" : label,
          value,
          color: game.colors[label] || null,
        })),
      ),
    );
  }
  return charts;
}
