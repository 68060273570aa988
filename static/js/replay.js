// Dame de Pique: the replay's keyboard. Every control is a plain link to the step's own
// address (bookmarkable, and working without this script); htmx swaps the replay in place.
// This script only maps keys to those links, keeps the focus on the control that was used,
// names the page after the step shown, and plays « Lecture auto »: it follows the
// « Suivante » link at the chosen pace (the server never waits), until the hand's last
// step or any navigation of the person's own.
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
  // « Lecture auto »: whether it plays, its pause between steps (ms, from the speed
  // chosen), the timer of the next step, and whether the click under way is its own.
  const autoplay = { playing: false, pause: null, timer: null, stepping: false };

  function replay() {
    return document.getElementById("replay");
  }

  function typing(target) {
    return target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]");
  }

  function showAutoplay(root) {
    const button = root.querySelector("[data-autoplay]");
    if (button) button.setAttribute("aria-pressed", String(autoplay.playing));
    const speed = root.querySelector("[data-autoplay-speed]");
    if (speed && autoplay.pause !== null) speed.value = String(autoplay.pause);
  }

  function stopAutoplay() {
    clearTimeout(autoplay.timer);
    autoplay.timer = null;
    autoplay.playing = false;
    const root = replay();
    if (root) showAutoplay(root);
  }

  function scheduleStep() {
    const root = replay();
    const speed = root && root.querySelector("[data-autoplay-speed]");
    const pause = Number(speed ? speed.value : 1000);
    clearTimeout(autoplay.timer); // a swap inside the replay (the key moments) comes too
    autoplay.timer = setTimeout(() => {
      const next = replay() && replay().querySelector('[data-nav="next"]');
      if (!autoplay.playing || !next) {
        stopAutoplay();
        return;
      }
      autoplay.stepping = true;
      next.click();
      autoplay.stepping = false;
    }, pause);
  }

  function toggleAutoplay() {
    if (autoplay.playing) {
      stopAutoplay();
      return;
    }
    if (!replay().querySelector('[data-nav="next"]')) return; // the hand's last step
    autoplay.playing = true;
    showAutoplay(replay());
    scheduleStep();
  }

  document.addEventListener("change", (event) => {
    const speed = event.target instanceof Element && event.target.closest("#replay [data-autoplay-speed]");
    if (!speed) return;
    autoplay.pause = Number(speed.value);
    if (autoplay.playing) scheduleStep();
  });

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
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest("#replay [data-autoplay]");
    if (button) {
      focusAfterSwap = "autoplay";
      toggleAutoplay();
      return;
    }
    // Any link of the replay followed by the person (a step, a trick, a hand, a seat)
    // stops « Lecture auto ».
    if (!autoplay.stepping && event.target.closest("#replay a[href]")) {
      stopAutoplay();
      if (focusAfterSwap === "autoplay") focusAfterSwap = null;
    }
    const link = event.target.closest("#replay [data-nav]");
    if (link && document.activeElement === link) focusAfterSwap = link.dataset.nav;
  });

  document.addEventListener("htmx:responseError", stopAutoplay);
  document.addEventListener("htmx:sendError", stopAutoplay);
  window.addEventListener("popstate", stopAutoplay);

  document.addEventListener("htmx:afterSettle", (event) => {
    const root = replay();
    // Only a new step counts: the key moments' progress polls swap their own section
    // every second and must not keep resetting « Lecture auto »'s timer.
    if (!root || event.target !== root) return;
    if (root.dataset.title) document.title = root.dataset.title;
    showAutoplay(root);
    if (autoplay.playing) scheduleStep();
    if (focusAfterSwap === "autoplay") {
      // The button was swapped with the step: it keeps the focus while it plays.
      const button = root.querySelector("[data-autoplay]");
      if (document.activeElement === document.body && button) button.focus({ preventScroll: true });
      return;
    }
    if (focusAfterSwap !== null) {
      // The control used is gone with the old replay: focus its new self, or a live one.
      const again = focusAfterSwap && root.querySelector(`[data-nav="${focusAfterSwap}"]`);
      (again || root.querySelector(".replay__controls a") || root).focus({ preventScroll: true });
      focusAfterSwap = null;
    }
  });
})();
