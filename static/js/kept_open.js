// A neighbour's county the player opened (a <details> with an id) stays open when htmx draws
// the part of the page around it again: the poll after each neighbour's move would close it.

const opened = new Set();

document.addEventListener("htmx:beforeSwap", (event) => {
  opened.clear();
  for (const details of event.detail.target.querySelectorAll("details[open][id]")) {
    opened.add(details.id);
  }
});

document.addEventListener("htmx:afterSwap", () => {
  for (const id of opened) document.getElementById(id)?.setAttribute("open", "");
  opened.clear();
});
