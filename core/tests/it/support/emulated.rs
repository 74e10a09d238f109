//! How many cases a data-heavy test of pure code plays: all of them on the machine, an eighth
//! under an emulator. scripts/test-aarch64.sh runs the tests under qemu-user (about ten times
//! slower than the machine) and says so with `ANNEXD_TEST_RUNNER`; there the three tests that
//! replay thousands of transcripts, phrases and games took 200 s of the 366 s of the whole
//! aarch64 step (docs/install.md). The code they test is the same pure code the machine's run
//! plays in full; under the emulator a fixed share of the same cases still runs on the
//! target's arithmetic and memory layout.

/// Whether the tests run under an emulator (qemu-user for aarch64).
pub fn under_emulation() -> bool {
    std::env::var_os("ANNEXD_TEST_RUNNER").is_some()
}

/// The share of its cases a data-heavy test plays: one in `EMULATED_STRIDE` under an
/// emulator, every one on the machine.
pub fn stride() -> usize {
    if under_emulation() {
        EMULATED_STRIDE
    } else {
        1
    }
}

/// `n` cases on the machine, an eighth of them (at least one) under an emulator.
pub fn cases(n: u32) -> u32 {
    (n / stride() as u32).max(1)
}

const EMULATED_STRIDE: usize = 8;
