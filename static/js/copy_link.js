/* "Copy link" beside a read-only link field (<button data-copy-from="input id"
   data-copy-status="status id" hidden>): the button appears only when this module runs, copies
   the field's text, and says "Copied" in the status line (an aria-live region), so screen
   readers hear it too. Without JavaScript the field stays, ready to select and copy by hand. */

import { gettext } from "./words.js";

const SAY_FOR_MS = 4000;
const timers = new WeakMap();

function say(status, text) {
  if (!status) return;
  status.textContent = text;
  window.clearTimeout(timers.get(status));
  timers.set(status, window.setTimeout(() => { status.textContent = ""; }, SAY_FOR_MS));
}

async function copy(button) {
  const field = document.getElementById(button.dataset.copyFrom);
  const status = document.getElementById(button.dataset.copyStatus);
  if (!field) return;
  try {
    await navigator.clipboard.writeText(field.value);
    say(status, gettext("Copied"));
  } catch (err) {
    // No clipboard here (an insecure address, or permission refused): select it for the keys.
    field.focus();
    field.select();
    say(status, gettext("Selected: press Ctrl+C (⌘C on a Mac) to copy"));
  }
}

for (const button of document.querySelectorAll("button[data-copy-from]")) {
  button.hidden = false;
  button.addEventListener("click", () => copy(button));
}
