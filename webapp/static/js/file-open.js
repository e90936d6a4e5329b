// Opening a decklist file into a text box: the list a player downloaded from the builder
// (.txt, .json, .csv) or saved from another site, read in the browser and put in the box,
// where it is checked and sent as if it had been pasted.

/** Larger than any decklist by far (the API reads at most 1,000 lines of one). */
const MAX_FILE_BYTES = 1_000_000;

/** Why a file cannot be opened, in words for the player. */
export class FileProblem extends Error {}

/** The text of a decklist file: UTF-8, or UTF-16 marked by its byte order mark. */
export async function fileText(file) {
  const notText = new FileProblem(`${file.name} is not a decklist: pick a text file (.txt, .json or .csv).`);
  if (file.size > MAX_FILE_BYTES) {
    throw new FileProblem(`${file.name} is ${Math.round(file.size / 1_000_000)} MB: a decklist file is a few KB of text.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let encoding = "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = "utf-16le";
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = "utf-16be";
  let text;
  try {
    // The byte order mark is dropped; a byte that is no character refuses the file.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw notText;
  }
  if (text.includes("\u0000")) throw notText;
  return text;
}

/**
 * A file picker beside a text box: `box` holds an <input type=file> and a status line
 * ([data-file-status]); the file picked is read into `target`, then `opened(file)` runs.
 * The box is hidden in the page until this script shows it (it needs the script).
 */
export function fileOpener(box, target, { opened = () => {}, said = (file) => `Opened ${file.name}.` } = {}) {
  const input = box.querySelector("input[type=file]");
  const status = box.querySelector("[data-file-status]");
  box.hidden = false;
  input.addEventListener("change", async () => {
    const file = input.files[0];
    // The same file picked again (after an edit on disk) is read again.
    input.value = "";
    if (!file) return;
    try {
      target.value = await fileText(file);
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      status.classList.add("file-problem");
      status.textContent = error.message;
      return;
    }
    status.classList.remove("file-problem");
    status.textContent = said(file);
    target.dispatchEvent(new Event("input", { bubbles: true }));
    opened(file);
  });
}

/** Every [data-file-open="textarea-id"] box of the page, as the event pages have them. */
export function fileOpeners(root = document, options = {}) {
  for (const box of root.querySelectorAll("[data-file-open]")) {
    const target = document.getElementById(box.dataset.fileOpen);
    if (target) fileOpener(box, target, options);
  }
}
