// An answer that arrives after its part of the page was redrawn is about a page that is gone:
// the poll sent just before a move redrew the game, say. htmx would still try to place it, and
// from an element no longer on the page it can find neither "#game" (htmx: Invalid re-target
// #game) nor the header's count. It is dropped; the part drawn in its place polls for itself.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeRequest", function (event) {
    var asker = event.detail.elt;
    // Told on the asker itself: once it has left the page, the document hears nothing of it.
    asker.addEventListener("htmx:beforeOnLoad", function answered(answer) {
      if (answer.target !== asker) return;
      asker.removeEventListener("htmx:beforeOnLoad", answered);
      if (!asker.isConnected) answer.preventDefault();
    });
  });
})();
