"""The replay's addresses: the owner's, or the public ones behind a share token."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse


@dataclass(frozen=True)
class ReplayLinks:
    game_id: int
    token: str | None = None

    def _reverse(self, name: str, *args: int) -> str:
        if self.token:
            return reverse(f"game:shared{name}", args=[self.token, *args])
        return reverse(f"game:replay{name}", args=[self.game_id, *args])

    def overview(self) -> str:
        return self._reverse("")

    def step(self, hand_number: int, step: int) -> str:
        return self._reverse("_step", hand_number, step)

    def moments(self, hand_number: int) -> str:
        return self._reverse("_moments", hand_number)
