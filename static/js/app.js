// The installable site on every page: registers the service worker (at the root, for the
// whole site), keeps the app's badge and the page title on the number of tables waiting, and
// offers "Install" on "Your games" where the browser allows it.
const WAITING = /^\((\d+)\) /;

function setBadge(count) {
  if (!("setAppBadge" in navigator)) return;
  const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  done.catch(() => {}); // a site that is not installed may not have a badge
}

function setTitleCount(count) {
  const title = document.title.replace(WAITING, "");
  document.title = count > 0 ? `(${count}) ${title}` : title;
  setBadge(count);
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  // A push tells open pages the new count (the service worker sends it).
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "tables-waiting") setTitleCount(Number(event.data.count) || 0);
  });
}

// The page's own count, as the server wrote it in the title.
if (document.body.dataset.signedIn === "yes") {
  setBadge(Number((document.title.match(WAITING) || [])[1] || 0));
}

const hint = document.getElementById("install-hint");
if (hint) {
  let offer = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event;
    hint.hidden = false;
  });
  hint.querySelector("button").addEventListener("click", async () => {
    if (!offer) return;
    hint.hidden = true;
    await offer.prompt();
    offer = null;
  });
  window.addEventListener("appinstalled", () => { hint.hidden = true; });
}
