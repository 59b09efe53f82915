"""Galopp Royal (Klaus Teuber, Goldsieber 1995): sedan-chair races with auctioned bearer teams."""
