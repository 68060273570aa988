"""The replay's addresses: the owner's, or the public ones behind a share token."""

from __future__ import annotations

from dataclasses import dataclass

from play.addresses import address

# A replay step asked for with this set starts its hand's « Moments clés » when it loads
# (the table's « Analyser la manche »: one press, not a second one on the replay).
ANALYSE_PARAMETER = "analyser"


@dataclass(frozen=True)
class ReplayLinks:
    game_id: int
    token: str | None = None

    def _reverse(self, name: str, *args: int) -> str:
        if self.token:
            return address(f"review:shared{name}", self.token, *args)
        return address(f"review:replay{name}", self.game_id, *args)

    def overview(self) -> str:
        return self._reverse("")

    def step(self, hand_number: int, step: int) -> str:
        return self._reverse("_step", hand_number, step)

    def moments(self, hand_number: int) -> str:
        return self._reverse("_moments", hand_number)

    def analysed(self, hand_number: int, step: int) -> str:
        """The step, its hand's key moments asked for as it loads, and shown."""
        return f"{self.step(hand_number, step)}?{ANALYSE_PARAMETER}=1#moments"

    def practice(self, hand_number: int, step: int) -> str:
        """« Rejouer ce moment »: the hand played on from `step` (review.practice)."""
        return self._reverse("_practice", hand_number, step)

    def practice_action(self, hand_number: int, step: int, action: str) -> str:
        """Where the practice's table posts: "play" (a card or the pass), "advance" (the
        bots' replies), "restart"."""
        return self._reverse(f"_practice_{action}", hand_number, step)
