//! How much of their data the data-heavy tests of pure code play: all of it on the machine,
//! one case in `ANNEXD_TEST_ONE_IN` where a test script says so. scripts/test-aarch64.sh
//! (qemu-user, about ten times slower than the machine) and scripts/test-windows.sh (Wine,
//! whose heap is slower than Windows' own) set it to 8: there the few tests that replay
//! thousands of transcripts, phrases, games and perft positions took 200 s of the aarch64
//! step's 366 and 130 s of processor time under Wine (docs/install.md). The code they test is
//! the same pure code the machine's run plays in full; on the other platforms a fixed share of
//! the same cases still runs on their arithmetic, memory layout and allocator. Figures that are
//! shares of the whole (a floor of moves played right) are checked on the machine only.

/// One case in how many is played (1: all of them).
pub fn one_in() -> usize {
    std::env::var("ANNEXD_TEST_ONE_IN")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1)
}

/// Whether only a share of the cases is played.
pub fn partial() -> bool {
    one_in() > 1
}

/// `n` cases, or the share of them asked for (at least one).
pub fn cases(n: u32) -> u32 {
    (n / one_in() as u32).max(1)
}
