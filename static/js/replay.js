// Dame de Pique: the replay's keyboard. Every control is a plain link to the step's own
// address (bookmarkable, and working without this script); htmx swaps the replay in place.
// This script only maps keys to those links, keeps the focus on the control that was used,
// and names the page after the step shown.
//   ← →        previous / next step
//   Home End   first / last step of the hand
//   PageUp PageDown   previous / next trick
(function () {
  "use strict";

  const KEYS = {
    ArrowLeft: "previous",
    ArrowRight: "next",
    Home: "first",
    End: "last",
    PageUp: "previous-trick",
    PageDown: "next-trick",
  };
  let focusAfterSwap = null;

  function replay() {
    return document.getElementById("replay");
  }

  function typing(target) {
    return target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]");
  }

  document.addEventListener("keydown", (event) => {
    const nav = KEYS[event.key];
    if (!nav || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    const root = replay();
    if (!root) return;
    event.preventDefault();
    const link = root.querySelector(`[data-nav="${nav}"]`);
    if (!link) return;
    if (document.activeElement && root.contains(document.activeElement)) {
      focusAfterSwap = document.activeElement.dataset.nav || "";
    }
    link.click();
  });

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("#replay [data-nav]");
    if (link && document.activeElement === link) focusAfterSwap = link.dataset.nav;
  });

  document.addEventListener("htmx:afterSettle", () => {
    const root = replay();
    if (!root) return;
    if (root.dataset.title) document.title = root.dataset.title;
    if (focusAfterSwap !== null) {
      // The control used is gone with the old replay: focus its new self, or a live one.
      const again = focusAfterSwap && root.querySelector(`[data-nav="${focusAfterSwap}"]`);
      (again || root.querySelector(".replay__controls a") || root).focus({ preventScroll: true });
      focusAfterSwap = null;
    }
  });
})();
