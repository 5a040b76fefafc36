//! Board geometry as bitsets, computed at compile time for every size.
//!
//! Squares use a fixed layout of 11 bits per row (see [`crate::Square`]), so
//! moving a set of squares one step is a shift: north `<< 11`, south `>> 11`,
//! east `<< 1`, west `>> 1`. A fence anchor uses the index of its lower-left
//! square; the anchor is also the grid point at the fence's centre.

use crate::seat::Seat;
use crate::square::{Square, MAX_SIZE, STRIDE};

/// The four directions, indexing the `open` masks of a position.
pub(crate) const NORTH: usize = 0;
pub(crate) const EAST: usize = 1;
pub(crate) const SOUTH: usize = 2;
pub(crate) const WEST: usize = 3;

/// Moves every square of `set` one step in `dir` (no masking).
#[inline(always)]
pub(crate) const fn shift(set: u128, dir: usize) -> u128 {
    match dir {
        NORTH => set << STRIDE,
        EAST => set << 1,
        SOUTH => set >> STRIDE,
        _ => set >> 1,
    }
}

/// The two directions perpendicular to `dir`.
#[inline(always)]
pub(crate) const fn sides(dir: usize) -> [usize; 2] {
    [(dir + 1) % 4, (dir + 3) % 4]
}

/// All squares one step from `set` through open edges (`open[d]` holds the
/// squares that may step in direction `d`).
#[inline(always)]
pub(crate) fn expand(set: u128, open: &[u128; 4]) -> u128 {
    ((set & open[NORTH]) << STRIDE)
        | ((set & open[SOUTH]) >> STRIDE)
        | ((set & open[EAST]) << 1)
        | ((set & open[WEST]) >> 1)
}

#[derive(Debug)]
pub(crate) struct Geometry {
    /// Valid fence anchors (equivalently, the interior grid points).
    pub anchors: u128,
    /// Anchors in column a, in the last anchor column, row 1, last anchor row:
    /// their fences touch the board edge.
    pub first_col: u128,
    pub last_col: u128,
    pub first_row: u128,
    pub last_row: u128,
    /// Squares that may step in each direction on an empty board.
    pub open: [u128; 4],
    /// Goal line of each seat, indexed by `Seat as usize`.
    pub goal: [u128; 4],
    /// Start square of each seat.
    pub start: [Square; 4],
}

const fn row_mask(size: u8, row: u8) -> u128 {
    let mut mask = 0;
    let mut col = 0;
    while col < size {
        mask |= 1u128 << (row as u32 * STRIDE + col as u32);
        col += 1;
    }
    mask
}

const fn col_mask(size: u8, col: u8) -> u128 {
    let mut mask = 0;
    let mut row = 0;
    while row < size {
        mask |= 1u128 << (row as u32 * STRIDE + col as u32);
        row += 1;
    }
    mask
}

const fn build(size: u8) -> Geometry {
    let mut board = 0;
    let mut row = 0;
    while row < size {
        board |= row_mask(size, row);
        row += 1;
    }
    let last = size - 1;
    let mut anchors = 0;
    let mut row = 0;
    while row < last {
        anchors |= row_mask(last, row);
        row += 1;
    }
    let mid = size / 2;
    Geometry {
        anchors,
        first_col: anchors & col_mask(size, 0),
        last_col: anchors & col_mask(size, last - 1),
        first_row: anchors & row_mask(size, 0),
        last_row: anchors & row_mask(size, last - 1),
        open: [
            board & !row_mask(size, last),
            board & !col_mask(size, last),
            board & !row_mask(size, 0),
            board & !col_mask(size, 0),
        ],
        goal: [
            row_mask(size, last),
            col_mask(size, last),
            row_mask(size, 0),
            col_mask(size, 0),
        ],
        start: [
            Square::new(mid, 0),
            Square::new(0, mid),
            Square::new(mid, last),
            Square::new(last, mid),
        ],
    }
}

static GEOMETRIES: [Geometry; 5] = [build(3), build(5), build(7), build(9), build(11)];

/// The geometry of a board of odd side `size` (3–11).
#[inline(always)]
pub(crate) fn geometry(size: u8) -> &'static Geometry {
    &GEOMETRIES[(size as usize - 3) / 2]
}

impl Geometry {
    pub(crate) fn goal_of(&self, seat: Seat) -> u128 {
        self.goal[seat as usize]
    }
}

const _: () = assert!(MAX_SIZE as u32 * STRIDE <= 128);
