"use strict";
// What every page of steps shares: decoding its pictures, listing a
// step's lines, and its controls.

// Each picture is written against the one before it: a number is a line
// of `lines`, -n copies the next n lines of the picture before. Returns
// every picture as its list of line numbers.
function decodePictures(pictures) {
  const decoded = [];
  let previous = [];
  for (const ops of pictures) {
    const lines = [];
    for (const op of ops) {
      if (op >= 0) {
        lines.push(op);
      } else {
        for (let n = 0; n < -op; n++) lines.push(previous[lines.length]);
      }
    }
    decoded.push(lines);
    previous = lines;
  }
  return decoded;
}

// Puts `lines` in the list element `list`, one item each, as text.
function listLines(list, lines) {
  list.replaceChildren();
  for (const line of lines) {
    const item = document.createElement("li");
    item.textContent = line;
    list.appendChild(item);
  }
}

// Wires the page's buttons, slider and arrow keys to `show(n)`;
// `current()` is the step shown and `last` the last step.
function stepControls(show, current, last) {
  const slider = document.getElementById("slider");
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("back").onclick = () => show(current() - 1);
  document.getElementById("forward").onclick = () => show(current() + 1);
  document.getElementById("last").onclick = () => show(last);
  slider.oninput = () => show(parseInt(slider.value, 10));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return;
    const n = current();
    const moves = { ArrowLeft: n - 1, ArrowRight: n + 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
}
