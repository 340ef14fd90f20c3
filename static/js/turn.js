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
  // After htmx swaps the turn in, keep keyboard focus on the control that was used.
  document.addEventListener("htmx:afterSwap", function () {
    var confirm = document.getElementById("turn-error");
    if (confirm) confirm.focus();
  });
})();
