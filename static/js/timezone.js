/* Tell the site the browser's time zone, and offer it in zone pickers.
   Every page: the "zone" cookie carries it, so a visitor's pages show times on their clock
   (accounts/middleware.py; a logged-in person's saved zone comes first). Written only when it
   changed; the first page a browser ever sees is in UTC.
   Zone pickers (<select data-browser-zone>):
   "prefill": a fresh sign-up form starts on the browser's zone instead of UTC.
   "suggest": on the settings page, when the browser's zone differs from the saved one, a
   button beside the picker selects it (saving stays the player's choice).
   Without JavaScript the picker simply keeps its server-side value. */
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (err) {
    return;
  }
  if (!zone) return;

  // The words, from the catalog loaded before this script (English when it did not load).
  var gettext = window.gettext || function (message) { return message; };
  function fmt(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return name in values ? String(values[name]) : whole; });
  }
  var place = zone.replace(/_/g, " ");

  var cookie = "zone=" + zone;  // IANA names need no escaping in a cookie (letters, / _ + -)
  if (document.cookie.split("; ").indexOf(cookie) === -1) {
    document.cookie = cookie + "; path=/; max-age=31536000; samesite=lax" +
      (location.protocol === "https:" ? "; secure" : "");
  }

  function hasOption(select, value) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === value) return true;
    }
    return false;
  }

  document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
    if (!hasOption(select, zone) || select.value === zone) return;
    var mode = select.getAttribute("data-browser-zone");
    if (mode === "prefill") {
      select.value = zone;
      return;
    }
    if (mode !== "suggest") return;
    var hint = document.createElement("p");
    hint.className = "zone-hint";
    hint.id = select.id + "_browser";
    hint.appendChild(document.createTextNode(fmt(gettext("Your device is set to %(zone)s."), { zone: place }) + " "));
    var use = document.createElement("button");
    use.type = "button";
    use.className = "link-button";
    use.textContent = fmt(gettext("Use %(zone)s"), { zone: place });
    use.addEventListener("click", function () {
      select.value = zone;
      select.focus();
      hint.textContent = fmt(gettext("%(zone)s is selected. Save to keep it."), { zone: place });
    });
    hint.appendChild(use);
    select.insertAdjacentElement("afterend", hint);
  });
})();
