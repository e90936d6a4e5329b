// A card shown beside the builder: on hover with a mouse on a wide screen, on a tap of its ⓘ
// (or its name in the deck) anywhere. The card is drawn from its facts, with a link to its
// own page.

import { cardFrame, cardImage, cardUrl } from "./cardface.js";
import { h } from "./dom.js";

const HIDE_DELAY_MS = 250;
// The mouse shows cards where the builder has its three columns: the card, in the screen's
// corner, is over the legality column (player.css, min-width: 1180px). In fewer columns it
// came up over the deck's rows and the results themselves, and a click meant for the + of a
// row under it landed on the card; there a card shows on a click of its "i" or its name.
const hovering = window.matchMedia("(hover: hover) and (pointer: fine) and (min-width: 1180px)");

/**
 * Show cards of `game` in one floating panel. `cardOf(id)` gives the card as the API shows
 * it (or null while it is not known). Rows carrying data-card inside `areas` show their card
 * while the mouse is over them.
 */
export function cardPreview(game, cardOf, areas) {
  const box = h("aside", { id: "card-preview", class: "card-preview", hidden: true, "aria-label": "Card preview" });
  document.body.append(box);
  let shown = null;
  let pinned = false;
  let timer = null;
  // The button a keyboard opened the card from: focus goes back to it when the card closes.
  let opener = null;

  function show(cardId, { pin = false } = {}) {
    const card = cardOf(cardId);
    if (!card) return;
    clearTimeout(timer);
    pinned = pin;
    if (shown !== cardId) {
      // A picture from another site is for the card's own page: this page lets in its own.
      const image = cardImage(game, card);
      box.replaceChildren(
        cardFrame(game, card, { image: image && !image.startsWith("https://") ? image : null }),
        h(
          "p",
          { class: "card-preview-actions" },
          h("a", { href: cardUrl(game, card.id), class: "card-preview-link" }, "Open the card page"),
          h("button", { type: "button", class: "button button-quiet", onclick: hide }, "Close"),
        ),
      );
      box.dataset.card = cardId;
      shown = cardId;
    }
    box.hidden = false;
  }

  function hide() {
    clearTimeout(timer);
    const back = opener && box.contains(document.activeElement) ? opener : null;
    opener = null;
    box.hidden = true;
    pinned = false;
    shown = null;
    delete box.dataset.card;
    if (back && back.isConnected) back.focus();
  }

  function hideSoon() {
    if (pinned) return;
    clearTimeout(timer);
    timer = setTimeout(hide, HIDE_DELAY_MS);
  }

  for (const area of areas) {
    area.addEventListener("mouseover", (event) => {
      if (!hovering.matches) return;
      const row = event.target.closest("[data-card]");
      if (row && area.contains(row) && !pinned) show(row.dataset.card);
    });
    area.addEventListener("mouseleave", hideSoon);
  }
  box.addEventListener("mouseenter", () => clearTimeout(timer));
  box.addEventListener("mouseleave", hideSoon);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !box.hidden) hide();
  });

  return {
    show,
    hide,
    /**
     * A tap on a card's ⓘ: show it and keep it until closed (a second tap closes it). Opened
     * from the keyboard (`from`, the button pressed), the card takes the focus, and gives it
     * back when closed: it sits at the page's end, past everything else a Tab reaches.
     */
    toggle(cardId, from = null) {
      if (!box.hidden && shown === cardId && pinned) {
        hide();
        return;
      }
      show(cardId, { pin: true });
      if (from && !box.hidden) {
        opener = from;
        box.querySelector("a, button").focus();
      }
    },
  };
}
