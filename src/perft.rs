//! `quoridor perft` (being written).

#[derive(clap::Args)]
pub struct PerftArgs {
    pub depth: u32,
    #[command(flatten)]
    pub board: crate::BoardArgs,
}

pub fn run(args: &PerftArgs) -> crate::CliResult {
    let pos = quoridor_rules::Position::new(args.board.ruleset()?);
    println!("{}", quoridor_rules::perft(&pos, args.depth));
    Ok(())
}
