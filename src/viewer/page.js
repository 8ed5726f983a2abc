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
    const list = document.getElementById("narration");
    list.replaceChildren();
    for (const line of step.events) {
      const item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    }
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

  document.getElementById("first").onclick = () => show(0);
  document.getElementById("back").onclick = () => show(current - 1);
  document.getElementById("forward").onclick = () => show(current + 1);
  document.getElementById("last").onclick = () => show(last);
  slider.oninput = () => show(parseInt(slider.value, 10));
  window.addEventListener("hashchange", () => show(fromHash()));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return;
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
  show(fromHash());
})();
