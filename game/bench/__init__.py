"""`make bench`: the performance figures README.md reports, measured on one core."""
