//! The learned evaluation: a small network that corrects the hand-made
//! evaluation of the standard two-player game ([`crate::eval`]) with what
//! self-play games taught it: where pawns and fences stand, and what fences
//! in hand are worth in each phase of the race.
//!
//! One hidden layer of rectified units over the one-hot inputs of
//! [`Features`] (pawns, fences, hands) and the two distances; its output is
//! in steps and is added to the hand-made value. Inference is plain `f32`
//! arithmetic, a few hundred additions a position. The shipped weights
//! (`data/eval-net.bin`) were made by `scripts/train-eval.sh`; [`train`]
//! holds the training.

pub mod features;
pub mod train;

use std::fmt;
use std::sync::OnceLock;

pub use features::{Features, DENSE_INPUTS, INPUTS, SPARSE_INPUTS};

/// The first bytes of a weights file.
const MAGIC: &[u8; 4] = b"QNET";
/// The layout of the inputs and weights; a file of another version is
/// refused rather than misread.
pub const VERSION: u32 = 1;
/// Bytes before the weights: magic, version, inputs, hidden units, scale.
const HEADER: usize = 4 + 4 + 4 + 4 + 4;
/// The most hidden units a file may ask for.
const MAX_HIDDEN: usize = 256;

/// The shipped weights.
static SHIPPED: &[u8] = include_bytes!("../../data/eval-net.bin");

/// A network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    hidden: usize,
    /// The logistic scale of the training: a value of `v` steps means a win
    /// chance of `1 / (1 + e^(-v * scale))`. Kept for the record and for
    /// further training; inference does not use it.
    scale: f32,
    /// Input to hidden, input by input (`INPUTS × hidden`).
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Hidden to output.
    w2: Vec<f32>,
    b2: f32,
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    NotWeights,
    Version(u32),
    Inputs(u32),
    Hidden(u32),
    Length { expected: usize, found: usize },
    NotFinite,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotWeights => write!(f, "not a weights file (no QNET header)"),
            NetError::Version(v) => write!(f, "weights version {v}, this program reads {VERSION}"),
            NetError::Inputs(n) => write!(f, "weights for {n} inputs, this program has {INPUTS}"),
            NetError::Hidden(n) => write!(f, "{n} hidden units: expected 1 to {MAX_HIDDEN}"),
            NetError::Length { expected, found } => {
                write!(f, "weights file of {found} bytes, expected {expected}")
            }
            NetError::NotFinite => write!(f, "a weight is not a finite number"),
        }
    }
}

impl std::error::Error for NetError {}

impl Network {
    /// The weights shipped with the program (checked by the tests).
    pub fn shipped() -> &'static Network {
        static NET: OnceLock<Network> = OnceLock::new();
        NET.get_or_init(|| Network::from_bytes(SHIPPED).expect("the shipped weights are valid"))
    }

    /// A network whose output is zero everywhere (the hand-made evaluation
    /// unchanged): where training starts.
    pub fn zero(hidden: usize, scale: f32) -> Network {
        Network {
            hidden,
            scale,
            w1: vec![0.0; INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; hidden],
            b2: 0.0,
        }
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The correction to the hand-made value, in steps, for the side to move.
    pub fn correction(&self, features: &Features) -> f32 {
        let mut acc = [0f32; MAX_HIDDEN];
        let acc = &mut acc[..self.hidden];
        self.accumulate(features, acc);
        self.output(acc)
    }

    /// The hidden layer's sums before rectification.
    pub(crate) fn accumulate(&self, features: &Features, acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.b1);
        for &input in features.active() {
            let row = &self.w1[input as usize * h..][..h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        for (d, &x) in features.dense().iter().enumerate() {
            let row = &self.w1[(SPARSE_INPUTS + d) * h..][..h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w * x;
            }
        }
    }

    /// The output from the hidden sums.
    pub(crate) fn output(&self, acc: &[f32]) -> f32 {
        acc.iter()
            .zip(&self.w2)
            .map(|(&a, &w)| a.max(0.0) * w)
            .sum::<f32>()
            + self.b2
    }

    /// The weights file: header, then every weight as little-endian `f32`
    /// (w1 input by input, b1, w2, b2).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Network::file_len(self.hidden));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&self.scale.to_le_bytes());
        for w in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }

    fn file_len(hidden: usize) -> usize {
        HEADER + 4 * (INPUTS * hidden + 2 * hidden + 1)
    }

    /// Reads a weights file, refusing anything but this version's layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(NetError::NotWeights);
        }
        let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap_or([0; 4]));
        if word(4) != VERSION {
            return Err(NetError::Version(word(4)));
        }
        if word(8) as usize != INPUTS {
            return Err(NetError::Inputs(word(8)));
        }
        let hidden = word(12) as usize;
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetError::Hidden(word(12)));
        }
        let expected = Network::file_len(hidden);
        if bytes.len() != expected {
            return Err(NetError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let floats: Vec<f32> = bytes[16..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if floats.iter().any(|x| !x.is_finite()) {
            return Err(NetError::NotFinite);
        }
        let (w1, rest) = floats[1..].split_at(INPUTS * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, rest) = rest.split_at(hidden);
        Ok(Network {
            hidden,
            scale: floats[0],
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: rest[0],
        })
    }

    pub(crate) fn parts_mut(&mut self) -> (&mut [f32], &mut [f32], &mut [f32], &mut f32) {
        (&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Position, Ruleset};

    /// The output computed the slow way: every input's value times its
    /// weights, written out from the definition.
    fn reference(net: &Network, f: &Features) -> f64 {
        let mut x = vec![0f64; INPUTS];
        for &i in f.active() {
            x[i as usize] = 1.0;
        }
        for (d, &v) in f.dense().iter().enumerate() {
            x[SPARSE_INPUTS + d] = v as f64;
        }
        let mut out = net.b2 as f64;
        for j in 0..net.hidden {
            let mut sum = net.b1[j] as f64;
            for (i, &xi) in x.iter().enumerate() {
                sum += xi * net.w1[i * net.hidden + j] as f64;
            }
            out += sum.max(0.0) * net.w2[j] as f64;
        }
        out
    }

    fn sample_positions() -> Vec<Position> {
        let mut pos = Position::new(Ruleset::STANDARD);
        let mut all = vec![pos];
        for mv in [
            "e2", "e8", "a7h", "c2h", "e3", "f8v", "b5v", "e7", "e4", "g6h",
        ] {
            pos.play(mv.parse().unwrap()).unwrap();
            all.push(pos);
        }
        all
    }

    #[test]
    fn the_output_equals_the_reference_computation() {
        for net in [Network::shipped().clone(), {
            let mut n = Network::zero(8, 1.0);
            let mut seed = 12345u32;
            let (w1, b1, w2, b2) = n.parts_mut();
            for w in w1.iter_mut().chain(b1).chain(w2) {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                *w = (seed >> 8) as f32 / (1u32 << 24) as f32 - 0.5;
            }
            *b2 = 0.25;
            n
        }] {
            for pos in sample_positions() {
                let d = |s| pos.distance(s).unwrap();
                let f = Features::new(&pos, d(pos.turn()), d(pos.seats()[1 - pos.turn_index()]));
                let fast = net.correction(&f) as f64;
                let slow = reference(&net, &f);
                assert!(
                    (fast - slow).abs() < 1e-4 * (1.0 + slow.abs()),
                    "{fast} {slow}"
                );
            }
        }
    }

    #[test]
    fn the_shipped_weights_load_and_round_trip() {
        let net = Network::shipped();
        assert_eq!(SHIPPED.len(), Network::file_len(net.hidden()));
        assert!(net.scale() > 0.0);
        assert_eq!(Network::from_bytes(&net.to_bytes()).as_ref(), Ok(net));
        // Not all zero: the shipped network was trained.
        assert!(net.w2.iter().any(|&w| w != 0.0));
    }

    #[test]
    fn bad_files_are_refused() {
        let good = Network::zero(4, 1.0).to_bytes();
        assert_eq!(Network::from_bytes(b"QNE"), Err(NetError::NotWeights));
        assert_eq!(
            Network::from_bytes(&good[..good.len() - 1]).unwrap_err(),
            NetError::Length {
                expected: good.len(),
                found: good.len() - 1
            }
        );
        let mut v2 = good.clone();
        v2[4] = 2;
        assert_eq!(Network::from_bytes(&v2), Err(NetError::Version(2)));
        let mut inputs = good.clone();
        inputs[8] = 7;
        assert!(matches!(
            Network::from_bytes(&inputs),
            Err(NetError::Inputs(_))
        ));
        let mut nan = good.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(Network::from_bytes(&nan), Err(NetError::NotFinite));
        let mut zero_hidden = good;
        zero_hidden[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&zero_hidden), Err(NetError::Hidden(0)));
    }
}
