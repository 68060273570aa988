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

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy as _, ngettext

from game.engine import Card, Deal, Move, PassDirection, Phase, PlayerView
from game.engine.cards import QUEEN_OF_SPADES
from play.cardnames import with_article
from play.seats import HUMAN, SEAT_NAMES

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
    """One note; each exists once, in NOTES, and compares by identity.

    `text` is the rule as it reads anywhere, also in the end-of-deal summary for a note the
    deal never called for; `says`, when given, is what the note says at its moment instead,
    naming what is on the table then (who leads, who took the Q♠, who threatens the moon).
    """

    key: str
    title: Promise
    text: Promise
    applies: Callable[[Moment], bool]
    says: Callable[[Moment], str] | None = None

    @property
    def number(self) -> int:
        return NOTES.index(self) + 1

    def text_at(self, moment: Moment) -> str:
        return self.says(moment) if self.says is not None else str(self.text)


# Below this, a player holding every point taken is no real moon threat yet (the table's
# « Menace de lune » badge shows from the first point): the note waits for four points, four
# hearts or the Q♠, the first time the threat is worth explaining.
MOON_WORTH = 4


def _name(seat: int) -> str:
    """A seat's name inside a sentence: « vous » for the learner, else the bot's name."""
    return gettext("vous") if seat == HUMAN else str(SEAT_NAMES[seat])


def _dealt(moment: Moment) -> bool:
    return not moment.view.played


def _passing(moment: Moment) -> bool:
    return moment.view.phase == Phase.PASSING and not moment.view.pass_submitted


def _received(moment: Moment) -> bool:
    # The « reçue » marks show until the learner plays a first card (play.table).
    view = moment.view
    return view.phase == Phase.PLAYING and bool(view.received) and len(view.hand) == 13


def _two_of_clubs(moment: Moment) -> bool:
    return moment.view.phase == Phase.PLAYING and moment.view.is_first_trick


def _first_leader(moment: Moment) -> int:
    """Who opens the first trick: whoever has put the 2♣ down, else the learner, who holds it."""
    trick = moment.first_trick
    return trick[0][0] if trick else HUMAN


def _two_of_clubs_says(moment: Moment) -> str:
    leader = _first_leader(moment)
    order = ", ".join(_name((leader + step) % 4) for step in range(4))
    if leader == HUMAN:
        opening = gettext(
            "Vous avez le 2 de trèfle (♣2) : vous le posez pour commencer le premier pli."
        )
    else:
        opening = gettext(
            "%(name)s a le 2 de trèfle (♣2) : %(name)s le pose pour commencer le premier pli."
        ) % {"name": SEAT_NAMES[leader]}
    then = gettext(
        "Puis chacun joue une carte à son tour, dans le sens des aiguilles d’une montre : "
        "%(order)s."
    ) % {"order": order}
    return f"{opening} {then}"


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


def _first_trick_discard(moment: Moment) -> tuple[int, Card] | None:
    """The first card of another suit than clubs played on the first trick, if any."""
    return next(((seat, card) for seat, card in moment.first_trick if card.suit != "C"), None)


def _first_trick_rule(moment: Moment) -> bool:
    """The rule bites, on the first trick or on the next while the first is still shown
    (« Dernier pli »): the learner's hearts or Q♠ are refused, or someone without clubs has
    had to discard on it."""
    if "no_points_first_trick" in moment.refusals:
        return True
    return len(moment.view.tricks) <= 1 and _first_trick_discard(moment) is not None


def _first_trick_says(moment: Moment) -> str:
    discard = _first_trick_discard(moment)
    if "no_points_first_trick" in moment.refusals:
        seen = gettext("Vous n’avez pas de trèfle : vos cœurs et la ♠Q sont refusés sur ce pli.")
    elif discard is not None and discard[0] != HUMAN:
        seen = gettext("%(name)s n’avait pas de trèfle et a joué %(card)s.") % {
            "name": SEAT_NAMES[discard[0]],
            "card": with_article(discard[1]),
        }
    else:
        return str(FIRST_TRICK_RULE)
    return f"{seen} {FIRST_TRICK_RULE}"


def _hearts(moment: Moment) -> bool:
    return moment.view.hearts_broken or "hearts_not_broken" in moment.refusals


def _queen_trick(moment: Moment) -> Plays | None:
    """The Q♠'s trick while it is on the screen: the trick on the table, or the last one
    taken (« Dernier pli »)."""
    view = moment.view
    shown = [view.current_trick, *(trick.plays for trick in view.tricks[-1:])]
    return next((plays for plays in shown if any(c is QUEEN_OF_SPADES for _s, c in plays)), None)


def _queen(moment: Moment) -> bool:
    return _queen_trick(moment) is not None


def _queen_says(moment: Moment) -> str:
    view = moment.view
    taken = view.tricks and _queen_trick(moment) == view.tricks[-1].plays
    if not taken:
        seen = gettext("La ♠Q est sur la table : 13 points pour qui remportera ce pli.")
    elif (taker := view.tricks[-1].winner) == HUMAN:
        seen = gettext("Vous avez remporté le pli de la ♠Q : ses 13 points sont pour vous.")
    else:
        seen = gettext(
            "%(name)s a remporté le pli de la ♠Q : ses 13 points sont pour %(name)s."
        ) % {"name": SEAT_NAMES[taker]}
    return f"{seen} {QUEEN_REMINDER}"


def _moon_threat(moment: Moment) -> bool:
    view = moment.view
    return view.moon_threat is not None and view.points_taken[view.moon_threat] >= MOON_WORTH


def _moon_says(moment: Moment) -> str:
    view = moment.view
    threat = view.moon_threat
    assert threat is not None, "the moon note arises with a threat"
    points = view.points_taken[threat]
    if threat == HUMAN:
        return ngettext(
            "C’est vous qui avez tous les points joués jusqu’ici (%(points)s point) : « Menace "
            "de lune » s’affiche près de vous. Si vous prenez aussi tous les autres cœurs et la "
            "♠Q, vous « tirez la lune » : vous marquez 0 et chacun des autres 26 points. Dès "
            "qu’un autre joueur ramasse un cœur, la menace tombe.",
            "C’est vous qui avez tous les points joués jusqu’ici (%(points)s points) : « Menace "
            "de lune » s’affiche près de vous. Si vous prenez aussi tous les autres cœurs et la "
            "♠Q, vous « tirez la lune » : vous marquez 0 et chacun des autres 26 points. Dès "
            "qu’un autre joueur ramasse un cœur, la menace tombe.",
            points,
        ) % {"points": points}
    return ngettext(
        "%(name)s a ramassé tous les points joués jusqu’ici (%(points)s point) : « Menace de "
        "lune » s’affiche près de ce joueur. Si %(name)s prend aussi tous les autres cœurs et "
        "la ♠Q, c’est 0 pour %(name)s et 26 points pour chacun des autres : on dit « tirer la "
        "lune ». Pour l’en empêcher, il suffit que quelqu’un d’autre ramasse au moins un cœur.",
        "%(name)s a ramassé tous les points joués jusqu’ici (%(points)s points) : « Menace de "
        "lune » s’affiche près de ce joueur. Si %(name)s prend aussi tous les autres cœurs et "
        "la ♠Q, c’est 0 pour %(name)s et 26 points pour chacun des autres : on dit « tirer la "
        "lune ». Pour l’en empêcher, il suffit que quelqu’un d’autre ramasse au moins un cœur.",
        points,
    ) % {"name": SEAT_NAMES[threat], "points": points}


def _hand_over(moment: Moment) -> bool:
    return moment.view.phase == Phase.FINISHED


FIRST_TRICK_RULE = _(
    "Au premier pli, qui n’a pas de trèfle se défausse d’une autre carte, mais ni d’un cœur ni "
    "de la ♠Q (sauf avec une main qui ne contient que ça). Le premier pli ne coûte donc "
    "presque jamais de points."
)
# The void note's words when it arises (its general text says « quand », for the summary).
VOID_NOW = _(
    "Vous n’avez plus de carte de la couleur demandée : vous pouvez jouer n’importe laquelle, "
    "c’est « se défausser », et ce pli ne sera pas pour vous. C’est le meilleur moment pour "
    "vous débarrasser de la ♠Q ou d’un gros cœur."
)
QUEEN_REMINDER = _(
    "Le repère « ♠Q jouée » le rappelle jusqu’à la fin de la manche. Jouer la ♠Q n’ouvre pas "
    "les cœurs."
)

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
            "en manquer plus tard. Choisissez 3 cartes, puis « Passer à gauche »."
        ),
        _passing,
    ),
    Note(
        "received",
        _("Les cartes reçues"),
        _(
            "Chloé, à votre droite, vous a passé 3 cartes. Elles portent la marque « reçue » "
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
            "chacun joue une carte à son tour, dans le sens des aiguilles d’une montre."
        ),
        _two_of_clubs,
        _two_of_clubs_says,
    ),
    Note(
        "following",
        _("Fournir à la couleur"),
        _(
            "La première carte d’un pli donne la couleur demandée. Si vous en avez, vous "
            "devez en jouer : c’est « fournir ». Vos autres cartes sont alors assombries ; "
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
            "Quand vous n’avez plus de carte de la couleur demandée, vous pouvez jouer "
            "n’importe laquelle : c’est « se défausser », et ce pli ne sera pas pour vous. "
            "C’est le meilleur moment pour vous débarrasser de la ♠Q ou d’un gros cœur."
        ),
        _void,
        lambda moment: str(VOID_NOW),
    ),
    Note(
        "first_trick",
        _("Pas de points au premier pli"),
        FIRST_TRICK_RULE,
        _first_trick_rule,
        _first_trick_says,
    ),
    Note(
        "hearts",
        _("Les cœurs sont fermés, puis ouverts"),
        _(
            "Au début de la manche, on ne peut pas commencer un pli par un cœur (sauf avec une "
            "main qui n’a plus que des cœurs). Dès qu’un cœur est joué sur un pli, le repère "
            "« ♥ Cœurs ouverts » s’affiche : on peut alors commencer par un cœur."
        ),
        _hearts,
    ),
    Note(
        "queen",
        _("La dame de pique est tombée"),
        _(
            "Qui remporte le pli de la ♠Q ramasse ses 13 points. Le repère « ♠Q jouée » le "
            "rappelle jusqu’à la fin de la manche. Jouer la ♠Q n’ouvre pas les cœurs."
        ),
        _queen,
        _queen_says,
    ),
    Note(
        "moon",
        _("Menace de lune"),
        _(
            "« Menace de lune » s’affiche près d’un joueur qui a ramassé tous les points joués "
            "jusqu’ici. S’il prend les 13 cœurs et la ♠Q, il « tire la lune » : il marque 0 et "
            "chacun des autres 26 points. Pour l’en empêcher, il suffit que quelqu’un d’autre "
            "ramasse au moins un cœur."
        ),
        _moon_threat,
        _moon_says,
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
    # What each note shown said at its moment (Note.text_at).
    said: Mapping[Note, str] = field(default_factory=dict)

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
    said: dict[Note, str] = {}
    new: tuple[Note, ...] = ()
    finished = False
    for moment in moments(hands, direction, moves):
        new = arising(moment, seen) if moment is not None else ()
        seen.extend(new)
        said.update((note, note.text_at(moment)) for note in new if moment is not None)
        finished = moment is not None and moment.view.phase == Phase.FINISHED
    return Progress(seen=tuple(seen), new=new, finished=finished, said=said)


__all__ = [
    "MOON_WORTH",
    "NOTES",
    "Moment",
    "Note",
    "Progress",
    "arising",
    "follow",
    "moments",
    "note",
]
