mod cli;
mod commands;
mod determinism;
mod loader;
mod rules;
mod saves;
