//! Player specifications (`--player level=5,time=100ms`, `--player
//! name=os,time=1s,cmd=python3 bot.py`): parsing, durations, command lines.

use std::fmt;
use std::time::Duration;

use quoridor_engine::{duration_text, parse_duration, Level, SearchLimit, TimeControl};
use quoridor_rules::Ruleset;

/// What limits each move of a player, as written in a specification.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// No limit given: an engine searches within its level's own caps
    /// ([`SearchLimit::Infinite`] tightened by the level); a program gets no
    /// `time_left`.
    Default,
    /// `time=100ms`: a search budget for each move.
    MoveTime(Duration),
    /// `depth=D` (engines only).
    Depth(u32),
    /// `nodes=N` (engines only).
    Nodes(u64),
    /// `clock=60s+1s` (or `clock=10s/move`): a clock per seat kept by the
    /// runner; a move that takes longer than the clock shows forfeits.
    Clock(TimeControl),
}

impl Budget {
    /// The limit of a search with `remaining` on the mover's clock (ignored
    /// except for a clock).
    pub fn limit(self, remaining: Duration) -> SearchLimit {
        match self {
            Budget::Default => SearchLimit::Infinite,
            Budget::MoveTime(t) => SearchLimit::MoveTime(t),
            Budget::Depth(d) => SearchLimit::Depth(d),
            Budget::Nodes(n) => SearchLimit::Nodes(n),
            Budget::Clock(control) => control.limit(remaining),
        }
    }
}

/// `100ms/move`, `depth 3`, `5000 nodes`, `1m+1s`, `default`.
impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Default => f.write_str("default"),
            Budget::MoveTime(t) => write!(f, "{}/move", duration_text(*t)),
            Budget::Depth(d) => write!(f, "depth {d}"),
            Budget::Nodes(n) => write!(f, "{n} nodes"),
            Budget::Clock(control) => control.fmt(f),
        }
    }
}

/// One `--player` specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The specification as given.
    pub text: String,
    pub name: Option<String>,
    /// `level=N`: the engine's level, or for a program a `level N` command
    /// sent once it starts.
    pub level: Option<Level>,
    pub time: Budget,
    /// `hash=MB`: the engine's table size.
    pub hash_mb: Option<usize>,
    /// `eval=hand`: the engine keeps to its hand-made evaluation (the
    /// default, `eval=learned`, adds the learned correction where the
    /// level uses it).
    pub hand_eval: bool,
    /// `book=off`: the engine searches every move, in the opening book too
    /// (the default, `book=on`, plays the book where the level does).
    pub no_book: bool,
    /// `timeout=D`: how long a program may take to answer a command other
    /// than a timed `genmove` (also `genmove` without a time limit).
    pub timeout: Option<Duration>,
    /// `cmd=...`: an external program, split into words.
    pub command: Option<Vec<String>>,
}

impl PlayerSpec {
    /// Parses `key=value` items separated by commas; `cmd=` takes the rest
    /// of the text, commas included, so it must come last.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        let mut spec = PlayerSpec {
            text: text.trim().to_string(),
            name: None,
            level: None,
            time: Budget::Default,
            hash_mb: None,
            hand_eval: false,
            no_book: false,
            timeout: None,
            command: None,
        };
        let mut seen: Vec<String> = Vec::new();
        let mut rest = text.trim();
        while !rest.is_empty() {
            if rest.len() >= 4 && rest[..4].eq_ignore_ascii_case("cmd=") {
                let words = split_command_line(&rest[4..])?;
                if words.is_empty() {
                    return Err("cmd= needs a command line".into());
                }
                spec.command = Some(words);
                break;
            }
            let (item, tail) = rest.split_once(',').unwrap_or((rest, ""));
            rest = tail.trim_start();
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let Some((key, value)) = item.split_once('=') else {
                return Err(format!("expected key=value, found `{item}`"));
            };
            let key = key.trim().to_ascii_lowercase();
            let value = value.trim();
            if seen.contains(&key) {
                return Err(format!("`{key}` given twice"));
            }
            seen.push(key.clone());
            let limit = |time: Budget, spec: &mut PlayerSpec| {
                if spec.time != Budget::Default {
                    return Err("give only one of time=, depth=, nodes=, clock=".to_string());
                }
                spec.time = time;
                Ok(())
            };
            match key.as_str() {
                "name" => {
                    if value.is_empty() {
                        return Err("name= needs a name".into());
                    }
                    spec.name = Some(value.to_string());
                }
                "level" => spec.level = Some(value.parse().map_err(|e| format!("level: {e}"))?),
                "time" => {
                    let t = parse_duration(value).map_err(|e| format!("time: {e}"))?;
                    if t.is_zero() {
                        return Err("time= must be more than 0".into());
                    }
                    limit(Budget::MoveTime(t), &mut spec)?;
                }
                "depth" => {
                    let d = value
                        .parse::<u32>()
                        .ok()
                        .filter(|&d| d > 0)
                        .ok_or_else(|| {
                            format!("depth: expected a whole number > 0, found `{value}`")
                        })?;
                    limit(Budget::Depth(d), &mut spec)?;
                }
                "nodes" => {
                    let n = value
                        .parse::<u64>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| {
                            format!("nodes: expected a whole number > 0, found `{value}`")
                        })?;
                    limit(Budget::Nodes(n), &mut spec)?;
                }
                "clock" => {
                    let control = value
                        .parse::<TimeControl>()
                        .map_err(|e| format!("clock: {e}"))?;
                    limit(Budget::Clock(control), &mut spec)?;
                }
                "hash" => {
                    let mb = value
                        .parse::<usize>()
                        .ok()
                        .filter(|&mb| (1..=65_536).contains(&mb))
                        .ok_or_else(|| {
                            format!("hash: expected megabytes (1 to 65536), found `{value}`")
                        })?;
                    spec.hash_mb = Some(mb);
                }
                "eval" => {
                    spec.hand_eval = match value {
                        "hand" => true,
                        "learned" => false,
                        _ => {
                            return Err(format!("eval: expected hand or learned, found `{value}`"))
                        }
                    }
                }
                "book" => {
                    spec.no_book = match value {
                        "off" => true,
                        "on" => false,
                        _ => return Err(format!("book: expected on or off, found `{value}`")),
                    }
                }
                "timeout" => {
                    spec.timeout = Some(parse_duration(value).map_err(|e| format!("timeout: {e}"))?)
                }
                _ => {
                    return Err(format!(
                        "unknown key `{key}`: expected level, time, depth, nodes, clock, name, \
                         hash, eval, book, timeout or cmd"
                    ))
                }
            }
        }
        if spec.command.is_some() {
            if matches!(spec.time, Budget::Depth(_) | Budget::Nodes(_)) {
                return Err("depth= and nodes= apply to engines only, not to cmd= programs".into());
            }
            if spec.hash_mb.is_some() {
                return Err("hash= applies to engines only, not to cmd= programs".into());
            }
            for key in ["eval", "book"] {
                if seen.iter().any(|k| k == key) {
                    return Err(format!(
                        "{key}= applies to engines only, not to cmd= programs"
                    ));
                }
            }
        } else if spec.timeout.is_some() {
            return Err("timeout= applies to cmd= programs only".into());
        }
        Ok(spec)
    }

    pub fn is_program(&self) -> bool {
        self.command.is_some()
    }

    /// The engine's level (the strongest when none is given).
    pub fn engine_level(&self) -> Level {
        self.level.unwrap_or(Level::MAX)
    }

    /// Whether the player's moves are limited by time (a budget, a clock, or
    /// a level whose cap is time), so that games played at once would share
    /// the CPU unfairly. Programs always count as timed.
    pub fn is_timed(&self, rules: &Ruleset) -> bool {
        if self.is_program() {
            return true;
        }
        match self.time {
            Budget::MoveTime(_) | Budget::Clock(_) => true,
            Budget::Depth(_) | Budget::Nodes(_) => false,
            Budget::Default => self.engine_level().settings_for(rules).max_depth.is_none(),
        }
    }

    /// The name to show: `name=`, else `level5` / the program's name.
    pub fn default_name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        match &self.command {
            Some(words) => {
                let base = |w: &str| w.rsplit('/').next().unwrap_or(w).to_string();
                let mut name = base(&words[0]);
                if let Some(arg) = words[1..].iter().find(|w| !w.starts_with('-')) {
                    name.push(' ');
                    name.push_str(&base(arg));
                }
                quoridor_rules::excerpt(&name, 24)
            }
            None => format!("level{}", self.engine_level()),
        }
    }

    /// The time control as shown in reports and records: the limit, and for
    /// an engine without one what its level does in games of `rules`.
    pub fn time_control_text(&self, rules: &Ruleset) -> String {
        match (self.time, &self.command) {
            (Budget::Default, Some(_)) => "none".into(),
            (Budget::Default, None) => {
                let level = self.engine_level();
                let settings = level.settings_for(rules);
                match (settings.max_depth, settings.max_time) {
                    (Some(d), _) => format!("level {level} caps: depth {d}"),
                    (None, Some(t)) => format!("level {level} caps: {}/move", duration_text(t)),
                    (None, None) => format!("level {level}: no cap"),
                }
            }
            (time, _) => time.to_string(),
        }
    }
}

/// Splits a command line into words as a POSIX shell would (without any
/// expansion): white space separates words; `'...'` is literal; in `"..."`
/// a backslash escapes `"`, `\`, `$` and `` ` ``; elsewhere a backslash
/// escapes the next character.
pub fn split_command_line(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("unterminated ' in the command line".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("unterminated \" in the command line".into()),
                        },
                        Some(c) => word.push(c),
                        None => return Err("unterminated \" in the command line".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') => {}
                    Some(c) => word.push(c),
                    None => word.push('\\'),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let spec = PlayerSpec::parse("level=3,time=100ms,name=fast").unwrap();
        assert_eq!(spec.level, Level::new(3));
        assert_eq!(spec.time, Budget::MoveTime(Duration::from_millis(100)));
        assert_eq!(spec.default_name(), "fast");
        assert!(spec.is_timed(&Ruleset::STANDARD));

        let spec = PlayerSpec::parse("level=5").unwrap();
        assert_eq!(spec.time, Budget::Default);
        assert_eq!(spec.default_name(), "level5");
        assert!(
            !spec.is_timed(&Ruleset::STANDARD),
            "level 5 is capped by depth"
        );
        assert_eq!(
            spec.time_control_text(&Ruleset::STANDARD),
            "level 5 caps: depth 3"
        );
        // Four players each for itself have their own ladder.
        let four = Ruleset::new(9, 4).unwrap();
        assert_eq!(spec.time_control_text(&four), "level 5 caps: depth 4");
        let six = PlayerSpec::parse("level=6").unwrap();
        assert_eq!(
            six.time_control_text(&Ruleset::STANDARD),
            "level 6 caps: 15ms/move"
        );
        assert_eq!(six.time_control_text(&four), "level 6 caps: depth 6");
        assert!(six.is_timed(&Ruleset::STANDARD));
        assert!(!six.is_timed(&four));
        assert!(PlayerSpec::parse("level=8")
            .unwrap()
            .is_timed(&Ruleset::STANDARD));
        assert!(!PlayerSpec::parse("level=8,depth=4")
            .unwrap()
            .is_timed(&Ruleset::STANDARD));

        let spec = PlayerSpec::parse("level=8, clock=1m+0.5s").unwrap();
        assert_eq!(
            spec.time,
            Budget::Clock(TimeControl::Fischer {
                initial: Duration::from_secs(60),
                increment: Duration::from_millis(500)
            })
        );
        assert_eq!(spec.time.to_string(), "1m+500ms");
        // The one time-control form of every front end.
        let spec = PlayerSpec::parse("clock=1m30s+1s").unwrap();
        assert_eq!(spec.time.to_string(), "90s+1s");
        let spec = PlayerSpec::parse("clock=10s/move").unwrap();
        assert_eq!(spec.time.to_string(), "10s/move");
        assert_eq!(
            PlayerSpec::parse("nodes=5000").unwrap().default_name(),
            "level8"
        );
        assert!(!PlayerSpec::parse("level=8").unwrap().hand_eval);
        assert!(PlayerSpec::parse("level=8,eval=hand").unwrap().hand_eval);
        assert!(!PlayerSpec::parse("eval=learned").unwrap().hand_eval);
        assert!(PlayerSpec::parse("level=8,book=off").unwrap().no_book);
        assert!(!PlayerSpec::parse("book=on").unwrap().no_book);
    }

    #[test]
    fn bad_specs_are_refused() {
        for bad in [
            "level=0",
            "level=11",
            "level=3,level=4",
            "time=100ms,depth=3",
            "time=100",
            "time=0ms",
            "depth=0",
            "bogus=1",
            "level",
            "cmd=",
            "depth=3,cmd=prog",
            "timeout=1s",
            "cmd=prog 'unterminated",
            "eval=net",
            "book=maybe",
            "book=off,cmd=prog",
            "eval=hand,cmd=prog",
        ] {
            assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn cmd_takes_the_rest_of_the_spec() {
        let spec =
            PlayerSpec::parse("time=100ms,name=os,cmd=python3 scripts/foo.py --x 1,2").unwrap();
        assert_eq!(
            spec.command.as_deref().unwrap(),
            ["python3", "scripts/foo.py", "--x", "1,2"]
        );
        assert_eq!(spec.name.as_deref(), Some("os"));
        let spec = PlayerSpec::parse("cmd=/usr/bin/quoridor gtp").unwrap();
        assert_eq!(spec.default_name(), "quoridor gtp");
        assert!(spec.is_timed(&Ruleset::STANDARD));
    }

    #[test]
    fn command_lines_split_like_a_shell() {
        let words =
            split_command_line(r#"sh -c 'read x; echo "= zz9"; echo' a\ b "c \"d\" \n""#).unwrap();
        assert_eq!(
            words,
            [
                "sh",
                "-c",
                "read x; echo \"= zz9\"; echo",
                "a b",
                "c \"d\" \\n"
            ]
        );
        assert_eq!(split_command_line("  ").unwrap(), Vec::<String>::new());
        assert_eq!(split_command_line("''").unwrap(), [""]);
    }
}
