// « Apprendre à jouer »: the notes a moment brings are read one at a time (« Suivant »,
// then « J’ai compris »). On a narrow screen, where the notes column sits below the table,
// they show over the felt, between the table's bar and your hand, so that a beginner reads
// them without losing the hand; « J’ai compris » puts them away and « Revoir la note »
// brings them back. « Recommencer » asks before starting the deal again. Everything else
// is the table's own script (table.js).
(function () {
  "use strict";

  const NARROW = window.matchMedia("(max-width: 999px)");

  // The room between the table's bar and the hand, where the notes may show on a phone.
  function place(notes) {
    const bar = document.querySelector("#table .table__bar");
    const hand = document.querySelector("#table .hand__cards") || document.querySelector("#table .you");
    if (!bar || !hand) return;
    const top = Math.max(bar.getBoundingClientRect().bottom, 0) + 4;
    const bottom = Math.min(hand.getBoundingClientRect().top, window.innerHeight) - 4;
    notes.style.setProperty("--notes-top", `${top}px`);
    notes.style.setProperty("--notes-height", `${Math.max(bottom - top, 120)}px`);
  }

  function setUp() {
    const aside = document.getElementById("tutorial-notes");
    const fresh = document.getElementById("tutorial-notes-new");
    const list = fresh ? [...fresh.querySelectorAll(".note")] : [];
    if (!aside || !list.length) return;
    place(fresh);
    // htmx hands over the table and the notes (out of band) separately: set up once.
    if (fresh.dataset.ready) return;
    fresh.dataset.ready = "1";
    const recall = aside.querySelector("[data-notes-recall]");
    let current = 0;

    const show = (index, focus) => {
      current = index;
      list.forEach((note, at) => (note.hidden = at !== index));
      if (focus) list[index].querySelector(".note__title")?.focus({ preventScroll: true });
    };
    const open = (focus) => {
      aside.classList.remove("is-put-away");
      if (recall) recall.hidden = true;
      place(fresh);
      show(0, focus);
    };

    for (const note of list) note.querySelector(".note__title")?.setAttribute("tabindex", "-1");
    fresh.addEventListener("click", (event) => {
      if (event.target.closest("[data-note-next]")) show(current + 1, true);
      else if (event.target.closest("[data-note-done]")) {
        aside.classList.add("is-put-away");
        if (recall) recall.hidden = !NARROW.matches;
      }
    });
    recall?.addEventListener("click", () => open(true));
    open(false);
  }

  // The end of the deal opens at its title (a focused button lower down would scroll the
  // panel past it on a phone).
  function openSummary() {
    const title = document.querySelector(".summary .result__title");
    if (!title || title.dataset.shown) return;
    title.dataset.shown = "1";
    title.closest(".result__panel").scrollTop = 0;
    title.focus({ preventScroll: true });
  }

  htmx.onLoad((element) => {
    if (element === document.body || element.id === "tutorial-notes" || element.id === "table") {
      setUp();
      openSummary();
    }
  });
  window.addEventListener("resize", () => {
    const fresh = document.getElementById("tutorial-notes-new");
    if (fresh) place(fresh);
  });

  // « Recommencer » in the middle of the deal asks before throwing it away.
  document.addEventListener("submit", (event) => {
    const question = event.target.dataset?.confirm;
    if (question && !window.confirm(question)) event.preventDefault();
  });
})();
