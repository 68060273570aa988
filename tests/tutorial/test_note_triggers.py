"""Each note's trigger on hand-built situations (tutorial.notes): it holds exactly when the
situation it explains is in front of the learner (seat 0)."""

from __future__ import annotations

from game.engine import PassDirection
from tests.game.engine.builders import (
    ALL_SUITS_HANDS,
    VOID_IN_CLUBS_HANDS,
    cards,
    deal_with,
    pass_all,
    play,
    play_out,
    suit,
)
from tutorial import notes
from tutorial.notes import Moment, note

# Léa (seat 1) holds the 2♣: you play fourth on the first trick and hold clubs.
FOLLOW_HANDS = {
    0: "3C 4C 5C 6C 7C 5D 6D 7D 2S 3S 4S 2H 3H",
    1: "2C 8C 9C TC 8D 9D TD 5S 6S 7S 4H 5H 6H",
    2: "JC QC KC JD QD KD AD 8S 9S TS 7H 8H 9H",
    3: "AC 2D 3D 4D JS QS KS AS TH JH QH KH AH",
}
# You hold no diamond; Chloé wins the first trick with A♣ and leads Q♦.
NO_DIAMOND_HANDS = {
    0: "2C 3C 4C 5C 6C 7C 2S 3S 4S 2H 3H 4H 5H",
    1: "8C 9C TC 2D 3D 4D 5D 6D 5S 6S 7S 6H 7H",
    2: "JC QC KC 7D 8D 9D TD JD 8S 9S TS 8H 9H",
    3: "AC QD KD AD JS QS KS AS TH JH QH KH AH",
}
# Chloé holds every club and leads the 2♣; you have none, and hearts and the Q♠.
CLUBLESS_HANDS = {
    3: suit("C"),
    0: "2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 2S 3S QS",
    1: "8D 9D TD JD QD KD AD 6H 7H 8H 9H TH JH",
    2: "QH KH AH 4S 5S 6S 7S 8S 9S TS JS KS AS",
}
# You win the second trick with A♦ and must lead, holding hearts and spades.
LEAD_HANDS = {
    0: "2C AD 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 7S",
    1: "3C 4C 5C 6C 2D 3D 4D 5D 7H 8H 8S 9S TS",
    2: "7C 8C 9C TC 6D 7D 8D 9D 9H TH JS QS KS",
    3: "JC QC KC AC TD JD QD KD JH QH KH AH AS",
}


def applies(key: str, deal, plays: str = "") -> bool:
    played = tuple((0, card) for card in cards(plays))
    return note(key).applies(Moment.of(deal, played))


def says(key: str, deal) -> str:
    """What the note says at this moment (checked to apply first)."""
    moment = Moment.of(deal)
    assert note(key).applies(moment)
    return note(key).text_at(moment)


def test_the_welcome_is_for_a_deal_nobody_has_played_yet():
    deal = deal_with(ALL_SUITS_HANDS, PassDirection.LEFT)
    assert applies("welcome", deal)
    none = deal_with(ALL_SUITS_HANDS, PassDirection.NONE)
    assert applies("welcome", none)
    assert not applies("welcome", play(none, "2C"))


def test_passing_applies_while_you_choose_your_three_cards():
    deal = deal_with(ALL_SUITS_HANDS, PassDirection.LEFT)
    assert applies("passing", deal)
    pass_all(deal, {0: "6C 7D 4S"})
    assert not applies("passing", deal)
    assert not applies("passing", deal_with(ALL_SUITS_HANDS, PassDirection.NONE))


def test_received_cards_are_explained_while_they_carry_their_mark():
    deal = deal_with(ALL_SUITS_HANDS, PassDirection.LEFT)
    pass_all(deal, {1: "TC TD 7S", 2: "AD KD QD", 3: "AH KH QH"})
    assert not applies("received", deal)  # your pass is still to choose
    pass_all(deal, {0: "6C 7D 4S"})
    assert applies("received", deal)
    play(deal, "2C")
    assert not applies("received", deal)
    assert not applies("received", deal_with(ALL_SUITS_HANDS, PassDirection.NONE))


def test_the_two_of_clubs_note_comes_with_the_first_trick():
    deal = deal_with(ALL_SUITS_HANDS, PassDirection.NONE)
    assert applies("two_of_clubs", deal)
    assert applies("two_of_clubs", play(deal_with(FOLLOW_HANDS), "2C JC AC"))
    assert not applies("two_of_clubs", play(deal, "2C 7C JC AC"))


def test_the_two_of_clubs_note_gives_the_order_from_whoever_leads():
    yours = says("two_of_clubs", deal_with(ALL_SUITS_HANDS, PassDirection.NONE))
    assert yours.startswith("Vous avez le 2 de trèfle (♣2) : vous le posez")
    assert yours.endswith(": vous, Léa, Hugo, Chloé.")
    leas = says("two_of_clubs", play(deal_with(FOLLOW_HANDS), "2C JC AC"))
    assert leas.startswith("Léa a le 2 de trèfle (♣2) : Léa le pose")
    assert leas.endswith(": Léa, Hugo, Chloé, vous.")


def test_following_applies_when_the_suit_led_dims_your_other_cards():
    deal = play(deal_with(FOLLOW_HANDS), "2C JC AC")
    assert applies("following", deal)


def test_following_does_not_apply_when_you_lead_or_cannot_follow():
    assert not applies("following", deal_with(ALL_SUITS_HANDS))
    clubless = play(deal_with(CLUBLESS_HANDS), "2C")
    assert not applies("following", clubless)


def test_the_trick_note_comes_once_a_trick_has_been_taken():
    deal = play(deal_with(FOLLOW_HANDS), "2C JC AC")
    assert not applies("trick", deal)
    play(deal, "3C")
    assert applies("trick", deal)


def test_void_applies_when_you_may_discard_freely():
    deal = play(deal_with(NO_DIAMOND_HANDS), "2C 8C JC AC QD")
    assert applies("void", deal)


def test_void_waits_for_the_first_trick_to_be_over():
    # Clubless on the first trick: that is the first-trick rule, not a free discard.
    deal = play(deal_with(CLUBLESS_HANDS), "2C")
    assert not applies("void", deal)
    assert not applies("void", play(deal_with(FOLLOW_HANDS), "2C JC AC"))


def test_the_first_trick_rule_applies_when_your_hearts_and_queen_are_refused():
    deal = play(deal_with(CLUBLESS_HANDS), "2C")
    assert applies("first_trick", deal)


def test_the_first_trick_rule_applies_when_someone_has_had_to_discard_on_it():
    deal = play(deal_with(VOID_IN_CLUBS_HANDS), "2C 2D")
    assert applies("first_trick", deal, plays="2C 2D")


def test_the_first_trick_rule_does_not_apply_when_everyone_follows_clubs():
    deal = play(deal_with(FOLLOW_HANDS), "2C JC AC")
    assert not applies("first_trick", deal)
    play(deal, "3C")
    assert not applies("first_trick", deal)


def test_the_first_trick_rule_names_who_discarded_while_that_trick_is_shown():
    deal = play(deal_with(VOID_IN_CLUBS_HANDS), "2C 2D 8D 4S")
    text = says("first_trick", deal)
    assert text.startswith("Léa n’avait pas de trèfle et a joué le ♦2.")
    assert text.endswith("Le premier pli ne coûte donc presque jamais de points.")
    # Once the first trick is no longer « Dernier pli », it is no longer on the table.
    assert not applies("first_trick", play(deal, "3C 3D 9D 5S"))


def test_the_first_trick_rule_says_your_hearts_are_refused():
    deal = play(deal_with(CLUBLESS_HANDS), "2C")
    assert says("first_trick", deal).startswith("Vous n’avez pas de trèfle : vos cœurs et la ♠Q")


def test_the_void_note_reads_as_a_rule_outside_its_moment():
    deal = play(deal_with(NO_DIAMOND_HANDS), "2C 8C JC AC QD")
    assert says("void", deal).startswith("Vous n’avez plus de carte de la couleur demandée")
    assert str(note("void").text).startswith("Quand vous n’avez plus de carte")


def test_hearts_apply_when_you_cannot_lead_one_yet():
    deal = play(deal_with(LEAD_HANDS), "2C 3C 7C AC TD AD 2D 6D")
    assert deal.turn == 0
    assert applies("hearts", deal)


def test_hearts_apply_once_a_heart_has_been_played():
    deal = play(deal_with(NO_DIAMOND_HANDS), "2C 8C JC AC QD")
    assert not applies("hearts", deal)
    play(deal, "2H")
    assert applies("hearts", deal)


def test_hearts_do_not_apply_while_nobody_wants_to_lead_one():
    assert not applies("hearts", play(deal_with(FOLLOW_HANDS), "2C JC AC"))


def test_the_queen_note_comes_once_the_queen_has_been_played():
    deal = play(deal_with(ALL_SUITS_HANDS), "2C 7C JC AC 2D 5D 8D AD")
    assert not applies("queen", deal)
    play(deal, "KC TH 3C 8C 7H JH 2H 4H QS")
    assert says("queen", deal).startswith(
        "La ♠Q est sur la table : 13 points pour qui remportera ce pli."
    )


def test_the_queen_note_says_who_took_it_while_its_trick_is_the_last_one():
    deal = play(deal_with(ALL_SUITS_HANDS), "2C 7C JC AC 2D 5D 8D AD")
    play(deal, "KC TH 3C 8C 7H JH 2H 4H QS 2S 5S 8S JS")
    assert says("queen", deal).startswith(
        "Chloé a remporté le pli de la ♠Q : ses 13 points sont pour Chloé."
    )
    assert not applies("queen", play(deal, "3S 6S 9S"))  # its trick is no longer shown


def test_the_queen_note_tells_you_when_you_took_it():
    deal = play(deal_with(VOID_IN_CLUBS_HANDS), "2C 2D 8D 4S 3C QS 9D 5S")
    assert says("queen", deal).startswith("Vous avez remporté le pli de la ♠Q")


def test_moon_waits_for_a_real_threat_then_says_it_is_yours():
    deal = play(deal_with(VOID_IN_CLUBS_HANDS), "2C 2D 8D 4S")
    assert not applies("moon", deal)  # no point taken yet
    play(deal, "3C 2H 6H 5S")
    assert deal.view(0).moon_threat == 0
    assert not applies("moon", deal)  # two hearts: below the note's threshold
    play(deal, "4C 3H 7H 6S")
    assert notes.MOON_WORTH == 4 and deal.points_taken[0] == 4
    text = says("moon", deal)
    assert text.startswith("C’est vous qui avez tous les points joués jusqu’ici (4 points)")
    assert "Léa" not in text


def test_moon_names_the_bot_that_threatens(monkeypatch):
    monkeypatch.setattr(notes, "MOON_WORTH", 1)
    deal = play(deal_with(ALL_SUITS_HANDS), "2C 7C JC AC 2D 5D 8D AD KC TH 3C 8C")
    assert says("moon", deal).startswith("Hugo a ramassé tous les points joués jusqu’ici (1 point)")
    play(deal, "7H JH 2H 4H")
    assert not applies("moon", deal)  # Chloé took some too


def test_scoring_comes_when_the_hand_is_over():
    deal = deal_with(ALL_SUITS_HANDS)
    assert not applies("scoring", deal)
    assert applies("scoring", play_out(deal))
