"""`make load`: a crowd of guests playing whole hands (scripts/load.py runs the locustfile)."""
