"""New York 1901 (Chénier La Salle, 2015): acquire lots, build skyscrapers across them, demolish
and rebuild higher. Rules NY1901-1 … NY1901-13 in ``rules.py``; the board and tiles in
``data.json`` (this project's own, house defaults named in it)."""
