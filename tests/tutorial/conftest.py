"""The tutorial's tests share the game pages' visitors (tests/web/conftest.py)."""

from tests.web.conftest import guest, guest_owner, member, other_guest

__all__ = ["guest", "guest_owner", "member", "other_guest"]
