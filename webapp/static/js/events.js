// The event pages' script. Every page works without it; it adds, where the page asks for it:
// - times in the reader's own time zone (<time class="moment" datetime="…Z">, UTC kept in the
//   tooltip): the organizer sees theirs on the dashboard, each player theirs on their pages;
// - on the create form, the format list of the chosen game only, and the browser's time zone;
// - copy buttons for the links ([data-copy] names the element whose text is copied);
// - a confirmation before Lock and Publish ([data-confirm] on the form), saying what cannot
//   be undone, as the page the server shows without script does;
// - the Print button of the deck-check sheets;
// - a button that opens a decklist file into the list's box ([data-file-open]);
// - on the submission form, what the browser put back from an earlier visit left out and
//   offered ([data-typed-fresh]);
// - and, on this device, it lets go of unsent lists kept for events whose deadline passed.

import { fileOpeners } from "./file-open.js";
import { localText } from "./moments.js";
// Opening an event page lets go of the unsent lists of events past their deadline (keep.js).
import "./keep.js";

function localTimes(root) {
  for (const element of root.querySelectorAll("time.moment[datetime]")) {
    const date = new Date(element.getAttribute("datetime"));
    if (Number.isNaN(date.getTime())) continue;
    element.title = element.textContent;
    element.textContent = localText(date);
  }
}

/** Only the chosen game's formats; a format of another game is cleared, never kept. */
function formatsFollowGame(form) {
  const game = form.querySelector("select[name=game]");
  const format = form.querySelector("select[name=format]");
  if (!game || !format) return;
  const follow = () => {
    for (const group of format.querySelectorAll("optgroup[data-game]")) {
      const mine = group.dataset.game === game.value;
      group.hidden = !mine;
      group.disabled = !mine;
    }
    const picked = format.selectedOptions[0];
    if (picked && picked.parentElement.disabled) format.value = "";
  };
  game.addEventListener("change", follow);
  follow();
  // Come back to with Back, the form gets its game back only once the page has loaded.
  window.addEventListener("pageshow", follow);
}

function browserZone(form) {
  const select = form.querySelector("select[name=timezone]");
  if (!select || "chosen" in select.dataset) return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if ([...select.options].some((option) => option.value === zone)) select.value = zone;
}

async function copy(button) {
  const source = document.getElementById(button.dataset.copy);
  const said = document.querySelector(`[data-copied="${button.dataset.copy}"]`);
  const text = source.textContent.trim();
  try {
    await navigator.clipboard.writeText(text);
    if (said) said.textContent = "Copied.";
  } catch {
    // No clipboard (an insecure page, a refused permission): select it for Ctrl+C instead.
    const range = document.createRange();
    range.selectNodeContents(source);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    if (said) said.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
  }
}

function copyButtons(root) {
  for (const button of root.querySelectorAll("button[data-copy]")) {
    button.hidden = false;
    button.addEventListener("click", () => copy(button));
  }
}

function confirmations(root) {
  for (const form of root.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) {
        event.preventDefault();
        return;
      }
      // Confirmed here: the server skips its own confirmation page.
      const field = form.querySelector("input[name=confirmed]");
      if (field) field.value = "yes";
    });
  }
}

/**
 * The submission form as the server wrote it, whatever the browser put back in it. Gone Back
 * to, a browser fills a form in with what was typed there before: on a phone passed from
 * player to player, the last player's name and list, sent or not, for the next one to send
 * under someone else's name. What was typed is taken out and offered back with one click.
 */
function typedFresh(form) {
  const fields = [...form.querySelectorAll("input[type=text], input[type=hidden], textarea")];
  const typed = fields.filter((field) => field.type !== "hidden").some((field) => field.value !== field.defaultValue);
  if (!typed) return;
  const before = fields.filter((field) => field.type !== "hidden").map((field) => [field, field.value]);
  // The form's key too: it would make this form the one sent before, and answer its receipt.
  for (const field of fields) field.value = field.defaultValue;
  document.getElementById("typed-before")?.remove();
  const box = document.createElement("div");
  box.id = "typed-before";
  box.className = "notice";
  box.setAttribute("role", "status");
  const said = document.createElement("p");
  said.textContent =
    "What was typed on this page before (a name, a list) is left out: the form is empty for you." +
    " If it was yours and not sent, put it back.";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button";
  button.textContent = "Put back what was typed";
  button.addEventListener("click", () => {
    for (const [field, value] of before) field.value = value;
    box.remove();
    form.querySelector("input[type=text]")?.focus();
  });
  box.append(said, button);
  form.querySelector("h2")?.after(box);
}

function printButtons(root) {
  for (const button of root.querySelectorAll("button[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
}

const form = document.querySelector("form[data-new-event]");
if (form) {
  formatsFollowGame(form);
  browserZone(form);
}
for (const typed of document.querySelectorAll("form[data-typed-fresh]")) {
  // The browser puts the typed text back once the page has loaded, just before it is shown
  // (or shows the page whole from its cache, running no script again): check each time then.
  window.addEventListener("pageshow", () => typedFresh(typed));
}
localTimes(document);
copyButtons(document);
confirmations(document);
printButtons(document);
fileOpeners(document, { said: (file) => `Opened ${file.name}: check the list, then submit it.` });
