// A refusal (400, 409 or 422: "you may write five messages a minute", "the round moved on") is
// an answer the site means to show: the htmx configuration in base.html swaps it into the place
// that was asked for. Two things could still hide it, and this file stops both.
(function () {
  "use strict";

  // The configured handling of a status, as htmx finds it: the first rule whose code matches.
  function isRefusal(status) {
    var rules = (window.htmx && window.htmx.config.responseHandling) || [];
    for (var i = 0; i < rules.length; i++) {
      if (new RegExp(rules[i].code).test(String(status))) {
        return status >= 400 && rules[i].swap === true && rules[i].error === false;
      }
    }
    return false;
  }

  // Under DEBUG (make run), django-htmx's error handler listens for 400 answers on the
  // document and replaces the whole page with them: a refusal would turn the table into a bare
  // fragment. Caught on the way down, a refusal never reaches that handler; htmx itself swaps
  // it all the same. Crashes (500) and pages not found still go to the handler.
  document.addEventListener(
    "htmx:beforeOnLoad",
    function (event) {
      if (isRefusal(event.detail.xhr.status)) event.stopPropagation();
    },
    true
  );

  // The turn brings its own refusals into view (turn.js). Any other refusal, in the chat for
  // one, is scrolled into view where it was asked, and the field it is about gets the focus
  // back, with what the player wrote still in it.
  document.addEventListener("htmx:afterSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !isRefusal(xhr.status)) return;
    // Told once per element swapped in: act on the one that took the asked place.
    var target = event.detail.target;
    var swapped = event.target;
    if (!target || !target.id || swapped.id !== target.id) return;
    if (target.id === "game" || target.id === "turn") return;
    var message = swapped.querySelector('[role="alert"]');
    if (!message) return;
    message.scrollIntoView({ block: "nearest" });
    var field = message.id && swapped.querySelector('[aria-describedby~="' + message.id + '"]');
    if (field) field.focus({ preventScroll: true });
  });
})();
