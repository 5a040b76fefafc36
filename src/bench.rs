//! `quoridor bench` (being written).

#[derive(clap::Args)]
pub struct BenchArgs {}

pub fn run(_args: &BenchArgs) -> crate::CliResult {
    Err("the benchmarks are not written yet".into())
}
