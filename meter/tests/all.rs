//! The meter's tests, one module per file beside this one, in one test binary: one build and one link
//! instead of one per file, and the test threads keep both cores busy.
//! `cargo test -p icbls-meter --test all -- message_charges::` runs one file's tests.

mod message_charges;
mod messages;
mod profile;
mod validation;
mod wat_totals;
