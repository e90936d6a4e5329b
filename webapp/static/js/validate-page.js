// The plain validation page works as a form post; with JS, the format list only offers
// the formats of the game picked.

const game = document.getElementById("game");
const format = document.getElementById("format");

function showFormats() {
  for (const group of format.querySelectorAll("optgroup")) {
    const mine = group.dataset.game === game.value;
    group.hidden = !mine;
    group.disabled = !mine;
  }
  const picked = format.selectedOptions[0];
  if (picked && picked.dataset.game && picked.dataset.game !== game.value) format.value = "";
}

game.addEventListener("change", showFormats);
showFormats();
// Come back to with Back, the page gets its game back only once it has loaded: its formats too.
window.addEventListener("pageshow", showFormats);

// The answer to a check opens at its verdict's heading (the form's action ends in
// #result-heading), which takes the focus, so the keyboard and a screen reader go on from there,
// not from the page's top; a browser that only scrolls to a fragment is given the focus here.
const verdict = document.getElementById("result-heading");
if (verdict && document.activeElement === document.body) verdict.focus({ preventScroll: true });
