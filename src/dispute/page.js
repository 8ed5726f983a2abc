"use strict";
// Shows the same step of every reading's play side by side: its picture,
// what the step is, and its events. One slider moves them together; a
// play with fewer steps stays on its last. Nothing is fetched.
(function () {
  const data = JSON.parse(document.getElementById("readings").textContent);
  const columns = data.map((column) => ({
    column,
    pictures: decodePictures(column.replayed.pictures),
  }));
  const last = Math.max(0, ...data.map((c) => c.replayed.steps.length - 1));
  const slider = document.getElementById("slider");
  let current = 0;

  function show(n) {
    current = Math.max(0, Math.min(last, n));
    columns.forEach(({ column, pictures }, i) => {
      const steps = column.replayed.steps;
      const at = Math.min(current, steps.length - 1);
      const step = steps[at];
      const cell = document.getElementById("reading-" + i);
      cell.querySelector(".picture").innerHTML =
        pictures[step.picture].map((line) => column.replayed.lines[line]).join("\n");
      cell.querySelector(".said").textContent =
        (at < current ? "(its last step) " : "") + step.said;
      const list = cell.querySelector(".narration");
      list.replaceChildren();
      for (const line of step.events) {
        const item = document.createElement("li");
        item.textContent = line;
        list.appendChild(item);
      }
    });
    document.getElementById("counter").textContent = "step " + current + " of " + last;
    slider.value = String(current);
  }

  document.getElementById("first").onclick = () => show(0);
  document.getElementById("back").onclick = () => show(current - 1);
  document.getElementById("forward").onclick = () => show(current + 1);
  document.getElementById("last").onclick = () => show(last);
  slider.oninput = () => show(parseInt(slider.value, 10));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return;
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
  show(0);
})();
