//! How the rules' and the engine's types are written in JSON (the rules
//! crate has no dependencies, serde included): seats by name (`"south"`),
//! values per seat as an object keyed by seat name, time controls in
//! milliseconds (`{"initial_ms", "increment_ms"}` or `{"per_move_ms"}`).

use std::fmt;
use std::marker::PhantomData;
use std::time::Duration;

use quoridor_engine::TimeControl;
use quoridor_rules::Seat;
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat by its name, in any case; the first letter (`n`) is accepted too.
pub fn parse_seat(text: &str) -> Option<Seat> {
    text.trim().parse().ok()
}

/// `#[serde(with = "wire::seat")]`: a seat as its name.
pub mod seat {
    use super::*;

    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(seat.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let text = String::deserialize(d)?;
        parse_seat(&text).ok_or_else(|| {
            de::Error::custom(format!(
                "expected a seat: south, west, north or east, found `{}`",
                quoridor_rules::excerpt(&text, 20)
            ))
        })
    }
}

/// `#[serde(with = "wire::opt_seat")]`: an optional seat as its name.
pub mod opt_seat {
    use super::*;

    pub fn serialize<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
        match seat {
            Some(seat) => s.serialize_some(seat.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Seat>, D::Error> {
        #[derive(Deserialize)]
        struct Named(#[serde(with = "super::seat")] Seat);
        Ok(Option::<Named>::deserialize(d)?.map(|n| n.0))
    }
}

/// `#[serde(with = "wire::opt_u64_text")]`: an optional large number (a
/// sheet's seed), written as text so that JavaScript keeps every digit,
/// read from text or a number.
pub mod opt_u64_text {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_some(&v.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Number(u64),
            Text(String),
        }
        match Option::<Either>::deserialize(d)? {
            None => Ok(None),
            Some(Either::Number(n)) => Ok(Some(n)),
            Some(Either::Text(t)) => t
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| de::Error::custom("expected a whole number (a sheet's seed)")),
        }
    }
}

/// `#[serde(with = "wire::seats")]`: a list of seats by name.
pub mod seats {
    use super::*;

    pub fn serialize<S: Serializer>(seats: &[Seat], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(seats.iter().map(|seat| seat.name()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Seat>, D::Error> {
        #[derive(Deserialize)]
        struct Named(#[serde(with = "super::seat")] Seat);
        Ok(Vec::<Named>::deserialize(d)?
            .into_iter()
            .map(|n| n.0)
            .collect())
    }
}

/// `#[serde(with = "wire::squares")]`: squares in notation, written
/// without a string allocated for each.
pub mod squares {
    use super::*;
    use quoridor_rules::Square;

    pub fn serialize<S: Serializer>(squares: &[Square], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(squares.iter().map(Shown))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|t| t.parse().map_err(de::Error::custom))
            .collect()
    }
}

/// `#[serde(with = "wire::fences")]`: fences in notation, written without
/// a string allocated for each.
pub mod fences {
    use super::*;
    use quoridor_rules::Fence;

    pub fn serialize<S: Serializer>(fences: &[Fence], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(fences.iter().map(Shown))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Fence>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|t| t.parse().map_err(de::Error::custom))
            .collect()
    }
}

/// Anything with `Display`, serialized as that text.
struct Shown<T>(T);

impl<T: fmt::Display> Serialize for Shown<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// `#[serde(with = "wire::blocked")]`: why each refused fence slot is
/// refused, as an object keyed by the fence: `{"e7v": {"code": "crosses",
/// "fence": "e7h"}, "a1h": {"code": "no_path_left", "seat": "north"}}`
/// (the codes of API.md; pages translate them).
pub mod blocked {
    use super::*;
    use quoridor_rules::{Fence, IllegalMove};

    #[derive(Serialize, Deserialize)]
    struct Reason {
        code: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fence: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
    }

    /// The code and the fence or seat of a reason, without allocating.
    fn parts(err: &IllegalMove) -> (&'static str, Option<Fence>, Option<Seat>) {
        let (fence, seat) = match *err {
            IllegalMove::Overlaps(f) | IllegalMove::Crosses(f) => (Some(f), None),
            IllegalMove::NoPathLeft(seat) | IllegalMove::PawnArrived(seat) => (None, Some(seat)),
            _ => (None, None),
        };
        (err.code(), fence, seat)
    }

    struct Entry<'a>(&'a IllegalMove);

    impl Serialize for Entry<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let (code, fence, seat) = parts(self.0);
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("code", code)?;
            if let Some(fence) = fence {
                map.serialize_entry("fence", &Shown(fence))?;
            }
            if let Some(seat) = seat {
                map.serialize_entry("seat", seat.name())?;
            }
            map.end()
        }
    }

    pub fn serialize<S: Serializer>(
        blocked: &[(Fence, IllegalMove)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(blocked.len()))?;
        for (fence, err) in blocked {
            map.serialize_entry(&Shown(fence), &Entry(err))?;
        }
        map.end()
    }

    /// The entries in the order written.
    struct InOrder;

    impl<'de> Visitor<'de> for InOrder {
        type Value = Vec<(String, Reason)>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object keyed by fence")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(entry) = map.next_entry::<String, Reason>()? {
                out.push(entry);
            }
            Ok(out)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<(Fence, IllegalMove)>, D::Error> {
        let entries = d.deserialize_map(InOrder)?;
        let bad = |what: &str| de::Error::custom(format!("blocked: {what}"));
        let mut out = Vec::with_capacity(entries.len());
        for (slot, reason) in entries {
            let fence: Fence = slot.parse().map_err(|_| bad("not a fence"))?;
            let other = || -> Result<Fence, D::Error> {
                reason
                    .fence
                    .as_deref()
                    .and_then(|f| f.parse().ok())
                    .ok_or_else(|| bad("a fence is missing"))
            };
            let seat = || -> Result<Seat, D::Error> {
                reason
                    .seat
                    .as_deref()
                    .and_then(parse_seat)
                    .ok_or_else(|| bad("a seat is missing"))
            };
            let err = match reason.code.as_str() {
                "game_over" => IllegalMove::GameOver,
                "no_fences_left" => IllegalMove::NoFencesLeft,
                "overlaps" => IllegalMove::Overlaps(other()?),
                "crosses" => IllegalMove::Crosses(other()?),
                "no_path_left" => IllegalMove::NoPathLeft(seat()?),
                "pawn_arrived" => IllegalMove::PawnArrived(seat()?),
                "pass_not_allowed" => IllegalMove::PassNotAllowed,
                code => return Err(bad(&format!("unknown code `{code}`"))),
            };
            out.push((fence, err));
        }
        Ok(out)
    }
}

/// A value for each seat, in turn order, written as an object keyed by
/// seat name: `{"south": 10, "north": 9}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerSeat<T>(pub Vec<(Seat, T)>);

impl<T> PerSeat<T> {
    pub fn of(seats: &[Seat], mut value: impl FnMut(Seat) -> T) -> PerSeat<T> {
        PerSeat(seats.iter().map(|&seat| (seat, value(seat))).collect())
    }

    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.iter().find(|(s, _)| *s == seat).map(|(_, v)| v)
    }
}

impl<T: Serialize> Serialize for PerSeat<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (seat, value) in &self.0 {
            map.serialize_entry(seat.name(), value)?;
        }
        map.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for PerSeat<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PerSeat<T>, D::Error> {
        struct PerSeatVisitor<T>(PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for PerSeatVisitor<T> {
            type Value = PerSeat<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object keyed by seat name")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PerSeat<T>, A::Error> {
                let mut out = Vec::new();
                while let Some((key, value)) = map.next_entry::<String, T>()? {
                    let seat = parse_seat(&key)
                        .ok_or_else(|| de::Error::custom(format!("`{key}` is not a seat")))?;
                    out.push((seat, value));
                }
                Ok(PerSeat(out))
            }
        }

        d.deserialize_map(PerSeatVisitor(PhantomData))
    }
}

/// `#[serde(with = "wire::variant")]`: `standard`, `teams` or `scoring`;
/// any other word is refused (never read as standard).
pub mod variant {
    use super::*;
    use quoridor_rules::Variant;

    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::Teams, Variant::Scoring];

    pub fn serialize<S: Serializer>(variant: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(variant.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let text = String::deserialize(d)?;
        ALL.into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                de::Error::custom(format!(
                    "variant: expected standard, teams or scoring, found `{}`",
                    quoridor_rules::excerpt(&text, 20)
                ))
            })
    }
}

/// The JSON shape of a time control.
#[derive(Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
enum ClockJson {
    Fischer {
        initial_ms: u64,
        increment_ms: u64,
    },
    PerMove {
        per_move_ms: u64,
    },
    /// A turn-based game: days per move (read only; written as
    /// `per_move_ms`).
    Days {
        days: u64,
    },
}

impl From<TimeControl> for ClockJson {
    fn from(control: TimeControl) -> ClockJson {
        let ms = |d: Duration| d.as_millis() as u64;
        match control {
            TimeControl::Fischer { initial, increment } => ClockJson::Fischer {
                initial_ms: ms(initial),
                increment_ms: ms(increment),
            },
            TimeControl::PerMove(t) => ClockJson::PerMove { per_move_ms: ms(t) },
        }
    }
}

impl From<ClockJson> for TimeControl {
    fn from(json: ClockJson) -> TimeControl {
        let ms = Duration::from_millis;
        match json {
            ClockJson::Fischer {
                initial_ms,
                increment_ms,
            } => TimeControl::Fischer {
                initial: ms(initial_ms),
                increment: ms(increment_ms),
            },
            ClockJson::PerMove { per_move_ms } => TimeControl::PerMove(ms(per_move_ms)),
            // Too many days saturate, and the settings refuse them.
            ClockJson::Days { days } => {
                TimeControl::PerMove(Duration::from_secs(days.saturating_mul(24 * 3600)))
            }
        }
    }
}

/// `#[serde(with = "wire::clock")]`: an optional time control in
/// milliseconds.
pub mod clock {
    use super::*;

    pub fn serialize<S: Serializer>(clock: &Option<TimeControl>, s: S) -> Result<S::Ok, S::Error> {
        clock.map(ClockJson::from).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TimeControl>, D::Error> {
        let json = Option::<ClockJson>::deserialize(d).map_err(|_| {
            de::Error::custom(
                "clock: expected {\"initial_ms\", \"increment_ms\"}, {\"per_move_ms\"} or {\"days\"}",
            )
        })?;
        Ok(json.map(TimeControl::from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Sample {
        #[serde(with = "seat")]
        seat: Seat,
        #[serde(with = "seats")]
        seats: Vec<Seat>,
        #[serde(with = "opt_seat")]
        maybe: Option<Seat>,
        #[serde(with = "clock")]
        clock: Option<TimeControl>,
        left: PerSeat<u32>,
    }

    #[test]
    fn every_shape_reads_back() {
        let sample = Sample {
            seat: Seat::North,
            seats: vec![Seat::South, Seat::East],
            maybe: None,
            clock: Some("5m+3s".parse().unwrap()),
            left: PerSeat::of(&[Seat::South, Seat::North], |s| s.name().len() as u32),
        };
        let text = serde_json::to_string(&sample).unwrap();
        assert_eq!(
            text,
            r#"{"seat":"north","seats":["south","east"],"maybe":null,"clock":{"initial_ms":300000,"increment_ms":3000},"left":{"south":5,"north":5}}"#
        );
        assert_eq!(serde_json::from_str::<Sample>(&text).unwrap(), sample);
        let per_move: Option<TimeControl> = clock::deserialize(
            &mut serde_json::Deserializer::from_str(r#"{"per_move_ms":1000}"#),
        )
        .unwrap();
        assert_eq!(per_move, Some(TimeControl::PerMove(Duration::from_secs(1))));
        let days: Option<TimeControl> =
            clock::deserialize(&mut serde_json::Deserializer::from_str(r#"{"days":3}"#)).unwrap();
        assert_eq!(
            days,
            Some(TimeControl::PerMove(Duration::from_secs(3 * 86_400)))
        );
        assert!(
            serde_json::from_str::<Sample>(&text.replace("north\",\"seats", "up\",\"seats"))
                .is_err()
        );
    }
}
