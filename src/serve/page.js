// The page of `tinbots serve`: a view over the REPL's session. Every
// button sends a REPL line; what the line said and the position after it
// come back from the server. Text from the server is set as text, never
// as markup; the board is the game's SVG, parsed as XML.
"use strict";

const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const seat = params.get("as") || "";
let session = params.get("session") || "";
let view = null;
const $ = (id) => document.getElementById(id);

/** Calls the server; resolves to its JSON answer, or `{error}`. */
async function api(method, path, body) {
  const url = new URL(path, location.origin);
  if (seat) url.searchParams.set("as", seat);
  try {
    const response = await fetch(url, { method, headers: { "X-Tinbots-Token": token }, body });
    try {
      return await response.json();
    } catch (e) {
      return { error: `the server answered ${response.status} without a message` };
    }
  } catch (e) {
    return { error: `the server cannot be reached (is \`tinbots serve\` still running?): ${e.message}` };
  }
}

/** Shows why something was refused (empty: nothing was). */
function refuse(message) {
  $("error").textContent = message || "";
}

/** Adds a line and what it said to the narration. */
function narrate(line, said, clear) {
  const box = $("narration");
  if (clear) box.textContent = "";
  box.textContent += `> ${line}\n${said || ""}`;
  const keep = 200000;
  if (box.textContent.length > keep) box.textContent = box.textContent.slice(-keep);
  box.scrollTop = box.scrollHeight;
}

/** Draws the board from the game's SVG. */
function drawBoard(svg) {
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
  const board = $("board");
  board.replaceChildren();
  if (parsed.getElementsByTagName("parsererror").length > 0) {
    board.textContent = "(the board could not be drawn)";
    return;
  }
  board.appendChild(document.importNode(parsed.documentElement, true));
}

/** A button that sends `line`. */
function lineButton(label, line) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  button.addEventListener("click", () => send(line));
  return button;
}

/** The most legal answers shown as buttons at once. */
const SHOWN = 60;

/** Whether `answer` holds the filter's `word`: a name (`red.1`, `3,4`)
 * as a whole word of it (so that `1,1` does not pick `1,11`), other
 * words anywhere in it. */
function matches(answer, word) {
  if (!/[.,]/.test(word)) return answer.includes(word);
  return answer.split(/\s+/).some((token) => token.replace(/[,;:)]+$/, "") === word);
}

/** Lists the legal answers that hold every word of the filter. */
function listLegal() {
  const box = $("legal-box");
  box.hidden = !view || view.legal.length === 0;
  if (box.hidden) return;
  const words = $("legal-filter").value.toLowerCase().split(/\s+/).filter((w) => w);
  const matching = view.legal.filter((a) => words.every((w) => matches(a.toLowerCase(), w)));
  $("legal").replaceChildren(...matching.slice(0, SHOWN).map((a) => lineButton(a, a)));
  const more = view.legal_count > view.legal.length ? ` (of ${view.legal_count}: type the others)` : "";
  $("legal-count").textContent = `${matching.length} of ${view.legal.length} legal answers${more}` +
    (matching.length > SHOWN ? `, the first ${SHOWN} shown: filter` : "");
}

/** A click on the board: the name of the piece (the first word of the
 * title the drawing gives it) or of the square (its `data-square`)
 * filters the legal answers. */
function boardClicked(event) {
  let node = event.target;
  while (node && node !== $("board")) {
    const title = Array.from(node.children || []).find((c) => c.localName === "title");
    const name = title ? title.textContent.trim().split(/\s+/)[0] : node.dataset && node.dataset.square;
    if (name) {
      $("legal-filter").value = name;
      listLegal();
      return;
    }
    node = node.parentNode;
  }
}

/** Shows a session's view. */
function show(next) {
  // A filter chosen for one decision does not carry over to the next.
  if (view && (view.prompt !== next.prompt || view.at !== next.at)) $("legal-filter").value = "";
  view = next;
  document.title = `tinbots: ${view.title}`;
  $("title").textContent = view.seat ? `${view.title}, playing ${view.seat}` : view.title;
  $("prompt").textContent = view.prompt;
  $("asked").textContent = view.asked;
  drawBoard(view.svg);
  const answers = $("answers");
  answers.replaceChildren(...view.answers.map((a) => lineButton(a, a)));
  listLegal();
  for (const button of document.querySelectorAll("#controls button, #command button")) {
    button.disabled = !view.yours;
  }
  const rulings = $("rulings");
  rulings.replaceChildren(...view.rulings.map((r) => {
    const row = document.createElement("div");
    row.className = "ruling";
    const label = document.createElement("label");
    label.textContent = `${r.id} (${r.question}) `;
    const select = document.createElement("select");
    select.dataset.ruling = r.id;
    for (const [name, says] of r.readings) {
      const option = new Option(name, name, false, name === r.reading);
      option.title = says;
      select.appendChild(option);
    }
    select.disabled = !view.yours;
    select.addEventListener("change", () => send(`ruling ${r.id} ${select.value}`));
    label.appendChild(select);
    row.appendChild(label);
    return row;
  }));
  $("rulings-box").hidden = view.rulings.length === 0;
  const seats = $("seats");
  seats.replaceChildren(...view.seats.map((s) => {
    const row = document.createElement("div");
    row.className = "seat";
    const label = document.createElement("label");
    label.textContent = `${s.colour}: `;
    const select = document.createElement("select");
    select.dataset.seat = s.colour;
    select.appendChild(new Option(s.bot ? "(a bot)" : "(a person)", "", true, true));
    for (const name of view.bots) select.appendChild(new Option(name === "none" ? "a person" : name, name));
    select.disabled = !view.yours;
    select.addEventListener("change", () => { if (select.value) send(`bot ${s.colour} ${select.value}`); });
    label.appendChild(select);
    row.appendChild(label);
    return row;
  }));
  const query = new URLSearchParams({ token });
  if (seat) query.set("as", seat);
  $("download-replay").href = `/api/session/${session}/download/replay?${query}`;
  $("download-scenario").href = `/api/session/${session}/download/scenario?${query}`;
}

/** Sends one REPL line and shows what it did. */
async function send(line) {
  const answer = await api("POST", `/api/session/${session}/line`, line);
  if (!answer.view) {
    refuse(answer.error);
    return;
  }
  narrate(line, answer.said, answer.clear);
  refuse(answer.error);
  show(answer.view);
}

/** Joins the session the URL names, or opens a new one. */
async function start() {
  if (session) {
    const joined = await api("GET", `/api/session/${session}`);
    if (joined.view) {
      show(joined.view);
      return;
    }
    refuse(joined.error);
  }
  const opened = await api("POST", "/api/session");
  if (!opened.view) {
    refuse(opened.error);
    return;
  }
  session = opened.session;
  params.set("session", session);
  history.replaceState(null, "", `?${params}`);
  narrate("(a new session)", `${opened.view.asked}\n`, false);
  show(opened.view);
}

/** Fetches the view again (another tab may have played). */
async function refresh() {
  if (!session || document.hidden) return;
  const fresh = await api("GET", `/api/session/${session}`);
  if (fresh.view) show(fresh.view);
}

$("legal-filter").addEventListener("input", listLegal);
$("board").addEventListener("click", boardClicked);
for (const button of document.querySelectorAll("#controls button")) {
  button.addEventListener("click", () => send(button.dataset.line));
}
$("command").addEventListener("submit", (event) => {
  event.preventDefault();
  const line = $("line").value;
  $("line").value = "";
  send(line);
});
$("open").addEventListener("change", async () => {
  const file = $("open").files[0];
  if (!file) return;
  const text = await file.text();
  const answer = await api("POST", `/api/session/${session}/open?name=${encodeURIComponent(file.name)}`, text);
  if (!answer.view) {
    refuse(answer.error);
    return;
  }
  narrate(`open ${file.name}`, answer.said, false);
  refuse(answer.error);
  show(answer.view);
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const line = { s: "step", r: "run", u: "undo", y: "redo" }[event.key];
  if (line && view && view.yours) {
    event.preventDefault();
    send(line);
  }
});
if (seat) setInterval(refresh, 1500);
start();
