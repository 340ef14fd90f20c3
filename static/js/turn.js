// Keyboard play on the game page: R rotates, F mirrors, arrows move, 1 and 2 pick a tile.
// Each key clicks the control that carries the same data-key, so keys and buttons do the same.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    var control = document.querySelector('#turn [data-key="' + key + '"]');
    if (!control) return;
    event.preventDefault();
    control.click();
  });

  // A click on a cell of the county moves the tile there: the page stays where it is rather
  // than jumping to the top of the game, as htmx does by default for a boosted form.
  if (window.htmx) window.htmx.config.scrollIntoViewOnBoost = false;

  // What the turn asked before a swap and the control that was used, to tell a new step of
  // the turn (a follow-up, waiting for others, the next round) from the same step redrawn.
  var asked = null;
  var used = null;
  var over = false;
  function isTurn(element) {
    return element && (element.id === "game" || element.id === "turn");
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isTurn(event.detail.target)) return;
    var title = document.getElementById("turn-title");
    asked = title ? title.textContent : null;
    over = !!document.querySelector("#game .final");
    used = document.activeElement === document.body ? null : document.activeElement;
  });

  function bringToView(element) {
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
    var still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }

  function focusLost() {
    return !document.activeElement || document.activeElement === document.body;
  }

  // After htmx swaps the turn in: an error, or a new question (place your sheep, waiting for
  // others, the next round), takes the focus and is scrolled into view, so what to answer next
  // is the first thing seen and heard. The same question redrawn keeps the focus on the
  // control that was used: htmx gives it back by id, a county cell is found by its place.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!isTurn(event.target)) return;
    var error = document.getElementById("turn-error");
    var title = document.getElementById("turn-title");
    var cell = used && used.matches("button.cell") ? used.dataset : null;
    var same = cell && document.querySelector(
      '#turn button.cell[data-x="' + cell.x + '"][data-y="' + cell.y + '"]'
    );
    // The last action of the game: the result (who won, the final scores) comes first.
    var result = !over && document.querySelector("#game .final .winner-banner");
    if (error) {
      bringToView(error);
    } else if (result) {
      bringToView(result);
    } else if (title && title.textContent !== asked) {
      bringToView(title);
    } else if (used && focusLost()) {
      if (same) same.focus({ preventScroll: true });
      else if (title) bringToView(title);
    }
    asked = null;
    used = null;
  });
})();
