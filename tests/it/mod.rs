mod cli;
mod commands;
mod determinism;
mod events;
#[cfg(feature = "gui")]
mod gui;
mod interdiction;
mod lines;
mod loader;
mod losses;
mod overrun;
mod reserve;
mod rules;
mod saves;
mod strategic;
mod supply;
mod timers;
mod zoc;
