//! How the terminal shows a clock. The clocks themselves are the game
//! crate's ([`quoridor_game::RoomState`]: its clocks run, stop while the
//! players look back, and fall as on the server and the page).

use std::time::Duration;

/// A clock face: `4:59`, `1:02:03`, and tenths under twenty seconds (`9.4`).
pub fn clock_text(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    if tenths < 200 {
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let s = t.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_faces() {
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_millis(9_450)), "9.4");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
    }
}
