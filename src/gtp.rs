//! The engine text protocol (being written).

pub fn run_stdio() -> crate::CliResult {
    Err("the protocol is not written yet".into())
}
