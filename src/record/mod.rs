//! The scoresheet: an append-only journal fsynced after every change, resume, and PGN export.
