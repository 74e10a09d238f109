//! FIDE rules on top of shakmaty: history, results, claims, automatic draws, offers, illegal moves.
