// "My decks": the claim form is filled with the decks this browser saved before logging in
// (the builder keeps their ids in localStorage, keep.js). Without script the form takes links.

import { myDecks } from "./keep.js";

const form = document.querySelector("form[data-claim]");
if (form) {
  const field = form.querySelector("textarea[name=ids]");
  const kept = myDecks().map((deck) => deck.id);
  if (field && !field.value && kept.length) field.value = kept.join("\n");
}
