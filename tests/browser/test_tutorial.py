"""« Apprendre à jouer » in a real browser: a newcomer follows « Indice » through the whole
tutorial deal and reads each note once, in order, then is offered a real game; another
makes other choices, reloads on the way, and still meets all twelve notes (live or in the
end-of-deal summary)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.table_page import DESKTOP, PHONE_PORTRAIT, TablePage
from tutorial.deal import HINT_PATH
from tutorial.notes import NOTES

ALL_NOTES = {note.key for note in NOTES}


class TutorialPage(TablePage):
    """The tutorial's table (the game's own) and the notes beside it."""

    def __init__(self, page: Page, *, touch: bool = False) -> None:
        super().__init__(page, touch=touch)
        self.heading = self.table.get_by_role("heading", level=1)
        self.notes = page.get_by_role("complementary", name="Apprendre à jouer")
        self.summary = page.get_by_role("dialog", name="Tutoriel terminé")

    def start_from_home(self) -> None:
        self.page.goto("/")
        self.press(self.page.get_by_role("link", name="Apprendre à jouer", exact=True))
        expect(self.page.get_by_role("heading", name="Apprendre à jouer", level=1)).to_be_visible()
        self.press(self.page.get_by_role("button", name="Commencer"))
        expect(self.heading).to_have_text("Apprendre à jouer · donne guidée")

    def _keys(self, notes: Locator) -> tuple[str, ...]:
        keys = []
        for note in notes.all():
            expect(note.get_by_role("heading")).to_be_visible()
            keys.append(note.get_attribute("data-note") or "")
        return tuple(keys)

    def new_notes(self) -> tuple[str, ...]:
        """The notes this moment brought, read as a newcomer reads them: one at a time,
        « Suivant » to the next, « J’ai compris » after the last (on a phone); each one
        wholly on the screen with the hand still in view. At the end of the deal, the
        summary's."""
        pager = self.page.locator("#tutorial-notes-new .note--new")
        count = pager.count()
        if not count:
            return self._keys(self.notes.locator(".note--new"))
        keys = []
        for index in range(count):
            note = pager.filter(visible=True)
            expect(note).to_have_count(1)
            self._check_in_view(note)
            keys.append(note.get_attribute("data-note") or "")
            if index < count - 1:
                self.press(note.get_by_role("button", name="Suivant"))
            elif (done := note.get_by_role("button", name="J’ai compris")).is_visible():
                self.press(done)
                expect(note).to_be_hidden()
                expect(self.notes.get_by_role("button", name=re.compile("^Revoir"))).to_be_visible()
        return tuple(keys)

    def _check_in_view(self, note: Locator) -> None:
        box = note.bounding_box()
        height = self.page.viewport_size["height"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, box
        # The hand is not under the note: its first card is what the screen shows there.
        card = self.hand.locator(".card").first
        assert card.evaluate(
            """card => {
              const box = card.getBoundingClientRect();
              const x = box.left + box.width / 2, y = box.top + box.height / 2;
              return y > 0 && y < innerHeight && card.contains(document.elementFromPoint(x, y));
            }"""
        ), "the note hides the hand"

    def missed_notes(self) -> tuple[str, ...]:
        return self._keys(self.summary.locator(".note--missed"))

    def seen_count(self) -> str:
        return self.notes.get_by_text(re.compile(r"^\d+ notes sur 12$")).inner_text()


@pytest.mark.parametrize("viewport", [PHONE_PORTRAIT, DESKTOP], ids=["phone", "desktop"])
def test_following_the_hint_meets_each_note_once_in_order(page: Page, viewport):
    tutorial = TutorialPage(page, touch=viewport["width"] < 600)
    tutorial.start_from_home()

    assert tutorial.settle() == "pass"
    moments = [tutorial.new_notes()]
    # In the tutorial « Indice » also says why.
    tutorial.press(tutorial.hint)
    expect(tutorial.status).to_have_text(re.compile(r"^Suggestion : .+ — .+$"))
    expect(tutorial.hand.get_by_role("checkbox", checked=True)).to_have_count(3)
    tutorial.press(page.get_by_role("button", name="Passer à gauche"))
    expect(tutorial.hand.get_by_role("checkbox")).to_have_count(0)

    while (state := tutorial.settle()) == "play":
        if notes := tutorial.new_notes():
            moments.append(notes)
        tutorial.press(tutorial.hint)
        expect(tutorial.status).to_have_text(re.compile(r"^Suggestion : .+ — .+$"))
        tutorial.play_hint()
    assert state == "result"
    expect(tutorial.summary).to_be_visible()
    # It opens at its title, also on a phone.
    expect(tutorial.summary.get_by_role("heading", name="Tutoriel terminé")).to_be_in_viewport(
        ratio=1
    )
    moments.append(tutorial.new_notes())

    assert moments == list(HINT_PATH)
    read = [key for notes in moments for key in notes]
    assert len(read) == len(set(read)) == len(ALL_NOTES)
    assert tutorial.missed_notes() == ()
    expect(tutorial.summary).to_contain_text("Vous n’avez ramassé aucun point")
    assert tutorial.seen_count() == "12 notes sur 12"

    # The summary offers a real game: a new game of 100 points, at its first pass.
    tutorial.press(tutorial.summary.get_by_role("button", name="Jouer une vraie partie"))
    expect(page).to_have_url(re.compile(r"/partie/\d+/$"))
    expect(tutorial.heading).to_have_text("Manche 1 · en 100 points")
    assert tutorial.settle() == "pass"
    expect(tutorial.notes).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@pytest.mark.parametrize("viewport", [PHONE_PORTRAIT], ids=["phone"])
def test_other_choices_still_meet_every_note_and_a_reload_resumes(page: Page, viewport):
    tutorial = TutorialPage(page, touch=True)
    whim = random.Random(2024)
    tutorial.start_from_home()

    assert tutorial.settle() == "pass"
    read = list(tutorial.new_notes())
    tutorial.pass_cards(1, use_hint=False)  # the three cards shown last
    played = 0
    while (state := tutorial.settle()) == "play":
        read += tutorial.new_notes()
        if played == 5:
            # Reloading resumes at the same card, with the same notes as already seen.
            before = (tutorial.snapshot(), tutorial.new_notes(), tutorial.seen_count())
            page.reload()
            assert tutorial.settle() == "play"
            assert (tutorial.snapshot(), tutorial.new_notes(), tutorial.seen_count()) == before
        tutorial.play(whim.choice(tutorial.playable_cards()))
        played += 1
    assert state == "result"
    read += tutorial.new_notes()
    missed = tutorial.missed_notes()

    assert len(read) == len(set(read)), read
    assert set(read) | set(missed) == ALL_NOTES
    assert not set(read) & set(missed)
    expect(tutorial.summary.get_by_role("button", name="Jouer une vraie partie")).to_be_visible()

    # « Recommencer le tutoriel »: the same deal from its first card, the notes read afresh.
    tutorial.press(tutorial.summary.get_by_role("button", name="Recommencer le tutoriel"))
    assert tutorial.settle() == "pass"
    assert tutorial.new_notes() == HINT_PATH[0]


def test_restarting_in_the_middle_of_the_deal_asks_first(page: Page):
    tutorial = TutorialPage(page)
    tutorial.start_from_home()
    assert tutorial.settle() == "pass"
    tutorial.pass_cards(1, use_hint=True)
    assert tutorial.settle() == "play"
    hand = tutorial.card_names()
    questions: list[str] = []

    def answer(dialog, accept: bool) -> None:
        questions.append(dialog.message)
        if accept:
            dialog.accept()
        else:
            dialog.dismiss()

    restart = tutorial.notes.get_by_role("button", name="Recommencer", exact=True)
    page.once("dialog", lambda dialog: answer(dialog, accept=False))
    tutorial.press(restart)
    expect(tutorial.hand.get_by_role("radio")).to_have_count(13)
    assert questions == [
        "Recommencer le tutoriel depuis le début ? La donne en cours sera abandonnée."
    ]
    assert tutorial.card_names() == hand  # dismissed: nothing changed

    page.once("dialog", lambda dialog: answer(dialog, accept=True))
    tutorial.press(restart)
    expect(tutorial.hand.get_by_role("checkbox")).to_have_count(13)  # the pass again
    assert len(questions) == 2
