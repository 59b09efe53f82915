"""New York City (Stefan Feld, Queen Games 2022): drafting pairs of cards, six bidding rounds a
round, characters, fame tiles and majority scoring over six districts of Manhattan."""
