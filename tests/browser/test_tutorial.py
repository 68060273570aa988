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
        self.notes = page.get_by_role("complementary", name="Apprendre à jouer")
        self.summary = page.get_by_role("dialog", name="Tutoriel terminé")

    def start_from_home(self) -> None:
        self.page.goto("/")
        self.press(self.page.get_by_role("link", name="Apprendre à jouer", exact=True))
        expect(self.page.get_by_role("heading", name="Apprendre à jouer", level=1)).to_be_visible()
        self.press(self.page.get_by_role("button", name="Commencer"))
        expect(self.heading).to_have_text("Manche 1 · en 100 points")

    def _keys(self, notes: Locator) -> tuple[str, ...]:
        keys = []
        for note in notes.all():
            expect(note.get_by_role("heading")).to_be_visible()
            keys.append(note.get_attribute("data-note") or "")
        return tuple(keys)

    def new_notes(self) -> tuple[str, ...]:
        """The notes this moment brought, as shown beside the table (or in the summary)."""
        return self._keys(self.notes.locator(".note--new"))

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
