// "My decks": the claim form is filled with the decks this browser saved before logging in,
// each with the claim key its save gave (the builder keeps both in localStorage, keep.js).
// A deck is claimed with its key: its link alone, which anyone it was shared with has, is not
// enough. Without script the form takes "id key" lines as typed.

import { h } from "./dom.js";
import { myDecks } from "./keep.js";

const ROOT = document.documentElement.dataset.scriptRoot || "";
const form = document.querySelector("form[data-claim]");
if (form) {
  const field = form.querySelector("textarea[name=ids]");
  // The decks listed on this page (every version is a link) are the account's already.
  const listed = new Set(
    [...document.querySelectorAll("section.my-deck a[href]")].map((a) => a.getAttribute("href").split("/").pop()),
  );
  const kept = myDecks().filter((deck) => !listed.has(deck.id));
  const keyed = kept.filter((deck) => typeof deck.key === "string" && deck.key);
  if (field && !field.value && keyed.length) field.value = keyed.map((deck) => `${deck.id} ${deck.key}`).join("\n");
  // Saved before claim keys, or while another account was logged in here: no key claims
  // them. They stay at their links; saved again while logged in, a deck is the account's.
  const keyless = kept.filter((deck) => !(typeof deck.key === "string" && deck.key));
  if (keyless.length) {
    form.after(
      h(
        "div",
        { class: "notice", id: "claim-keyless" },
        h(
          "p",
          {},
          `This browser also saved ${keyless.length === 1 ? "a deck" : `${keyless.length} decks`} with no claim key` +
            " (saved before claim keys, or while another account was logged in here): a key-less deck cannot be" +
            " claimed. It stays at its link; open it, edit a copy and save it while logged in to have it here.",
        ),
        h(
          "ul",
          {},
          ...keyless.map((deck) =>
            h("li", {}, h("a", { href: `${ROOT}/decks/${encodeURIComponent(deck.id)}` }, deck.name || deck.id)),
          ),
        ),
      ),
    );
  }
}
