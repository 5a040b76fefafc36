//! Why a class refuses a change, and the first names it takes (a pupil's,
//! a group's, an assignment's title): the bottom of the class's rules,
//! used by every file of them.

use quoridor_game::{name, MAX_NAME_CHARS};

/// Why a class refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassError {
    BadName(String),
    Full(&'static str, usize),
    NoSuchPupil,
    NoSuchAssignment,
    NoSuchExercise,
    BadAssignment(String),
    /// A PIN that is not 4 to 8 digits.
    BadPin,
    /// Pupils that cannot be paired so.
    BadGroups(String),
    /// The solution of an exercise the pupil has not tried yet.
    TryFirst,
    /// An assignment that may not be skipped.
    NoSkip,
    /// An assignment done in order, each exercise right before the next:
    /// this one (from 0) is not right yet.
    NotRightYet(u32),
    NoSuchGroup,
}

impl std::fmt::Display for ClassError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClassError::BadName(why) => f.write_str(why),
            ClassError::Full(what, n) => write!(f, "at most {n} {what} in a class"),
            ClassError::NoSuchPupil => f.write_str("no such pupil in this class"),
            ClassError::NoSuchAssignment => f.write_str("no such assignment in this class"),
            ClassError::NoSuchExercise => f.write_str("no such exercise in this assignment"),
            ClassError::BadAssignment(why) => f.write_str(why),
            ClassError::BadPin => f.write_str("pin: 4 to 8 digits"),
            ClassError::BadGroups(why) => f.write_str(why),
            ClassError::TryFirst => {
                f.write_str("try the exercise first: the solution comes after an answer")
            }
            ClassError::NoSkip => f.write_str("this assignment's exercises may not be skipped"),
            ClassError::NoSuchGroup => f.write_str("no such group in this class"),
            ClassError::NotRightYet(i) => write!(
                f,
                "exercise {} must be right first: this assignment goes on once each answer is right",
                i + 1
            ),
        }
    }
}

/// A first name ([`name::clean`]: composed, tidied, 1 to
/// [`MAX_NAME_CHARS`] characters, nothing invisible); `what` names the
/// field in the message.
pub fn first_name(text: &str, what: &str) -> Result<String, ClassError> {
    name::clean(text, MAX_NAME_CHARS).map_err(|problem| {
        ClassError::BadName(match problem {
            name::NameProblem::Empty | name::NameProblem::TooLong(_) => {
                format!("{what}: from 1 to {MAX_NAME_CHARS} characters")
            }
            other => format!("{what}: {other}"),
        })
    })
}

/// A first name (as [`first_name`]) that none of `taken` already has,
/// without regard to case or accents ("lea" beside "Léa"): two people of
/// one name could not be told apart. `where_` ends the message ("in the
/// class").
pub fn unique_name<'a>(
    text: &str,
    mut taken: impl Iterator<Item = &'a str>,
    where_: &str,
) -> Result<String, ClassError> {
    let name = first_name(text, "name")?;
    let key = name::key(&name);
    if taken.any(|t| name::key(t) == key) {
        return Err(ClassError::BadName(format!(
            "name: {name} is already {where_}: add a letter (e.g. {name} B)"
        )));
    }
    Ok(name)
}
