// Trying a tile in the browser: pick, turn (R), mirror (F), move (arrows), jump to the next
// or previous spot where it fits (N, Shift+N), hover or tap a cell, and see at once where it fits. The page's "offer" island holds each offered tile's
// orientations and the legal anchors the engine computed, so nothing here decides legality
// on its own; the engine's own words and the score preview come from one small fragment
// request, sent once the tile rests. Confirming is the page's one POST. Without this module
// every control is a link or a form the server answers (the draft in the address).

import { fmt, gettext } from "./words.js";

const PREVIEW_DELAY_MS = 150;
const SIDES = [["t", 0, -1], ["r", 1, 0], ["b", 0, 1], ["l", -1, 0]];
// Why the tile stays put at the county's drawn edge, for each way it was moved.
const AT_EDGE = {
  "-1,0": gettext("The tile is at the edge: further left it could not touch your county."),
  "1,0": gettext("The tile is at the edge: further right it could not touch your county."),
  "0,-1": gettext("The tile is at the edge: further up it could not touch your county."),
  "0,1": gettext("The tile is at the edge: further down it could not touch your county."),
};
// Room kept between the tile and the viewport's edges (or the sticky bar of controls).
const MARGIN_PX = 8;

function listing(words) {
  if (words.length < 2) return words.join("");
  // Translators: the last two of a list of squares: "(1, 2), (2, 2) and (3, 2)".
  return fmt(gettext("%(names)s and %(last)s"), { names: words.slice(0, -1).join(", "), last: words.at(-1) });
}

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
    this.bar = turn.querySelector(".try-bar");
    this.spotStatus = turn.querySelector("#spot-status");
    this.note = "";
    this.cells = new Map();
    this.box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (const cell of this.county ? this.county.querySelectorAll("[data-x]") : []) {
      const [x, y] = [+cell.dataset.x, +cell.dataset.y];
      this.cells.set(`${x},${y}`, cell);
      this.box = {
        x0: Math.min(this.box.x0, x), y0: Math.min(this.box.y0, y),
        x1: Math.max(this.box.x1, x), y1: Math.max(this.box.y1, y),
      };
    }
    // The jump buttons need this module: without it they would do nothing.
    for (const control of turn.querySelectorAll("[data-spot]")) control.hidden = false;
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

  // Whether every square of the tile lies on the drawn county. Past its edge no spot is
  // legal (the county is drawn two cells beyond every legal spot), and nothing would be drawn.
  onBoard(draft) {
    return this.covered(draft).every(([x, y]) => this.cells.has(`${x},${y}`));
  }

  // ``draft`` shifted the least it takes to lie on the drawn county (after a turn or a tap
  // near the edge).
  kept(draft) {
    const cells = this.shape(draft).cells;
    const xs = cells.map(([dx]) => dx);
    const ys = cells.map(([, dy]) => dy);
    const within = (v, low, high) => Math.max(low, Math.min(high, v));
    return {
      ...draft,
      x: within(draft.x, this.box.x0 - Math.min(...xs), this.box.x1 - Math.max(...xs)),
      y: within(draft.y, this.box.y0 - Math.min(...ys), this.box.y1 - Math.max(...ys)),
    };
  }

  // Every spot where the tile fits, in reading order: in its present orientation if it fits
  // somewhere so, else in any orientation.
  fits() {
    const { slot, o } = this.draft;
    const tile = this.tiles.get(slot);
    let found = tile.orientations[o].anchors.map(([x, y]) => ({ slot, o, x, y }));
    if (!found.length) {
      found = tile.orientations.flatMap((shape, i) => shape.anchors.map(([x, y]) => ({ slot, o: i, x, y })));
    }
    return found.sort((a, b) => a.y - b.y || a.x - b.x || a.o - b.o);
  }

  // N and Shift+N: the next or the previous spot where the tile fits, said aloud.
  jump(step) {
    if (!this.draft) return;
    const spots = this.fits();
    if (!spots.length) {
      this.say(gettext("This tile fits nowhere in your county."));
      return;
    }
    const here = this.draft;
    const after = (s) => s.y > here.y || (s.y === here.y && (s.x > here.x || (s.x === here.x && s.o > here.o)));
    const before = (s) => s.y < here.y || (s.y === here.y && (s.x < here.x || (s.x === here.x && s.o < here.o)));
    let index = step > 0 ? spots.findIndex(after) : spots.findLastIndex(before);
    if (index < 0) index = step > 0 ? 0 : spots.length - 1;
    this.draft = spots[index];
    this.commit();
    const squares = listing(this.covered(this.draft).map(([x, y]) => `(${x}, ${y})`));
    this.say(fmt(
      // Translators: said aloud as the tile jumps to the next spot where it fits.
      gettext("Fits here: spot %(number)s of %(count)s, covering %(squares)s."),
      { number: index + 1, count: spots.length, squares },
    ));
  }

  say(words) {
    if (this.spotStatus) this.spotStatus.textContent = words;
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
    return this.kept({ slot, o, x: x - cells[0][0], y: y - cells[0][1] });
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
    this.draft = this.kept({ ...this.draft, o: next });
    this.commit();
  }

  // One cell along; at the county's drawn edge the tile stays where it is, and says why.
  move(dx, dy) {
    if (!this.draft) return;
    const next = { ...this.draft, x: this.draft.x + dx, y: this.draft.y + dy };
    if (!this.onBoard(next)) {
      this.commit(AT_EDGE[`${dx},${dy}`]);
      return;
    }
    this.draft = next;
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
    const covered = this.covered(draft);
    const taken = new Set(covered.map(([x, y]) => `${x},${y}`));
    covered.forEach(([x, y], i) => {
      const cell = this.cells.get(`${x},${y}`);
      if (!cell) return;
      const square = document.createElement("span");
      // The sides where the tile ends are outlined, so it reads as one piece over the spots.
      const seams = SIDES.filter(([, dx, dy]) => !taken.has(`${x + dx},${y + dy}`));
      square.className = `overlay overlay--${legal ? "ok" : "bad"} ${seams.map(([side]) => `seam-${side}`).join(" ")}`;
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
    if (missing) return gettext("That is too far from your county.");
    const taken = squares.find(
      ([x, y]) => !this.cells.get(`${x},${y}`).classList.contains("cell--empty"),
    );
    if (taken) return gettext("It would cover a square of your county that is already filled.");
    return gettext("It must touch your county along an edge.");
  }

  // The tried spot becomes the draft: drawn, written into the confirm form, announced, and
  // kept in view. ``note`` says why the tile did not go where it was asked to.
  commit(note = "") {
    const draft = this.draft;
    this.note = note;
    this.say("");
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
    strong.textContent = legal ? gettext("Fits here.") : gettext("Not here:");
    line.append(strong, legal ? "" : ` ${this.reason(draft)}`);
    this.preview.append(line);
    this.addNote();
    this.reveal();
    const query = `?slot=${draft.slot}&o=${draft.o}&x=${draft.x}&y=${draft.y}`;
    history.replaceState(history.state, "", location.pathname + query);
    this.asked = (this.asked || 0) + 1; // an answer on its way is now out of date
    clearTimeout(this.timer);
    this.preview.setAttribute("aria-busy", "true"); // till the engine's words are in
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
    if (asked !== this.asked || !this.preview.isConnected) return;
    const html = response.ok ? new DOMParser().parseFromString(await response.text(), "text/html") : null;
    if (asked !== this.asked) return;
    const fresh = html && html.getElementById("preview");
    if (fresh) this.preview.replaceChildren(...fresh.childNodes);
    this.preview.removeAttribute("aria-busy");
    this.addNote();
    // The engine's words (what the spot gains) make the controls above the county taller,
    // which pushes the tile down: bring it back into view.
    this.reveal();
  }

  addNote() {
    if (!this.note) return;
    const line = document.createElement("p");
    line.className = "edge-note";
    line.textContent = this.note;
    this.preview.append(line);
  }

  // When the tile is out of sight, scroll the page (and the county's own box, when it is wider
  // than the screen) to show it in the middle of the space below the controls, which stick to
  // the top of the screen, so the county around it shows too.
  reveal() {
    if (!this.drawn.length) return;
    const wrap = this.county.closest(".county-wrap");
    const rects = () => this.drawn.map((square) => square.getBoundingClientRect());
    if (wrap && wrap.scrollWidth > wrap.clientWidth + 1) {
      const box = wrap.getBoundingClientRect();
      const left = Math.min(...rects().map((r) => r.left));
      const right = Math.max(...rects().map((r) => r.right));
      if (left < box.left || right > box.right) {
        wrap.scrollLeft += (left + right) / 2 - (box.left + box.right) / 2;
      }
    }
    // Twice: the first scroll may bring the controls to stick over the top of the county.
    for (let pass = 0; pass < 2; pass += 1) {
      const top = Math.min(...rects().map((r) => r.top));
      const bottom = Math.max(...rects().map((r) => r.bottom));
      const above = Math.max(this.bar ? this.bar.getBoundingClientRect().bottom : 0, 0) + MARGIN_PX;
      const below = window.innerHeight - MARGIN_PX;
      if (top >= above && bottom <= below) return;
      const shift = (top + bottom) / 2 - (above + below) / 2;
      window.scrollBy({ top: shift, behavior: "instant" });
    }
  }

  // Clicks on the turn's controls and the county, caught before htmx follows their links.
  handle(event) {
    const control = event.target.closest("[data-key], [data-spot], .choice, [data-x]");
    if (!control || !this.turn.contains(control)) return;
    const key = control.dataset.key;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (control.classList.contains("choice")) {
      this.pick(+control.id.replace("choice-", ""));
    } else if (key === "r" || key === "f") {
      this.turnOrMirror(key);
    } else if (moves[key]) {
      this.move(...moves[key]);
    } else if (control.dataset.spot) {
      this.jump(+control.dataset.spot);
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

// ``shown``: the tile drawn by the server (a page opened at a draft, or a turn redrawn by htmx)
// is brought into view as the module's own moves are.
function start({ shown = false } = {}) {
  const turn = document.getElementById("turn");
  const offer = readOffer();
  const ready = turn && offer && turn.querySelector(".my-county .county form, .my-county .county");
  current = ready && turn.querySelector("form.confirm") ? new Placement(turn, offer) : null;
  if (current && current.draft) {
    current.draw(current.draft);
    if (shown) current.reveal();
  }
}

// N jumps to the next spot where the tile fits, Shift+N back (static/js/turn.js has the rest).
document.addEventListener("keydown", (event) => {
  if (!current || !current.draft || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  if (event.key !== "n" && event.key !== "N") return;
  event.preventDefault();
  current.jump(event.shiftKey ? -1 : 1);
});

// Capture: runs before htmx's own click handlers on the links and cell buttons.
document.addEventListener("click", (event) => current && current.handle(event), true);
document.addEventListener("mouseover", (event) => current && current.hover(event));
document.addEventListener("mouseout", (event) => {
  if (!current || !current.county || !current.draft) return;
  if (!current.county.contains(event.relatedTarget)) current.draw(current.draft);
});
document.addEventListener("htmx:afterSettle", (event) => {
  // A new turn (after a move, a poll, a refusal) brings a new offer; a preview does not.
  if (event.target.id !== "preview") start({ shown: event.target.id === "turn" });
});
start({ shown: true });
