//! The `sandtable` binary: parses the command line and runs the client or a subcommand.

use clap::Parser;

fn main() {
    let cli = sandtable::cli::Cli::parse();
    std::process::exit(sandtable::cli::run(cli));
}
