//! The `sandtable` binary: parses the command line and runs the client or a subcommand.

use clap::Parser;

/// Small lists made and dropped by the thousand per game (legal commands, views, searches) cost
/// far less than with the system allocator; the rules never depend on where memory lies.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = sandtable::cli::Cli::parse();
    std::process::exit(sandtable::cli::run(cli));
}
