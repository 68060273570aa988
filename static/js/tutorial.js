// « Apprendre à jouer »: on a narrow screen the notes sit below the table. When new ones
// arrive mostly out of sight, a button at the bottom of the screen says so and scrolls to
// them. Everything else is the table's own script (table.js).
(function () {
  "use strict";

  let observer = null;

  function watch() {
    observer?.disconnect();
    const fresh = document.getElementById("tutorial-notes-new");
    const pill = document.querySelector("[data-notes-pill]");
    if (!fresh || !pill) return;
    observer = new IntersectionObserver(
      ([entry]) => {
        const visible = entry.intersectionRect.height;
        const couldBe = Math.min(entry.boundingClientRect.height, window.innerHeight);
        pill.hidden = visible >= couldBe / 2;
      },
      { threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] },
    );
    observer.observe(fresh);
    pill.addEventListener("click", (event) => {
      event.preventDefault();
      pill.hidden = true;
      fresh.scrollIntoView({ behavior: "smooth", block: "start" });
    });
  }

  htmx.onLoad(watch);
})();
