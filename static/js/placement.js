// Trying a tile in the browser: pick, turn (R), mirror (F), move (arrows), hover or tap a cell,
// and see at once where it fits. The page's "offer" island holds each offered tile's
// orientations and the legal anchors the engine computed, so nothing here decides legality
// on its own; the engine's own words and the score preview come from one small fragment
// request, sent once the tile rests. Confirming is the page's one POST. Without this module
// every control is a link or a form the server answers (the draft in the address).

const PREVIEW_DELAY_MS = 150;

function readOffer() {
  const island = document.getElementById("offer");
  if (!island) return null;
  try {
    return JSON.parse(island.textContent);
  } catch {
    return null;
  }
}

class Placement {
  constructor(turn, offer) {
    this.turn = turn;
    this.tiles = new Map(offer.tiles.map((tile) => [tile.slot, tile]));
    this.county = turn.querySelector(".my-county .county");
    this.form = turn.querySelector("form.confirm");
    this.preview = turn.querySelector("#preview");
    this.timer = null;
    this.draft = this.serverDraft();
    this.cells = new Map();
    for (const cell of this.county ? this.county.querySelectorAll("[data-x]") : []) {
      this.cells.set(`${cell.dataset.x},${cell.dataset.y}`, cell);
    }
    // The server's drawing of a draft is replaced by this module's own.
    this.drawn = this.county ? [...this.county.querySelectorAll(".overlay")] : [];
  }

  // The draft the server drew (a tile picked without this module, or kept after a refusal).
  serverDraft() {
    if (!this.form) return null;
    const value = (name) => this.form.elements[name] && this.form.elements[name].value;
    if (value("slot") === "" || value("slot") == null) return null;
    const draft = { slot: +value("slot"), o: +value("o"), x: +value("x"), y: +value("y") };
    return this.tiles.has(draft.slot) ? draft : null;
  }

  shape(draft = this.draft) {
    return this.tiles.get(draft.slot).orientations[draft.o];
  }

  covered(draft) {
    return this.shape(draft).cells.map(([dx, dy]) => [draft.x + dx, draft.y + dy]);
  }

  isLegal(draft) {
    return this.shape(draft).anchors.some(([x, y]) => x === draft.x && y === draft.y);
  }

  // Where the tile goes when a cell is pointed at: covering that cell at a legal spot if it
  // can, else with its first square on it (shown as not fitting).
  draftAt(x, y) {
    const { slot, o } = this.draft;
    const cells = this.shape().cells;
    for (const [dx, dy] of cells) {
      const candidate = { slot, o, x: x - dx, y: y - dy };
      if (this.isLegal(candidate)) return candidate;
    }
    return { slot, o, x: x - cells[0][0], y: y - cells[0][1] };
  }

  pick(slot) {
    const tile = this.tiles.get(slot);
    if (!tile) return;
    let o = tile.orientations.findIndex((shape) => shape.anchors.length);
    if (o < 0) o = 0;
    const [x, y] = tile.orientations[o].anchors[0] || [0, 0];
    this.draft = { slot, o, x, y };
    for (const choice of this.turn.querySelectorAll(".choice")) {
      const chosen = choice.id === `choice-${slot}`;
      choice.classList.toggle("chosen", chosen);
      if (chosen) choice.setAttribute("aria-current", "true");
      else choice.removeAttribute("aria-current");
    }
    const tryIt = this.turn.querySelector("#try");
    if (tryIt) tryIt.hidden = false;
    const prompt = this.turn.querySelector("#choose-prompt");
    if (prompt) prompt.hidden = true;
    this.commit();
  }

  turnOrMirror(key) {
    if (!this.draft) return;
    const next = key === "r" ? this.shape().r : this.shape().m;
    this.draft = { ...this.draft, o: next };
    this.commit();
  }

  move(dx, dy) {
    if (!this.draft) return;
    this.draft = { ...this.draft, x: this.draft.x + dx, y: this.draft.y + dy };
    this.commit();
  }

  // Draw ``draft`` over the county: its squares, and every cell where it could lie. Only the
  // few cells that change are touched, so a move costs the browser next to nothing.
  draw(draft) {
    for (const square of this.drawn || []) {
      square.parentElement.classList.remove("ov");
      square.remove();
    }
    this.drawn = [];
    const spots = draft ? `${draft.slot}/${draft.o}` : "";
    if (spots !== this.spots) {
      for (const cell of this.spotted || []) cell.classList.remove("spot");
      this.spotted = [];
      for (const [ax, ay] of draft ? this.shape(draft).anchors : []) {
        for (const [dx, dy] of this.shape(draft).cells) {
          const cell = this.cells.get(`${ax + dx},${ay + dy}`);
          if (cell && !cell.classList.contains("spot")) {
            cell.classList.add("spot");
            this.spotted.push(cell);
          }
        }
      }
      this.spots = spots;
    }
    if (!draft) return;
    const legal = this.isLegal(draft);
    const art = this.tiles.get(draft.slot).art;
    this.covered(draft).forEach(([x, y], i) => {
      const cell = this.cells.get(`${x},${y}`);
      if (!cell) return;
      const square = document.createElement("span");
      square.className = `overlay overlay--${legal ? "ok" : "bad"}`;
      square.innerHTML = art[i];
      cell.classList.add("ov");
      cell.append(square);
      this.drawn.push(square);
    });
    this.county.classList.add("has-overlay");
  }

  // Why the tile does not fit, until the engine's own words arrive.
  reason(draft) {
    const squares = this.covered(draft);
    const missing = squares.find(([x, y]) => !this.cells.has(`${x},${y}`));
    if (missing) return "That is too far from your county.";
    const taken = squares.find(
      ([x, y]) => !this.cells.get(`${x},${y}`).classList.contains("cell--empty"),
    );
    if (taken) return `It would overlap your county at (${taken[0]}, ${taken[1]}).`;
    return "It must touch your county along an edge.";
  }

  // The tried spot becomes the draft: drawn, written into the confirm form, announced.
  commit() {
    const draft = this.draft;
    const legal = this.isLegal(draft);
    this.draw(draft);
    const fields = this.form.elements;
    fields.notation.value = legal ? `t${draft.slot} o${draft.o} ${draft.x},${draft.y}` : "";
    for (const [name, value] of Object.entries({ slot: draft.slot, o: draft.o, x: draft.x, y: draft.y })) {
      fields[name].value = value;
    }
    const confirm = this.form.querySelector("#ctl-confirm");
    confirm.disabled = !legal;
    confirm.setAttribute("aria-disabled", String(!legal));
    this.preview.className = `preview ${legal ? "legal" : "illegal"}`;
    this.preview.innerHTML = "";
    const line = document.createElement("p");
    const strong = document.createElement("strong");
    strong.textContent = legal ? "Fits here." : "Not here:";
    line.append(strong, legal ? ` Top-left at (${draft.x}, ${draft.y}).` : ` ${this.reason(draft)}`);
    this.preview.append(line);
    const query = `?slot=${draft.slot}&o=${draft.o}&x=${draft.x}&y=${draft.y}`;
    history.replaceState(history.state, "", location.pathname + query);
    this.asked = (this.asked || 0) + 1; // an answer on its way is now out of date
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.askPreview(query), PREVIEW_DELAY_MS);
  }

  // The engine's preview (gains, or its reason) for the spot the tile rests on. Only the
  // answer to the latest question is shown: a slow answer never overwrites a newer spot.
  async askPreview(query) {
    const asked = (this.asked = (this.asked || 0) + 1);
    const response = await fetch(location.pathname + query, {
      headers: { "HX-Request": "true", "HX-Target": "preview" },
      credentials: "same-origin",
    });
    if (!response.ok || asked !== this.asked || !this.preview.isConnected) return;
    const html = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = html.getElementById("preview");
    if (fresh) this.preview.replaceChildren(...fresh.childNodes);
  }

  // Clicks on the turn's controls and the county, caught before htmx follows their links.
  handle(event) {
    const control = event.target.closest("[data-key], .choice, [data-x]");
    if (!control || !this.turn.contains(control)) return;
    const key = control.dataset.key;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (control.classList.contains("choice")) {
      this.pick(+control.id.replace("choice-", ""));
    } else if (key === "r" || key === "f") {
      this.turnOrMirror(key);
    } else if (moves[key]) {
      this.move(...moves[key]);
    } else if (control.dataset.x !== undefined && this.county.contains(control) && this.draft) {
      this.draft = this.draftAt(+control.dataset.x, +control.dataset.y);
      this.commit();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  hover(event) {
    if (!this.draft) return;
    const cell = event.target.closest("[data-x]");
    if (cell && this.county.contains(cell)) this.draw(this.draftAt(+cell.dataset.x, +cell.dataset.y));
  }
}

let current = null;

function start() {
  const turn = document.getElementById("turn");
  const offer = readOffer();
  const ready = turn && offer && turn.querySelector(".my-county .county form, .my-county .county");
  current = ready && turn.querySelector("form.confirm") ? new Placement(turn, offer) : null;
  if (current && current.draft) current.draw(current.draft);
}

// Capture: runs before htmx's own click handlers on the links and cell buttons.
document.addEventListener("click", (event) => current && current.handle(event), true);
document.addEventListener("mouseover", (event) => current && current.hover(event));
document.addEventListener("mouseout", (event) => {
  if (!current || !current.county || !current.draft) return;
  if (!current.county.contains(event.relatedTarget)) current.draw(current.draft);
});
document.addEventListener("htmx:afterSettle", (event) => {
  // A new turn (after a move, a poll, a refusal) brings a new offer; a preview does not.
  if (event.target.id !== "preview") start();
});
start();
