// Zoom for a county wider than its box (a late game on a phone): "Zoom out" and "Zoom in"
// buttons above it, the tile being tried (or the cells to act on) kept in the box's view, and
// a box that scrolls reachable from the keyboard. Without this script the county simply
// scrolls in its box. The zoom is kept for the tab's session, across moves and pages.
// Each level scales the smallest cell (28 px at 1); 0 fits the whole county in its box.

import { gettext } from "./words.js";

const LEVELS = [0, 0.6, 1, 1.5, 2];
const KEY = "tipperary.county-zoom";

function storedLevel() {
  try {
    const level = Number(sessionStorage.getItem(KEY) ?? 1);
    return LEVELS.includes(level) ? level : 1;
  } catch {
    return 1;
  }
}

let level = storedLevel();

function remember() {
  try {
    sessionStorage.setItem(KEY, String(level));
  } catch {
    // Storage refused (private mode): the zoom lasts until the page changes.
  }
}

function overflows(wrap) {
  return wrap.scrollWidth > wrap.clientWidth + 1;
}

// Centre the tile being tried, else the first cell to act on, else the county itself (its
// filled cells, or its hometown when they are wider than the box), in the box (sideways only).
function showFocusOfPlay(wrap) {
  if (!overflows(wrap)) return;
  const box = wrap.getBoundingClientRect();
  const focus = wrap.querySelector(".cell.ov, .cell.target");
  let rects = [];
  if (focus) {
    rects = [focus.getBoundingClientRect()];
  } else {
    rects = [...wrap.querySelectorAll(".cell:not(.cell--empty)")].map((cell) => cell.getBoundingClientRect());
    const home = wrap.querySelector(".cell.home");
    const span = rects.length ? Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left)) : 0;
    if (home && span > box.width) rects = [home.getBoundingClientRect()];
  }
  if (!rects.length) return;
  const middle = (Math.min(...rects.map((r) => r.left)) + Math.max(...rects.map((r) => r.right))) / 2;
  wrap.scrollLeft += middle - (box.left + box.width / 2);
}

function button(label, glyph, step) {
  const control = document.createElement("button");
  control.type = "button";
  control.className = "button small secondary";
  control.setAttribute("aria-label", label);
  control.dataset.zoomStep = String(step);
  control.textContent = glyph;
  return control;
}

function toolbar(wrap) {
  let bar = wrap.previousElementSibling;
  if (bar && bar.classList.contains("county-zoom")) return bar;
  bar = document.createElement("div");
  bar.className = "county-zoom";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", gettext("Zoom the county"));
  bar.append(button(gettext("Zoom out"), "−", -1), button(gettext("Zoom in"), "+", 1));
  wrap.before(bar);
  return bar;
}

function update(wrap) {
  const county = wrap.querySelector(".county");
  if (!county) return;
  if (wrap.classList.contains("county--large")) {
    county.style.setProperty("--zoom", String(level));
    const bar = toolbar(wrap);
    bar.hidden = level === 1 && !overflows(wrap);
    const index = LEVELS.indexOf(level);
    for (const control of bar.querySelectorAll("button")) {
      const next = index + Number(control.dataset.zoomStep);
      control.setAttribute("aria-disabled", String(next < 0 || next >= LEVELS.length));
    }
  }
  // A box that scrolls needs something in it the keyboard can reach (its arrows then scroll).
  if (overflows(wrap) && !wrap.querySelector("button")) county.tabIndex = 0;
  else county.removeAttribute("tabindex");
}

function updateAll({ recentre = false } = {}) {
  for (const wrap of document.querySelectorAll(".county-wrap")) {
    update(wrap);
    if (recentre) showFocusOfPlay(wrap);
  }
}

document.addEventListener("click", (event) => {
  const control = event.target.closest(".county-zoom button");
  if (!control || control.getAttribute("aria-disabled") === "true") return;
  const next = LEVELS.indexOf(level) + Number(control.dataset.zoomStep);
  if (next < 0 || next >= LEVELS.length) return;
  level = LEVELS[next];
  remember();
  updateAll({ recentre: true });
});

// htmx redraws the county after each move: zoom the new one and bring the tile into view. The
// poll redrawing the table beside it leaves the county where the player panned it.
document.addEventListener("htmx:afterSettle", (event) => updateAll({ recentre: event.target.id !== "table" }));
let pending = 0;
window.addEventListener("resize", () => {
  cancelAnimationFrame(pending);
  pending = requestAnimationFrame(() => updateAll());
});
// Opening another player's county changes its size.
document.addEventListener("toggle", () => updateAll(), true);
updateAll({ recentre: true });
