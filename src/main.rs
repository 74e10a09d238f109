//! The `annexd` program: its command line is the library's (`annexd::main`).

fn main() -> std::process::ExitCode {
    annexd::main()
}
