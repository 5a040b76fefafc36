//! Which challenges a bot accepts: the owner's rules (speeds, rated or
//! casual, other bots or not, how many games at once), applied to each
//! challenge as the server lists it. Pure, so each rule is tested alone.

use serde::Deserialize;

/// A challenge sent to the bot, as `GET /api/challenges` lists it (the
/// fields the rules read; the others are left alone).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Incoming {
    pub id: String,
    pub from: String,
    /// `bullet` … `correspondence`; `null` for a game without a clock.
    pub speed: Option<String>,
    pub rated: bool,
    #[serde(default)]
    pub from_bot: bool,
}

/// The speeds a challenge may have: the server's five and a game without
/// a clock.
pub const SPEEDS: [&str; 6] = [
    "bullet",
    "blitz",
    "rapid",
    "classical",
    "correspondence",
    "untimed",
];

/// Rated games, casual ones, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Rated {
    Rated,
    Casual,
    Both,
}

/// The owner's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcceptRules {
    /// The speeds accepted (names of [`SPEEDS`]).
    pub speeds: Vec<String>,
    pub rated: Rated,
    /// Challenges from other bots too.
    pub bots: bool,
    /// The most games at once (those going on and those being accepted).
    pub max_games: usize,
}

/// Why a challenge is declined, for the bot's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decline {
    Speed(String),
    Rated,
    Casual,
    Bot,
    Busy(usize),
}

impl std::fmt::Display for Decline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Decline::Speed(speed) => write!(f, "{speed} games are not accepted"),
            Decline::Rated => f.write_str("rated games are not accepted"),
            Decline::Casual => f.write_str("casual games are not accepted"),
            Decline::Bot => f.write_str("challenges from bots are not accepted"),
            Decline::Busy(n) => write!(f, "already playing {n} games"),
        }
    }
}

/// Reads a comma-separated list of speeds (`blitz,rapid`, or `all`).
pub fn parse_speeds(text: &str) -> Result<Vec<String>, String> {
    if text.trim().eq_ignore_ascii_case("all") {
        return Ok(SPEEDS.iter().map(|s| s.to_string()).collect());
    }
    let mut speeds = Vec::new();
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let word = word.to_ascii_lowercase();
        if !SPEEDS.contains(&word.as_str()) {
            return Err(format!(
                "unknown speed `{word}`: expected some of {} (or all)",
                SPEEDS.join(", ")
            ));
        }
        if !speeds.contains(&word) {
            speeds.push(word);
        }
    }
    if speeds.is_empty() {
        return Err("no speed given: name at least one, or all".into());
    }
    Ok(speeds)
}

impl AcceptRules {
    /// Whether to accept `challenge` while `playing` games are going on
    /// (those being accepted included).
    pub fn decide(&self, challenge: &Incoming, playing: usize) -> Result<(), Decline> {
        let speed = challenge.speed.as_deref().unwrap_or("untimed");
        if !self.speeds.iter().any(|s| s == speed) {
            return Err(Decline::Speed(speed.to_string()));
        }
        match (self.rated, challenge.rated) {
            (Rated::Casual, true) => return Err(Decline::Rated),
            (Rated::Rated, false) => return Err(Decline::Casual),
            _ => {}
        }
        if challenge.from_bot && !self.bots {
            return Err(Decline::Bot);
        }
        if playing >= self.max_games {
            return Err(Decline::Busy(playing));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> AcceptRules {
        AcceptRules {
            speeds: parse_speeds("blitz, rapid,untimed").unwrap(),
            rated: Rated::Both,
            bots: false,
            max_games: 2,
        }
    }

    fn challenge(speed: Option<&str>, rated: bool, from_bot: bool) -> Incoming {
        Incoming {
            id: "c1".into(),
            from: "ana".into(),
            speed: speed.map(str::to_string),
            rated,
            from_bot,
        }
    }

    #[test]
    fn each_rule_declines_on_its_own() {
        let rules = rules();
        assert_eq!(
            rules.decide(&challenge(Some("blitz"), true, false), 0),
            Ok(())
        );
        assert_eq!(rules.decide(&challenge(None, false, false), 1), Ok(()));
        assert_eq!(
            rules.decide(&challenge(Some("bullet"), false, false), 0),
            Err(Decline::Speed("bullet".into()))
        );
        assert_eq!(
            rules.decide(&challenge(Some("rapid"), false, true), 0),
            Err(Decline::Bot)
        );
        assert_eq!(
            rules.decide(&challenge(Some("rapid"), false, false), 2),
            Err(Decline::Busy(2))
        );
        let casual = AcceptRules {
            rated: Rated::Casual,
            ..rules.clone()
        };
        assert_eq!(
            casual.decide(&challenge(Some("rapid"), true, false), 0),
            Err(Decline::Rated)
        );
        let rated = AcceptRules {
            rated: Rated::Rated,
            ..rules
        };
        assert_eq!(
            rated.decide(&challenge(Some("rapid"), false, false), 0),
            Err(Decline::Casual)
        );
    }

    #[test]
    fn speeds_are_read_from_a_list() {
        assert_eq!(parse_speeds("all").unwrap().len(), SPEEDS.len());
        assert_eq!(parse_speeds("Blitz,blitz").unwrap(), ["blitz"]);
        assert!(parse_speeds("hyper").unwrap_err().contains("unknown speed"));
        assert!(parse_speeds(" , ").is_err());
    }

    #[test]
    fn a_listed_challenge_reads_with_the_fields_it_has() {
        let listed = r#"{"id":"x","from":"ana","from_rating":null,"to":"robo","clock":null,
            "speed":null,"rated":false,"color":"random","created_ms":1,"expires_ms":2}"#;
        let read: Incoming = serde_json::from_str(listed).unwrap();
        assert_eq!(read, challenge(None, false, false).with_id("x"));
    }

    impl Incoming {
        fn with_id(mut self, id: &str) -> Incoming {
            self.id = id.into();
            self
        }
    }
}
