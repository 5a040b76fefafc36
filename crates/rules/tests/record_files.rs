//! Files of several records (`parse_records`): a player's exported games
//! read back one by one, whatever lies between them, and refused with the
//! place of the fault in the whole file.

mod common;

use common::random_game;
use proptest::prelude::*;
use quoridor_rules::{parse_records, Record, RecordErrorKind, MAX_RECORDS};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games written one after the other, with free tags, comments
    /// and any blank between them, read back as the same records.
    #[test]
    fn records_written_one_after_the_other_read_back(
        seeds in prop::collection::vec((any::<u64>(), 0usize..60), 1..6),
        gap in prop::sample::select(vec!["\n", "\n\n", "\r\n\r\n", "\n; between\n", "\n{ a comment }\n"]),
    ) {
        let records: Vec<Record> = seeds
            .iter()
            .enumerate()
            .map(|(i, &(seed, entries))| {
                Record::new(random_game(seed, entries)).with_tag("Site", &format!("game {i}"))
            })
            .collect();
        let text: Vec<String> = records.iter().map(ToString::to_string).collect();
        let read = parse_records(&text.join(gap)).unwrap();
        prop_assert_eq!(read.len(), records.len());
        for (read, written) in read.iter().zip(&records) {
            prop_assert_eq!(read.to_string(), written.to_string());
        }
    }
}

#[test]
fn a_record_without_moves_ends_at_the_next_game_tag() {
    let text =
        "[Game \"Quoridor\"]\n[South \"Ana\"]\n[Game \"Quoridor\"]\n[South \"Bo\"]\n\n1. e2\n";
    let read = parse_records(text).unwrap();
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].tag("South"), Some("Ana"));
    assert!(read[0].game().entries().is_empty());
    assert_eq!(read[1].tag("South"), Some("Bo"));
    assert_eq!(read[1].game().entries().len(), 1);
    // Read as one record, the second Game tag is a tag given twice.
    assert!(matches!(
        text.parse::<Record>().unwrap_err().kind(),
        RecordErrorKind::DuplicateTag(_)
    ));
}

#[test]
fn records_without_game_tags_are_split_by_their_moves() {
    let read = parse_records("[South \"Ana\"]\ne2 e8\n[South \"Bo\"]\ne2\n").unwrap();
    assert_eq!(read.len(), 2);
    assert_eq!(read[1].tag("South"), Some("Bo"));
}

#[test]
fn other_forms_are_one_game_and_a_blank_file_none() {
    assert_eq!(parse_records("1. e2 e8 2. e3").unwrap().len(), 1);
    assert_eq!(parse_records("9 2 10 e2 e8").unwrap().len(), 1);
    assert!(parse_records("").unwrap().is_empty());
    assert!(parse_records("\u{feff} ; nothing but a comment\n")
        .unwrap()
        .is_empty());
}

#[test]
fn a_fault_is_placed_in_the_whole_file() {
    let good = "[Game \"Quoridor\"]\n\n1. e2 e8\n\n";
    let err = parse_records(&format!(
        "{good}{good}[Game \"Quoridor\"]\n\n1. e2 e8 2. e3 e1\n"
    ))
    .unwrap_err();
    assert_eq!((err.line(), err.column()), (11, 16), "{err}");
    assert!(
        matches!(err.kind(), RecordErrorKind::Illegal { .. }),
        "{err}"
    );
    let err = parse_records(&format!("{good}[Game \"Chess\"]\n")).unwrap_err();
    assert_eq!(err.line(), 5, "{err}");
    assert!(
        matches!(err.kind(), RecordErrorKind::NotQuoridor(_)),
        "{err}"
    );
}

#[test]
fn a_file_of_too_many_records_is_refused() {
    let one = "[Game \"Quoridor\"]\n";
    assert_eq!(
        parse_records(&one.repeat(MAX_RECORDS)).unwrap().len(),
        MAX_RECORDS
    );
    let err = parse_records(&one.repeat(MAX_RECORDS + 1)).unwrap_err();
    assert_eq!(*err.kind(), RecordErrorKind::TooManyRecords);
    assert_eq!(err.line(), MAX_RECORDS + 1);
    assert_eq!(
        err.to_string(),
        format!(
            "line {}, column 1: more than 1000 games in one file",
            MAX_RECORDS + 1
        )
    );
}
