// The live page's stream: the server says "what you may see changed" at once, and the page then
// asks its poll for just what changed, as the poll itself would ten seconds later.
//
// The element with data-stream is the poll (hx-trigger "…, streamed"); data-token is the
// token it was drawn with. While the stream is healthy the poll's own timer asks only once a
// minute (a safety net); when the stream drops, the poll is back to its interval until the
// browser opens the stream again. "here" events fill in who has the table open.

import { gettext } from "./words.js";

const POLL_WHILE_STREAMING_MS = 60000;
const LONGEST_WAIT_MS = 60000;

let source = null;
let healthy = false;
let streamed = null; // the last token the stream sent
let here = null; // the seats whose people have the table open, as last heard
let lastPoll = Date.now();
let wait = 2000;

function poll() {
  return document.querySelector("[data-stream]:not([data-stream=''])");
}

function showHere() {
  for (const mark of document.querySelectorAll(".presence[data-seat]")) {
    mark.hidden = here === null;
    if (here === null) continue;
    const present = here.has(mark.dataset.seat);
    mark.classList.toggle("is-here", present);
    mark.querySelector(".presence-words").textContent = present ? gettext("at the table") : gettext("not here");
  }
}

function askIfBehind() {
  const element = poll();
  if (element && streamed !== null && element.dataset.token !== streamed) {
    window.htmx.trigger(element, "streamed");
  }
}

function lost() {
  healthy = false;
  here = null;
  showHere();
}

function open(url) {
  const crossOrigin = new URL(url, location.href).origin !== location.origin;
  source = new EventSource(url, { withCredentials: crossOrigin });
  source.addEventListener("open", () => {
    healthy = true;
    wait = 2000;
  });
  source.addEventListener("changed", (event) => {
    streamed = event.data;
    askIfBehind();
  });
  source.addEventListener("here", (event) => {
    here = new Set(event.data.split(" ").filter(Boolean));
    showHere();
  });
  source.addEventListener("gone", () => {
    // No longer allowed (logged out, removed from the table): the poll says what happens now.
    source.close();
    lost();
    const element = poll();
    if (element) window.htmx.trigger(element, "streamed");
  });
  source.addEventListener("error", () => {
    lost();
    if (source.readyState === EventSource.CLOSED) {
      // The browser gave up (the server answered with an error): try again later, longer
      // each time, while the poll carries on.
      setTimeout(() => open(url), wait);
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  });
}

// The poll's own timer asks rarely while the stream is healthy; a "streamed" ask always goes.
document.addEventListener("htmx:beforeRequest", (event) => {
  const element = event.detail.elt;
  if (!element.matches || !element.matches("[data-stream]")) return;
  const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
  const now = Date.now();
  if (!(trigger && trigger.type === "streamed") && healthy && now - lastPoll < POLL_WHILE_STREAMING_MS) {
    event.preventDefault();
    return;
  }
  lastPoll = now;
});

// New content (a poll's answer, a move) brings seats without their dots, and maybe a token
// that is behind what the stream already said.
document.addEventListener("htmx:load", () => {
  showHere();
  askIfBehind();
});

const first = poll();
if (first && window.EventSource) open(first.dataset.stream);
window.addEventListener("pagehide", () => {
  if (source) source.close();
});
