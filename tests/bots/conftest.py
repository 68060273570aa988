from __future__ import annotations

import pytest

from game.bots import base


@pytest.fixture
def scratch_register(monkeypatch):
    """Levels defined by a test join a copy of the register, dropped after the test."""
    monkeypatch.setattr(base, "_LEVELS", dict(base._LEVELS))
