/* The time left of a live round (1–5 minutes), counted down each second.
   Marks: <time data-countdown datetime="ISO deadline">; the game fragment may be swapped in
   anew at any time (polls, a new round), so each tick looks the marks up again. Without
   JavaScript the page shows the deadline's clock time to the second and the minutes left as
   drawn. The element has role="timer", which screen readers do not announce at every tick. */

import { fmt, gettext } from "./words.js";

const TICK_MS = 250;

function minutesAndSeconds(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function tick() {
  const now = Date.now();
  for (const mark of document.querySelectorAll("time[data-countdown]")) {
    const ends = Date.parse(mark.dateTime);
    if (Number.isNaN(ends)) continue;
    // Translators: the time left of a live round, "2:05 left".
    const text = ends > now ? fmt(gettext("%(time)s left"), { time: minutesAndSeconds(ends - now) }) : gettext("time is up");
    if (mark.textContent !== text) mark.textContent = text;
  }
}

tick();
setInterval(tick, TICK_MS);
