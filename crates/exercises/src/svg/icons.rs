//! The pictures: stars, fish, the objects, pawns, arrows. Each is drawn
//! around a centre `(x, y)` in a square of side `s`, in plain SVG shapes
//! that print well in colour and in grey.

use std::fmt::Write as _;

use crate::item::Object;

const INK: &str = "#3b2a1a";

pub(super) fn star(out: &mut String, x: f64, y: f64, s: f64) {
    let mut points = String::new();
    for i in 0..10 {
        let r = if i % 2 == 0 { 0.42 * s } else { 0.18 * s };
        let a = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
        let _ = write!(points, "{:.2},{:.2} ", x + r * a.cos(), y + r * a.sin());
    }
    let _ = write!(
        out,
        r##"<polygon class="star" points="{}" fill="#f5c518" stroke="{INK}" stroke-width="{:.2}" stroke-linejoin="round"/>"##,
        points.trim_end(),
        s * 0.04
    );
}

pub(super) fn fish(out: &mut String, x: f64, y: f64, s: f64) {
    let w = s * 0.3;
    let h = s * 0.17;
    let _ = write!(
        out,
        r##"<g class="fish" stroke="{INK}" stroke-width="{sw:.2}" stroke-linejoin="round"><path d="M{tx:.2},{y:.2} l{tl:.2},{th:.2} v{tv:.2} z" fill="#4aa3df"/><ellipse cx="{cx:.2}" cy="{y:.2}" rx="{w:.2}" ry="{h:.2}" fill="#4aa3df"/><circle cx="{ex:.2}" cy="{ey:.2}" r="{er:.2}" fill="{INK}" stroke="none"/></g>"##,
        sw = s * 0.035,
        tx = x + 0.1 * s,
        tl = s * 0.3,
        th = -s * 0.15,
        tv = s * 0.3,
        cx = x - 0.05 * s,
        ex = x - 0.22 * s,
        ey = y - 0.03 * s,
        er = s * 0.03,
    );
}

pub(super) fn object(out: &mut String, object: Object, x: f64, y: f64, s: f64) {
    let sw = s * 0.035;
    let u = s / 100.0;
    // Each shape on a 100-unit square centred on (0, 0).
    let body = match object {
        Object::Apple => String::from(
            r##"<path d="M0,-22 C-30,-38 -42,0 -26,22 C-16,38 -6,34 0,30 C6,34 16,38 26,22 C42,0 30,-38 0,-22 z" fill="#e03b2f"/><path d="M0,-22 C0,-32 4,-38 8,-40" fill="none"/><path d="M4,-32 C14,-44 26,-38 24,-30 C16,-26 8,-28 4,-32 z" fill="#4caf50"/>"##,
        ),
        Object::Ball => String::from(
            r##"<circle r="32" fill="#ff9f1c"/><path d="M-32,0 C-16,-10 16,-10 32,0 M-32,0 C-16,10 16,10 32,0" fill="none"/><path d="M0,-32 C-12,-10 -12,10 0,32" fill="none"/>"##,
        ),
        Object::Key => String::from(
            r##"<circle cx="-20" r="16" fill="#f2c230"/><circle cx="-20" r="6" fill="#fff"/><path d="M-4,-5 H36 V5 H30 V16 H22 V5 H14 V12 H6 V5 H-4 z" fill="#f2c230"/>"##,
        ),
        Object::Flower => {
            let mut petals = String::new();
            for i in 0..5 {
                let a = std::f64::consts::TAU * i as f64 / 5.0 - std::f64::consts::FRAC_PI_2;
                let _ = write!(
                    petals,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="15" fill="#f472b6"/>"##,
                    20.0 * a.cos(),
                    20.0 * a.sin() - 8.0
                );
            }
            format!(
                r##"<path d="M0,0 V40" fill="none" stroke="#2e7d32" stroke-width="5"/>{petals}<circle cy="-8" r="11" fill="#fde047"/>"##
            )
        }
        Object::Tree => String::from(
            r##"<rect x="-7" y="8" width="14" height="32" fill="#8d5524"/><circle cy="-10" r="30" fill="#2f9e44"/>"##,
        ),
        Object::House => String::from(
            r##"<path d="M-28,-2 V36 H28 V-2" fill="#f8e7c9"/><path d="M-38,0 L0,-34 L38,0 z" fill="#c0392b"/><rect x="-8" y="14" width="16" height="22" fill="#8d5524"/>"##,
        ),
        Object::Heart => String::from(
            r##"<path d="M0,34 C-30,12 -40,-4 -36,-18 C-32,-34 -10,-36 0,-18 C10,-36 32,-34 36,-18 C40,-4 30,12 0,34 z" fill="#e11d48"/>"##,
        ),
        Object::Moon => String::from(
            r##"<path d="M12,-31.8 A34,34 0 1 0 12,31.8 A44,44 0 0 1 12,-31.8 z" fill="#fcd34d"/>"##,
        ),
        Object::Sun => {
            let mut rays = String::new();
            for i in 0..8 {
                let a = std::f64::consts::TAU * i as f64 / 8.0;
                let _ = write!(
                    rays,
                    "M{:.1},{:.1} L{:.1},{:.1} ",
                    26.0 * a.cos(),
                    26.0 * a.sin(),
                    40.0 * a.cos(),
                    40.0 * a.sin()
                );
            }
            format!(
                r##"<path d="{rays}" fill="none" stroke-width="6" stroke-linecap="round"/><circle r="20" fill="#fbbf24"/>"##
            )
        }
        Object::Boat => String::from(
            r##"<path d="M-38,10 H38 L26,30 H-26 z" fill="#8d5524"/><path d="M0,10 V-36" fill="none"/><path d="M2,-34 L30,4 H2 z" fill="#fff"/>"##,
        ),
    };
    let _ = write!(
        out,
        r#"<g class="object" data-object="{}" transform="translate({x:.2},{y:.2}) scale({u:.4})" stroke="{INK}" stroke-width="{:.2}" stroke-linejoin="round">{body}</g>"#,
        object.name(),
        sw / u,
    );
}

/// A pawn of `fill`, with `letter` on it for grey printers.
pub(super) fn pawn(out: &mut String, x: f64, y: f64, s: f64, fill: &str, letter: &str) {
    let _ = write!(
        out,
        r##"<g class="pawn"><circle cx="{x:.2}" cy="{y:.2}" r="{r:.2}" fill="{fill}" stroke="{INK}" stroke-width="{sw:.2}"/><text x="{x:.2}" y="{ty:.2}" font-size="{fs:.2}" font-weight="bold" text-anchor="middle" fill="#fff" stroke="{INK}" stroke-width="{tsw:.2}" paint-order="stroke">{letter}</text></g>"##,
        r = s * 0.36,
        sw = s * 0.05,
        ty = y + s * 0.14,
        fs = s * 0.4,
        tsw = s * 0.04,
    );
}

/// An arrow from `(x1, y1)` to `(x2, y2)` with its head at the end.
pub(super) fn arrow(out: &mut String, from: (f64, f64), to: (f64, f64), width: f64, color: &str) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-6);
    let (ux, uy) = (dx / len, dy / len);
    let head = width * 3.0;
    let base = (to.0 - ux * head, to.1 - uy * head);
    let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
    let _ = write!(
        out,
        r#"<path d="M{:.2},{:.2} L{:.2},{:.2}" stroke="{color}" stroke-width="{width:.2}" stroke-linecap="round" fill="none"/><path d="M{:.2},{:.2} L{:.2},{:.2} L{:.2},{:.2} z" fill="{color}"/>"#,
        from.0,
        from.1,
        base.0,
        base.1,
        to.0,
        to.1,
        base.0 + px,
        base.1 + py,
        base.0 - px,
        base.1 - py,
    );
}
