"""The offline game plays as the server's: offline.device.DeviceTable takes the person's
moves and lets the bots reply through play.table_play, the loop the server's tables use.
A game played on the device is the very game the server plays from the same seed and the
same choices, its record is one the server accepts, and its refusals change nothing."""

from __future__ import annotations

import copy
import uuid

import pytest

from game.bots import make_bot
from game.bots.levels.hard import HardBot
from game.engine import Phase
from offline.device import Answer, DeviceTable
from offline.record import check_record
from play import services
from play.models import Difficulty
from play.ownership import Owner
from play.seats import HUMAN
from tests.driving import human_acts
from tests.offline.test_device_table import OFFLINE, device_record

SEED = 20261203


@pytest.fixture
def quick_difficile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Difficile on a small search budget: these tests check the records its hands make on
    the device, not how well it plays, and at its full budget a whole game took about a
    minute of `make test` (the level's own tests and the arena judge its play)."""
    monkeypatch.setattr(HardBot, "tree_iterations", 60)
    monkeypatch.setattr(HardBot, "play_work", 3_000)
    monkeypatch.setattr(HardBot, "pass_work", 3_000)
    monkeypatch.setattr(HardBot, "endgame_cards", 2)


def person_acts(table: DeviceTable) -> Answer:
    """What tests.driving.human_acts does at the server's table, done on the device: the
    bots' turn (« avancer »), the pass, the card (the easy bot's choice), the next hand."""
    deal = table.position.deal
    bot = make_bot("easy", seed=1)
    move = table.move
    if deal.phase == Phase.PASSING and not deal.pass_submitted(HUMAN):
        cards = bot.choose_pass(deal.view(HUMAN))
        return table.pass_cards([card.code for card in cards], move)
    if deal.phase == Phase.PLAYING and deal.turn == HUMAN:
        return table.play_card(bot.choose_play(deal.view(HUMAN)).code, move)
    if deal.phase == Phase.FINISHED:
        return table.next_hand(move)
    return table.advance()


def play_to_the_end(table: DeviceTable) -> int:
    """Acts until the game is over; the number of actions (each must be accepted)."""
    for actions in range(1, 3000):
        answer = person_acts(table)
        assert answer.error is None, answer.error
        if table.finished:
            return actions
    raise AssertionError("never over")


@pytest.mark.usefixtures("quick_difficile")
@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_a_game_played_on_the_device_is_a_record_the_server_accepts(difficulty: str) -> None:
    table = DeviceTable.new(50, difficulty, seed=SEED)
    play_to_the_end(table)

    checked = check_record(table.record, levels=Difficulty.values)

    assert list(checked.totals) == table.position.game.totals
    assert checked.winner == table.position.game.winner
    assert len(checked.hands) == table.position.hand_number
    assert max(checked.totals) >= 50


@pytest.mark.django_db
@pytest.mark.parametrize("difficulty", ["easy", "normal"])
def test_the_device_plays_the_game_the_server_plays_from_the_same_seed(difficulty: str) -> None:
    owner = Owner(guest_id=uuid.uuid4())
    game = services.start_game(owner=owner, target=50, difficulty=difficulty, seed=SEED)
    for _ in range(3000):
        game.refresh_from_db()
        if game.is_finished:
            break
        assert not human_acts(game, owner).refused
    table = DeviceTable.new(50, difficulty, seed=SEED)
    play_to_the_end(table)

    assert table.record["hands"] == device_record(game)["hands"]
    assert table.position.game.totals == game.totals
    assert table.move == game.move_count


def test_a_searching_level_replies_only_when_the_page_asks() -> None:
    table = DeviceTable.new(100, "hard", seed=SEED)
    # Dealt: Difficile's passes are not chosen yet; the table waits for them and the person.
    assert table.record["hands"][0]["moves"] == []
    # Each « avancer » thinks within one bot's time budget: the page asks until they are done.
    asked = 0
    while len(table.record["hands"][0]["moves"]) < 3:
        answer = table.advance()
        assert answer.error is None and answer.new_plays == 0
        asked += 1
    assert asked <= 3
    assert {seat for seat, _codes in table.record["hands"][0]["moves"]} == {1, 2, 3}
    assert table.advance() == Answer()


def test_an_illegal_card_is_refused_with_its_reason_and_nothing_changes() -> None:
    table = DeviceTable.new(100, "easy", seed=SEED)
    person_acts(table)  # the pass
    while table.position.deal.turn != HUMAN:
        table.advance()
    view = table.position.deal.view(HUMAN)
    refused = next(card for card in view.hand if card not in view.legal)
    before, move = copy.deepcopy(table.record), table.move

    answer = table.play_card(refused.code, move)

    assert answer.error
    assert answer.new_plays == 0
    assert table.record == before and table.move == move


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda table: table.pass_cards(["2C", "3C"], table.move), "Choisissez exactement 3"),
        (lambda table: table.pass_cards(["2C", "3C", "ZZ"], table.move), "Carte inconnue."),
        (lambda table: table.next_hand(table.move), "La manche n’est pas terminée."),
        (lambda table: table.play_card("2C", table.move - 1), "La partie a avancé entre-temps"),
    ],
    ids=["two-cards", "unknown-card", "hand-not-over", "stale-move"],
)
def test_a_refused_action_says_why_and_changes_nothing(act, message: str) -> None:
    table = DeviceTable.new(100, "easy", seed=SEED)
    before, move = copy.deepcopy(table.record), table.move

    answer = act(table)

    assert answer.error and answer.error.startswith(message), answer.error
    assert table.record == before and table.move == move


def test_a_card_from_a_table_another_tab_moved_on_is_not_played() -> None:
    table = DeviceTable.new(100, "easy", seed=SEED)
    person_acts(table)  # the pass: the bots reply until the person's turn
    drawn_at = table.move
    while table.position.deal.turn != HUMAN:
        table.advance()
    card = table.position.deal.view(HUMAN).legal[0].code
    table.play_card(card, table.move)
    before = copy.deepcopy(table.record)

    # The same card again from the table drawn before it: already done.
    assert table.play_card(card, drawn_at).error.startswith("Cette action a déjà été prise")
    # Another card from that table: the game moved on without it.
    other = next(c.code for c in table.position.deal.view(HUMAN).hand if c.code != card)
    assert table.play_card(other, drawn_at).error.startswith("La partie a avancé entre-temps")
    assert table.record == before


def test_a_new_game_s_seed_survives_javascript_s_numbers() -> None:
    """The record goes through JSON.parse in the page: a seed over 2**53 came back rounded."""
    seeds = {DeviceTable.new(50, "easy").record["seed"] for _ in range(50)}
    assert all(0 <= seed < 2**53 for seed in seeds) and len(seeds) == 50


@pytest.mark.usefixtures("quick_difficile")
def test_a_new_level_applies_from_the_next_hand_and_the_server_stores_each_hand_s() -> None:
    table = DeviceTable.new(50, "easy", seed=SEED)
    person_acts(table)

    assert table.change_difficulty("hard") == Answer()
    assert table.position.bots_level == "easy"
    assert (
        "Niveau « Difficile » à partir de la manche suivante."
        in table.draw(OFFLINE, Answer()).difficulty_note
    )
    play_to_the_end(table)

    levels = [hand["level"] for hand in table.record["hands"]]
    assert levels[0] == "easy" and set(levels[1:]) == {"hard"}
    checked = check_record(table.record, levels=Difficulty.values)
    assert [hand.level for hand in checked.hands] == levels
    assert table.change_difficulty("normal").error == "La partie est terminée."


def test_an_unknown_level_is_refused() -> None:
    table = DeviceTable.new(50, "easy", seed=SEED)
    assert table.change_difficulty("dieu").error == "Niveau inconnu."
    assert table.record["difficulty"] == "easy"


def test_a_saved_record_resumes_where_it_stood() -> None:
    table = DeviceTable.new(50, "normal", seed=SEED)
    for _ in range(20):
        person_acts(table)

    resumed = DeviceTable(copy.deepcopy(table.record))

    assert resumed.move == table.move
    assert resumed.position.deal.view(HUMAN) == table.position.deal.view(HUMAN)
    assert resumed.position.game.totals == table.position.game.totals
    play_to_the_end(resumed)
    checked = check_record(resumed.record, levels=Difficulty.values)
    assert list(checked.totals) == resumed.position.game.totals
