// The printable deck list: a Print button, for browsers that have a print dialog.

const button = document.getElementById("print-button");
if (typeof window.print === "function") {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
