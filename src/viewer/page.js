"use strict";
// Shows one step of the game: its picture, who decided what, and its
// events. The steps are in the JSON above; nothing is fetched.
(function () {
  const data = JSON.parse(document.getElementById("steps").textContent);
  const pictures = decodePictures(data.pictures);
  const last = data.steps.length - 1;
  const slider = document.getElementById("slider");
  let current = 0;

  function show(n) {
    current = Math.max(0, Math.min(last, n));
    const step = data.steps[current];
    document.getElementById("picture").innerHTML =
      pictures[step.picture].map((line) => data.lines[line]).join("\n");
    document.getElementById("counter").textContent =
      "step " + current + " of " + last + ", turn " + step.turn;
    document.getElementById("said").textContent = step.said;
    listLines(document.getElementById("narration"), step.events);
    slider.value = String(current);
    const hash = "#step=" + current;
    if (location.hash !== hash) {
      try {
        history.replaceState(null, "", hash);
      } catch (e) {
        // Some browsers refuse it for file:// pages: the step still shows.
      }
    }
  }

  function fromHash() {
    const found = /step=(\d+)/.exec(location.hash);
    return found ? parseInt(found[1], 10) : 0;
  }

  stepControls(show, () => current, last);
  window.addEventListener("hashchange", () => show(fromHash()));
  show(fromHash());
})();
