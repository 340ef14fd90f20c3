// Stepping through a game told again (the replay, the weekly challenge side by side): ← and →
// follow the links that name those keys (aria-keyshortcuts), and moving a slider marked
// data-jump shows its place at once. Without JavaScript the links and the slider's button do
// the same.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, textarea, select")) return;
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const link = document.querySelector(`a[aria-keyshortcuts="${event.key}"]`);
  if (link instanceof HTMLAnchorElement) {
    event.preventDefault();
    link.click();
  }
});

// A slider moved before this module ran (a slow phone) shows its place as soon as it runs: the
// sliders carry autocomplete="off", so a page the browser brings back from its history starts
// at the place drawn, not at one the slider had before.
for (const slider of document.querySelectorAll("input[type=range][data-jump]")) {
  if (slider instanceof HTMLInputElement && slider.form) {
    slider.addEventListener("change", () => slider.form?.requestSubmit());
    if (slider.value !== slider.defaultValue) slider.form.requestSubmit();
  }
}
