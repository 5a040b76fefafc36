//! The engine's tuning numbers, in one place (as viridithas keeps its
//! search parameters): what a step, the tempo and fences in hand are worth,
//! for the two-sided search and for four players each for itself, and how
//! selective the two-sided search is. The figures behind each are in
//! BENCHMARKS.md.

/// One step of the race, in score units.
pub const STEP: i32 = 100;

/// Having the move is worth about half a step.
pub const TEMPO: i32 = 50;

/// A race whose distances can no longer change for one side (the other has
/// no fences) favours that side by this much, half of it when the pawns are
/// close enough for a jump to change the count. The search counts such races
/// exactly once it sees their end; this only guides it there, so the value
/// stays continuous: a step forward is always worth a step.
pub const DECIDED_RACE: i32 = 600;

/// Value of holding `n` fences in a two-sided game (two players, or two
/// teams): each is worth most when they are few (a player without fences
/// can no longer answer at all). The whole fence is worth more than the
/// steps it can cost an opponent at once: self-play matches put the best
/// scale at about three times the first guess (+450 Elo over it at 100 ms
/// per move).
pub const TWO_SIDED_FENCES: [i32; 16] = [
    0, 270, 495, 675, 825, 945, 1035, 1110, 1170, 1215, 1245, 1269, 1290, 1308, 1323, 1335,
];

/// Value of holding `n` fences with four players each for itself
/// (hundredths of a step), the first ones worth the most. Self-play at
/// depth 5 put the scale at 2.5 steps for the first fence, above 1.5 and 4.
pub const FREE_FOR_ALL_FENCES: [i32; 16] = [
    0, 250, 475, 675, 850, 1000, 1125, 1225, 1300, 1375, 1425, 1475, 1525, 1575, 1600, 1625,
];

/// Fences considered by the mover at the inner nodes of the four-player
/// search.
pub const INNER_FENCES: usize = 3;

/// Four players, levels 7 and 8: the share (percent) of a root move's
/// smoothed value from the iterations before the last, the rest being its
/// value in the last one. At 6 plies, half of the smoothed earlier value
/// (a quarter each of the 4- and 2-ply values) beat the plain 6-ply search
/// 93-46 (21 draws) over 160 games.
pub const ROOT_BLEND: i32 = 50;

/// Four players, level 8: the softness of the replies at inner nodes, in
/// hundredths of a step (`LevelSettings::soft_replies`). One step beat the
/// root blend alone 88-61 (11 draws) over 160 games, where half a step and
/// two steps did not.
pub const SOFT_REPLIES: i32 = 100;

/// Quiescence search (two players, time-limited levels): at most this many
/// plies past the horizon, each trying the mover's best few fences that
/// lengthen the opponent's path by at least two steps more than the mover's.
/// With null-move pruning it scored 48 % and 39 % against titanium where the
/// plain search scored 29 % and 21 % (100 games each, same seeds).
pub const QUIESCENCE_PLIES: u32 = 4;
pub const QUIESCENCE_WIDTH: usize = 4;
pub const QUIESCENCE_MIN_GAIN: i64 = 2;

/// Inner nodes of the two-sided search also try the fences that stop the
/// opponent's strongest fence when it would lengthen the mover's path by
/// this many steps or more (`crate::defence`). With them the engine scored
/// 230-70 against titanium where it had scored 181-119 (the same 300
/// openings at 100 ms a move).
pub const DEFENCE_MIN_THREAT: u32 = 3;

/// The most the learned evaluation may change the hand-made value, in
/// hundredths of a step: it refines the race, it never overrules it.
pub const MAX_CORRECTION: i32 = 500;

/// Null-move pruning: the pass is searched this many plies shallower than
/// a move would be.
pub const NULL_MOVE_REDUCTION: i32 = 2;

/// The value of `n` fences in hand from one of the tables above; beyond
/// the table (big boards give more than 15) each more fence adds 0.12 steps.
pub fn fence_value(table: &[i32; 16], n: u32) -> i32 {
    table[(n as usize).min(table.len() - 1)] + (n as i32 - 15).max(0) * 12
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_are_worth_more_the_fewer_they_are() {
        for table in [&TWO_SIDED_FENCES, &FREE_FOR_ALL_FENCES] {
            let gains: Vec<i32> = (1..16)
                .map(|n| fence_value(table, n) - fence_value(table, n - 1))
                .collect();
            assert!(gains.windows(2).all(|w| w[0] >= w[1]), "{gains:?}");
            assert!(fence_value(table, 20) > fence_value(table, 15));
        }
    }
}
