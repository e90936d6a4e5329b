// The event pages' script. Every page works without it; it adds, where the page asks for it:
// - times in the reader's own time zone (<time class="moment" datetime="…Z">, UTC kept in the
//   tooltip): the organizer sees theirs on the dashboard, each player theirs on their pages;
// - on the create form, the format list of the chosen game only, and the browser's time zone;
// - copy buttons for the links ([data-copy] names the element whose text is copied);
// - a confirmation before Lock and Publish ([data-confirm] on the form), saying what cannot
//   be undone, as the page the server shows without script does;
// - the Print button of the deck-check sheets;
// - a button that opens a decklist file into the list's box ([data-file-open]);
// - on a player's page, a button per "Did you mean" name that puts it in their list's box
//   ([data-fix-in]), which they then send;
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

// The settings form shows the event's deadline in UTC; in the browser's own zone, as the new
// event's form takes it, unless the form was sent back (its zone is the one chosen then). A
// wall-clock time the zone has twice (the clocks go back) is left in UTC: the server reads
// such a time as its first, and saving the form unchanged would move a deadline set on the
// second an hour earlier.
function settingsInBrowserZone(form) {
  const select = form.querySelector("select[name=timezone]");
  const deadline = form.querySelector("input[name=deadline]");
  if (!select || !deadline || "chosen" in select.dataset || !deadline.dataset.utc) return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (![...select.options].some((option) => option.value === zone)) return;
  const moment = new Date(deadline.dataset.utc);
  if (Number.isNaN(moment.getTime()) || moment.getMilliseconds()) return;
  const parts = [moment.getFullYear(), moment.getMonth(), moment.getDate()];
  const time = [moment.getHours(), moment.getMinutes(), moment.getSeconds()];
  if (new Date(...parts, ...time).getTime() !== moment.getTime()) return;
  const two = (n) => String(n).padStart(2, "0");
  const day = `${String(parts[0]).padStart(4, "0")}-${two(parts[1] + 1)}-${two(parts[2])}`;
  const seconds = time[2] ? `:${two(time[2])}` : "";
  deadline.value = `${day}T${two(time[0])}:${two(time[1])}${seconds}`;
  select.value = zone;
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

/**
 * The suggestions for a name that is no card, each a button ([data-fix-in] names the box of
 * the list, [data-line] and [data-typed] where the name was typed): a click puts the name in
 * its place on that line of the player's own text, which they check and send. The line is
 * looked for by what was typed when the text has changed since (a line added above it).
 */
function suggestionButtons(root) {
  for (const group of root.querySelectorAll("[data-fix-in]")) {
    const box = document.getElementById(group.dataset.fixIn);
    if (!box) continue;
    const said = group.querySelector("[role=status]");
    group.hidden = false;
    group.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-name]");
      if (!button) return;
      const name = button.dataset.name;
      const typed = group.dataset.typed;
      const lines = box.value.split("\n");
      let index = Number(group.dataset.line) - 1;
      if (!(lines[index] || "").includes(typed)) index = lines.findIndex((line) => line.includes(typed));
      if (index < 0) {
        said.textContent = `“${typed}” is no longer in your list below.`;
        return;
      }
      lines[index] = lines[index].replace(typed, () => name);
      box.value = lines.join("\n");
      // Another of the names, picked next, takes the place of this one.
      group.dataset.typed = name;
      group.dataset.line = String(index + 1);
      said.textContent = `Line ${index + 1} of your list below now reads “${lines[index].trim()}”: resubmit it to check it.`;
    });
  }
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
for (const settings of document.querySelectorAll("form[data-event-settings]")) {
  settingsInBrowserZone(settings);
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
suggestionButtons(document);
fileOpeners(document, { said: (file) => `Opened ${file.name}: check the list, then submit it.` });
