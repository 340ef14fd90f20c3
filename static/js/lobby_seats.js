/* The lobby's "Open a new table" form: only the seats a table of the chosen size has are shown
   (<div data-seat="n"> around each seat's select). A seat the table lacks is hidden and its
   select disabled, so it is not sent. Without this module every seat shows, each says at which
   sizes it counts, and the server refuses a bot in a seat the table lacks. */

function showSeats(form) {
  const players = form.elements.seats_wanted;
  if (!players) return;
  const count = Number(players.value);
  for (const seat of form.querySelectorAll("[data-seat]")) {
    // A seat the server refused stays in sight beside its message.
    const there = Number(seat.dataset.seat) <= count || seat.querySelector(".errorlist") !== null;
    seat.hidden = !there;
    for (const select of seat.querySelectorAll("select")) select.disabled = !there;
  }
}

for (const form of document.querySelectorAll("form")) {
  if (!form.querySelector("[data-seat]")) continue;
  showSeats(form);
  form.addEventListener("change", (event) => {
    if (event.target.name === "seats_wanted") showSeats(form);
  });
}
