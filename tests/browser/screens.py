"""Screen sizes the site must work at (docs/architecture.md: phone portrait and desktop)."""

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
