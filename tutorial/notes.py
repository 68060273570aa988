"""The tutorial's notes: what each one explains, and the situation that first calls for it.

A note is data: a key, a title, a text and a trigger. A trigger is a pure function of a
`Moment`, what the learner has before them when the table waits for them: their own view
of the deal (game.engine.PlayerView), the cards played since they last acted, and the
engine's reasons for refusing each card of their hand. The engine answers every rule
question (what may be played, the moon threat); a trigger only reads its answers.

`follow` walks a deal's move history and says which notes arose when: each note is shown
once, at the first moment its trigger holds. Nothing about the notes is stored: like the
position itself, what the learner has read is rebuilt from the moves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from game.engine import Card, Deal, Move, PassDirection, Phase, PlayerView
from game.seats import HUMAN

Plays = tuple[tuple[int, Card], ...]


@dataclass(frozen=True)
class Moment:
    """The table as the learner finds it when it is their move (or the hand is over)."""

    view: PlayerView
    # The cards played since the learner's previous action, their own first, in order.
    plays: Plays = ()
    # The engine's refusal code for each card of the hand it would refuse now.
    refusals: frozenset[str] = frozenset()

    @classmethod
    def of(cls, deal: Deal, plays: Plays = ()) -> Moment:
        refusals = frozenset(
            refusal.code
            for card in deal.hand(HUMAN)
            if deal.turn == HUMAN and (refusal := deal.check_play(HUMAN, card)) is not None
        )
        return cls(view=deal.view(HUMAN), plays=plays, refusals=refusals)

    @property
    def first_trick(self) -> Plays:
        """The first trick's cards so far (all four once it is complete)."""
        view = self.view
        return view.tricks[0].plays if view.tricks else view.current_trick


@dataclass(frozen=True, eq=False)
class Note:
    """One note; each exists once, in NOTES, and compares by identity."""

    key: str
    title: Promise
    text: Promise
    applies: Callable[[Moment], bool]

    @property
    def number(self) -> int:
        return NOTES.index(self) + 1


def _dealt(moment: Moment) -> bool:
    return not moment.view.played


def _passing(moment: Moment) -> bool:
    return moment.view.phase == Phase.PASSING and not moment.view.pass_submitted


def _received(moment: Moment) -> bool:
    # The « reçue » marks show until the learner plays a first card (game.table).
    view = moment.view
    return view.phase == Phase.PLAYING and bool(view.received) and len(view.hand) == 13


def _two_of_clubs(moment: Moment) -> bool:
    return moment.view.phase == Phase.PLAYING and moment.view.is_first_trick


def _following(moment: Moment) -> bool:
    return "must_follow_suit" in moment.refusals


def _trick_taken(moment: Moment) -> bool:
    return bool(moment.view.tricks)


def _void(moment: Moment) -> bool:
    """Free to discard: the suit led is missing from the hand, after the first trick."""
    view = moment.view
    lead = view.lead_suit
    return (
        view.is_my_turn
        and lead is not None
        and not view.is_first_trick
        and not view.suit_cards(lead)
    )


def _first_trick_rule(moment: Moment) -> bool:
    """The rule bites: the learner's hearts or Q♠ are refused on the first trick, or someone
    without clubs has had to discard on it."""
    if "no_points_first_trick" in moment.refusals:
        return True
    return any(card.suit != "C" for _seat, card in moment.first_trick)


def _hearts(moment: Moment) -> bool:
    return moment.view.hearts_broken or "hearts_not_broken" in moment.refusals


def _queen(moment: Moment) -> bool:
    return moment.view.queen_played


def _moon_threat(moment: Moment) -> bool:
    return moment.view.moon_threat is not None


def _hand_over(moment: Moment) -> bool:
    return moment.view.phase == Phase.FINISHED


# In the order a deal usually brings them; the tutorial's deal (tutorial.deal) was chosen so
# that nearly all of them arise while it is played, whatever the learner's choices.
NOTES: tuple[Note, ...] = (
    Note(
        "welcome",
        _("Bienvenue à la table"),
        _(
            "Vous jouez une manche contre trois robots : Léa à gauche, Hugo en face, Chloé à "
            "droite. Le but est de ramasser le moins de points possible : chaque cœur vaut "
            "1 point et la dame de pique (♠Q) 13 points. Les autres cartes ne valent rien."
        ),
        _dealt,
    ),
    Note(
        "passing",
        _("La passe"),
        _(
            "Avant de jouer, chacun donne 3 cartes. Cette manche, on passe à gauche : vos "
            "3 cartes iront à Léa (les manches suivantes, on passe à droite, puis en face, "
            "puis on ne passe pas). Donnez ce qui risque de vous faire ramasser des points : "
            "la ♠Q, l’as ou le roi de pique, les gros cœurs, ou bien une couleur courte, pour "
            "en manquer plus tard. Choisissez 3 cartes, puis « Passer à gauche »."
        ),
        _passing,
    ),
    Note(
        "received",
        _("Les cartes reçues"),
        _(
            "Chloé, à votre droite, vous a passé 3 cartes. Elles portent la marque « reçue » "
            "jusqu’à ce que vous jouiez votre première carte. Personne ne voit ce qu’il reçoit "
            "avant d’avoir choisi."
        ),
        _received,
    ),
    Note(
        "two_of_clubs",
        _("Le ♣2 ouvre le jeu"),
        _(
            "Le joueur qui a le 2 de trèfle (♣2) le pose pour commencer le premier pli. Puis "
            "chacun joue une carte à son tour, dans le sens des aiguilles d’une montre : "
            "vous, Léa, Hugo, Chloé."
        ),
        _two_of_clubs,
    ),
    Note(
        "following",
        _("Fournir à la couleur"),
        _(
            "La première carte d’un pli donne la couleur demandée. Si vous en avez, vous "
            "devez en jouer : c’est « fournir ». Vos autres cartes sont assombries ; "
            "choisissez-en une pour lire pourquoi elle est refusée."
        ),
        _following,
    ),
    Note(
        "trick",
        _("Qui remporte le pli"),
        _(
            "La plus haute carte de la couleur demandée remporte le pli : son joueur ramasse "
            "les 4 cartes, avec leurs points, et commence le pli suivant. Une carte d’une autre "
            "couleur ne gagne jamais, même un as."
        ),
        _trick_taken,
    ),
    Note(
        "void",
        _("Se défausser"),
        _(
            "Vous n’avez plus de carte de la couleur demandée : vous pouvez jouer n’importe "
            "laquelle, et ce pli ne sera pas pour vous. C’est le meilleur moment pour vous "
            "débarrasser de la ♠Q ou d’un gros cœur."
        ),
        _void,
    ),
    Note(
        "first_trick",
        _("Pas de points au premier pli"),
        _(
            "Au premier pli, qui n’a pas de trèfle se défausse d’une autre carte, mais ni d’un "
            "cœur ni de la ♠Q (sauf avec une main qui ne contient que ça). Le premier pli ne "
            "coûte donc de points à personne."
        ),
        _first_trick_rule,
    ),
    Note(
        "hearts",
        _("Les cœurs sont fermés, puis ouverts"),
        _(
            "Au début de la manche, on ne peut pas commencer un pli par un cœur (sauf avec une "
            "main qui n’a plus que des cœurs). Dès qu’un cœur est joué sur un pli, le repère "
            "« ♥ Cœurs ouverts » s’affiche : on peut alors commencer par un cœur."
        ),
        _hearts,
    ),
    Note(
        "queen",
        _("La dame de pique est tombée"),
        _(
            "La ♠Q a été jouée : 13 points pour qui remporte son pli. Le repère « ♠Q jouée » "
            "le rappelle jusqu’à la fin de la manche. Jouer la ♠Q n’ouvre pas les cœurs."
        ),
        _queen,
    ),
    Note(
        "moon",
        _("Menace de lune"),
        _(
            "« Menace de lune » s’affiche près d’un joueur qui a ramassé tous les points joués "
            "jusqu’ici. S’il prend les 13 cœurs et la ♠Q, il « tire la lune » : il marque 0 et "
            "chacun des autres 26 points. Pour l’en empêcher, il suffit de lui prendre un "
            "seul point."
        ),
        _moon_threat,
    ),
    Note(
        "scoring",
        _("Le compte des points"),
        _(
            "La manche est finie : chacun marque 1 point par cœur ramassé et 13 pour la ♠Q, "
            "26 en tout. Une partie se joue en plusieurs manches, jusqu’à ce qu’un joueur "
            "atteigne 100 points (50 en partie courte) ; celui qui a alors le moins de points "
            "gagne. Si plusieurs sont à égalité au plus bas, on joue une manche de plus."
        ),
        _hand_over,
    ),
)


def note(key: str) -> Note:
    return next(note for note in NOTES if note.key == key)


def moments(
    hands: Sequence[Iterable[Card]], direction: PassDirection, moves: Sequence[Move]
) -> Iterator[Moment | None]:
    """The moments of a deal replayed from its history: the table just before each of the
    learner's moves, then the table now (None when it waits for the bots, not the learner)."""
    deal = Deal.start(hands, direction)
    plays: list[tuple[int, Card]] = []
    for move in moves:
        if move.seat == HUMAN:
            yield Moment.of(deal, tuple(plays))
            plays = []
        move.apply(deal)
        if not move.is_pass:
            plays.append((move.seat, move.card))
    waiting = deal.phase == Phase.FINISHED or (
        deal.turn == HUMAN if deal.phase == Phase.PLAYING else not deal.pass_submitted(HUMAN)
    )
    yield Moment.of(deal, tuple(plays)) if waiting else None


@dataclass(frozen=True)
class Progress:
    """What the learner has been told so far."""

    # Every note shown, in the order they arose; the latest moment's ones last.
    seen: tuple[Note, ...]
    # The notes of the moment the table shows now: the new situations.
    new: tuple[Note, ...]
    finished: bool

    @property
    def earlier(self) -> tuple[Note, ...]:
        return self.seen[: len(self.seen) - len(self.new)]

    @property
    def missed(self) -> tuple[Note, ...]:
        """Once the hand is over: what the deal, as played, never called for."""
        if not self.finished:
            return ()
        return tuple(note for note in NOTES if note not in self.seen)


def arising(moment: Moment, already: Iterable[Note] = ()) -> tuple[Note, ...]:
    """The notes this moment calls for that were not shown before, in the list's order."""
    shown = set(already)
    return tuple(note for note in NOTES if note not in shown and note.applies(moment))


def follow(
    hands: Sequence[Iterable[Card]], direction: PassDirection, moves: Sequence[Move]
) -> Progress:
    seen: list[Note] = []
    new: tuple[Note, ...] = ()
    finished = False
    for moment in moments(hands, direction, moves):
        new = arising(moment, seen) if moment is not None else ()
        seen.extend(new)
        finished = moment is not None and moment.view.phase == Phase.FINISHED
    return Progress(seen=tuple(seen), new=new, finished=finished)


__all__ = ["NOTES", "Moment", "Note", "Progress", "arising", "follow", "moments", "note"]
