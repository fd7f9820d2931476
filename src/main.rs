//! The `sandtable` binary: parses the command line and runs the client or a subcommand.

use std::ffi::{c_int, c_long};

use clap::Parser;

/// Small lists made and dropped by the thousand per game (legal commands, views, searches) cost
/// far less than with the system allocator; the rules never depend on where memory lies.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

// mimalloc's own functions, in the library the allocator above links (`libmimalloc-sys`, whose
// Rust side does not name the options set here).
unsafe extern "C" {
    fn mi_version() -> c_int;
    fn mi_option_set(option: c_int, value: c_long);
}

/// The mimalloc versions whose option number is the one below (`mi_option_t` in mimalloc 3.x's
/// `mimalloc.h`; the build links 3.3.2): with any other, its defaults are kept.
const MIMALLOC_VERSIONS: std::ops::Range<c_int> = 30000..40000;
/// `mi_option_arena_eager_commit`.
const ARENA_EAGER_COMMIT: c_int = 4;

/// mimalloc's arenas are committed as they are used, not all at once: with its default (at
/// once, where the system overcommits) a batch run's peak memory was twice its working size
/// and grew with the number of games (38 MB for 100 Decision: Iraq games, 43 MB for 10,000);
/// committed as used, about 19 MB, in the same time. Run before `main`, among the program's
/// constructors: the first allocation (the runtime's, before `main`) reserves the first arena,
/// committed as the option then says.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static COMMIT_ARENAS_AS_USED: extern "C" fn() = commit_arenas_as_used;

extern "C" fn commit_arenas_as_used() {
    // SAFETY: plain calls into the linked mimalloc with no pointers; an option may be set at
    // any time, and the number is the linked version's (checked first).
    unsafe {
        if MIMALLOC_VERSIONS.contains(&mi_version()) {
            mi_option_set(ARENA_EAGER_COMMIT, 0);
        }
    }
}

fn main() {
    #[cfg(not(target_os = "linux"))]
    commit_arenas_as_used();
    let cli = sandtable::cli::Cli::parse();
    std::process::exit(sandtable::cli::run(cli));
}
