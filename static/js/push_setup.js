// "Your devices": turns notifications on or off for the device the person is on. The browser
// asks for permission, subscribes with the site's key, and the subscription goes to the site;
// every answer (or refusal) is said in the status line under the buttons.
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
  if (!response.ok) throw new Error(answer.error || `The site answered ${response.status}.`);
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
    say("Notifications are blocked for this site in your browser's settings; allow them there first.");
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
  NotAllowedError: "Notifications are blocked for this site in your browser's settings; allow them there first.",
  AbortError: "This browser could not reach its push service. Try again later.",
  NotSupportedError: "This browser can't receive notifications from websites.",
};

function guarded(action) {
  return () => action().catch((error) => {
    say(`Nothing changed. ${REFUSALS[error.name] || error.message}`);
  });
}

if (setup) {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    part('[data-when="unsupported"]').hidden = false;
  } else {
    part('[data-action="on"]').addEventListener("click", guarded(turnOn));
    part('[data-action="off"]').addEventListener("click", guarded(turnOff));
    show().catch((error) => say(`This browser's notifications are not ready: ${error.message}`));
  }
}
