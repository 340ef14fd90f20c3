// The replay's controls from the keyboard and the slider: ← and → follow the previous and next
// links, and moving the slider shows its step at once. Without JavaScript the links and the
// slider's "Show" button do the same.
const slider = document.getElementById("replay-step");

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, textarea, select")) return;
  const id = { ArrowLeft: "replay-prev", ArrowRight: "replay-next" }[event.key];
  const link = id && document.getElementById(id);
  if (link instanceof HTMLAnchorElement) {
    event.preventDefault();
    link.click();
  }
});

if (slider instanceof HTMLInputElement && slider.form) {
  slider.addEventListener("change", () => slider.form.requestSubmit());
}
