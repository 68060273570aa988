"""`make bench`: the performance figures docs/performance.md reports, measured on one core."""
