// "Your devices": turns notifications on or off for the device the person is on. The browser
// asks for permission, subscribes with the site's key, and the subscription goes to the site;
// every answer (or refusal) is said in the status line under the buttons.

import { fmt, gettext } from "./words.js";

const setup = document.getElementById("push-setup");

function csrfToken() {
  try {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  } catch (error) {
    return "";
  }
}

function keyBytes(base64url) {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error || fmt(gettext("The site answered %(status)s."), { status: response.status }));
  return answer;
}

function part(name) {
  return setup.querySelector(name);
}

function say(text) {
  part("[data-status]").textContent = text;
}

async function show() {
  const on = part('[data-action="on"]');
  const off = part('[data-action="off"]');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  on.hidden = Boolean(subscription);
  off.hidden = !subscription;
}

async function turnOn() {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    say(REFUSALS.NotAllowedError);
    return;
  }
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(setup.dataset.key),
  });
  try {
    await post(setup.dataset.subscribe, subscription.toJSON());
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  window.location.reload();
}

async function turnOff() {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    await post(setup.dataset.unsubscribe, { endpoint: subscription.endpoint }).catch(() => {});
    await subscription.unsubscribe();
  }
  window.location.reload();
}

// What a person can do about each way the browser may refuse.
const REFUSALS = {
  NotAllowedError: gettext("Notifications are blocked for this site in your browser's settings; allow them there first."),
  AbortError: gettext("This browser could not reach its push service. Try again later."),
  NotSupportedError: gettext("This browser can't receive notifications from websites."),
};

function guarded(action) {
  return () => action().catch((error) => {
    say(fmt(gettext("Nothing changed. %(reason)s"), { reason: REFUSALS[error.name] || error.message }));
  });
}

if (setup) {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    part('[data-when="unsupported"]').hidden = false;
  } else {
    part('[data-action="on"]').addEventListener("click", guarded(turnOn));
    part('[data-action="off"]').addEventListener("click", guarded(turnOff));
    show().catch((error) => say(fmt(gettext("This browser's notifications are not ready: %(reason)s"), { reason: error.message })));
  }
}
