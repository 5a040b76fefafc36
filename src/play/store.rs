//! Saved games: a [`Record`] with tags for who plays each seat and the
//! clocks, so that a game reads back as it was left; and the autosave in
//! the data directory.

use std::path::{Path, PathBuf};
use std::time::Duration;

use quoridor_engine::{duration_text, parse_duration, Controller, TimeControl};
use quoridor_rules::{Game, Record};

/// The environment variable that overrides the data directory.
pub const DATA_DIR_VAR: &str = "QUORIDOR_DATA_DIR";

/// The autosave's file name in the data directory.
pub const AUTOSAVE: &str = "autosave.txt";

/// A game as saved: the game itself, and what the tags tell about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub game: Game,
    /// Who plays each seat, by turn index, when every seat is tagged.
    pub seats: Option<Vec<Controller>>,
    pub time: Option<TimeControl>,
    /// Time left of each player, by turn index.
    pub clocks: Option<Vec<Duration>>,
}

impl Saved {
    /// Reads a game in any of the forms of [`quoridor_rules::parse_game_text`] (a record,
    /// a game line, moves from the start).
    #[cfg(test)]
    pub fn parse(text: &str) -> Result<Saved, String> {
        let record = quoridor_rules::parse_game_text(text).map_err(|e| e.to_string())?;
        Ok(Saved::from_record(record))
    }

    /// A game and what its tags tell (unknown or malformed tags are left out).
    pub fn from_record(record: Record) -> Saved {
        let seats: Option<Vec<Controller>> = record
            .game()
            .start()
            .seats()
            .iter()
            .map(|&seat| record.tag(seat.tag()).and_then(|v| v.parse().ok()))
            .collect();
        let time = record
            .tag("TimeControl")
            .and_then(|v| v.parse::<TimeControl>().ok());
        let clocks = record.tag("TimeLeft").and_then(|v| {
            v.split(',')
                .map(|t| parse_duration(t).ok())
                .collect::<Option<Vec<Duration>>>()
        });
        Saved {
            game: record.into_game(),
            seats,
            time,
            clocks,
        }
    }

    /// The record text, with the tags.
    pub fn to_text(&self) -> String {
        let mut record = Record::new(self.game.clone());
        if let Some(seats) = &self.seats {
            for (&seat, who) in self.game.start().seats().iter().zip(seats) {
                record = record.with_tag(seat.tag(), &who.to_string());
            }
        }
        if let Some(time) = self.time {
            record = record.with_tag("TimeControl", &time.to_string());
            if let Some(clocks) = &self.clocks {
                let left: Vec<String> = clocks.iter().map(|&t| duration_text(t)).collect();
                record = record.with_tag("TimeLeft", &left.join(","));
            }
        }
        record.to_string()
    }

    pub fn read(path: &Path) -> Result<Saved, String> {
        crate::game_file::read_game(path).map(Saved::from_record)
    }

    pub fn write(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        crate::game_file::write_whole(path, self.to_text().as_bytes())
    }
}

/// Where unfinished games are kept: `$QUORIDOR_DATA_DIR`, else the
/// platform's data directory (`~/.local/share/quoridor` on Linux).
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "quoridor").map(|dirs| dirs.data_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engine::Level;
    use quoridor_rules::Ruleset;

    #[test]
    fn saved_games_read_back_with_their_players_and_clocks() {
        let mut game = Game::new(Ruleset::new(5, 2).unwrap());
        for mv in ["c2", "c4", "b2h"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let saved = Saved {
            game,
            seats: Some(vec![
                Controller::Human,
                Controller::Ai(Level::new(3).unwrap()),
            ]),
            time: Some("5m+3s".parse().unwrap()),
            clocks: Some(vec![
                Duration::from_millis(291_500),
                Duration::from_secs(300),
            ]),
        };
        let text = saved.to_text();
        assert!(
            text.contains("[South \"human\"]\n[North \"ai:3\"]\n"),
            "{text}"
        );
        assert!(
            text.contains("[TimeControl \"5m+3s\"]\n[TimeLeft \"291.5s,5m\"]"),
            "{text}"
        );
        assert_eq!(Saved::parse(&text), Ok(saved));
        let line = Saved::parse("5 2 3 c2 c4").unwrap();
        assert_eq!(line.game.entries().len(), 2);
        assert_eq!(line.seats, None);
        assert!(Saved::parse("[Size \"5\"]\n\n1. c2 c3").is_err());
    }
}
