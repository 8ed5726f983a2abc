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
      listLines(cell.querySelector(".narration"), step.events);
    });
    document.getElementById("counter").textContent = "step " + current + " of " + last;
    slider.value = String(current);
  }

  stepControls(show, () => current, last);
  show(0);
})();
