//! Named groups of a class's pupils ("Les Verts", "table 3"), kept by the
//! teacher. An assignment given to groups is for their pupils and follows
//! the groups as they change: a pupil put in a group gets its
//! assignments, one taken out no longer has them to do (their work stays
//! in the progress).

use serde::{Deserialize, Serialize};

use super::class::{first_name, Class, ClassError};
use quoridor_game::name;

/// The most groups in a class.
pub const MAX_GROUPS: usize = 20;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub id: u32,
    pub name: String,
    /// Its pupils, in order of their ids.
    pub pupils: Vec<u32>,
}

impl Class {
    pub fn group(&self, id: u32) -> Result<&Group, ClassError> {
        self.groups
            .iter()
            .find(|g| g.id == id)
            .ok_or(ClassError::NoSuchGroup)
    }

    /// A new group: its name is not another group's (without regard to
    /// case or accents); its pupils are the class's.
    pub fn new_group(&mut self, name: &str, pupils: Vec<u32>) -> Result<u32, ClassError> {
        if self.groups.len() >= MAX_GROUPS {
            return Err(ClassError::Full("groups", MAX_GROUPS));
        }
        let name = self.group_name(name, None)?;
        let pupils = self.known_pupils(pupils)?;
        let id = self.next_group;
        self.next_group += 1;
        self.groups.push(Group { id, name, pupils });
        Ok(id)
    }

    /// Renames a group or changes its pupils; its assignments follow.
    pub fn change_group(
        &mut self,
        id: u32,
        name: Option<&str>,
        pupils: Option<Vec<u32>>,
    ) -> Result<(), ClassError> {
        self.group(id)?;
        let name = name.map(|n| self.group_name(n, Some(id))).transpose()?;
        let pupils = pupils.map(|p| self.known_pupils(p)).transpose()?;
        let group = self
            .groups
            .iter_mut()
            .find(|g| g.id == id)
            .ok_or(ClassError::NoSuchGroup)?;
        if let Some(name) = name {
            group.name = name;
        }
        if let Some(pupils) = pupils {
            group.pupils = pupils;
            self.follow_groups();
        }
        Ok(())
    }

    /// Deletes a group. Its assignments stay for the pupils they were for
    /// (and for the other groups they were given to).
    pub fn delete_group(&mut self, id: u32) -> Result<Group, ClassError> {
        let at = self
            .groups
            .iter()
            .position(|g| g.id == id)
            .ok_or(ClassError::NoSuchGroup)?;
        let group = self.groups.remove(at);
        for assignment in &mut self.assignments {
            assignment.groups.retain(|&g| g != id);
        }
        Ok(group)
    }

    /// The groups named, each once, every one of them the class's.
    pub(super) fn known_groups(&self, mut ids: Vec<u32>) -> Result<Vec<u32>, ClassError> {
        ids.sort_unstable();
        ids.dedup();
        for &id in &ids {
            self.group(id)?;
        }
        Ok(ids)
    }

    /// The pupils of the groups `ids`, in order, each once.
    pub(super) fn pupils_of_groups(&self, ids: &[u32]) -> Vec<u32> {
        let mut pupils: Vec<u32> = self
            .groups
            .iter()
            .filter(|g| ids.contains(&g.id))
            .flat_map(|g| g.pupils.iter().copied())
            .collect();
        pupils.sort_unstable();
        pupils.dedup();
        pupils
    }

    /// Each assignment given to groups is for their pupils now.
    fn follow_groups(&mut self) {
        let lists: Vec<(usize, Vec<u32>)> = self
            .assignments
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.groups.is_empty())
            .map(|(i, a)| (i, self.pupils_of_groups(&a.groups)))
            .collect();
        for (i, pupils) in lists {
            self.assignments[i].pupils = Some(pupils);
        }
    }

    fn group_name(&self, text: &str, except: Option<u32>) -> Result<String, ClassError> {
        let name = first_name(text, "group")?;
        let key = name::key(&name);
        let taken = self
            .groups
            .iter()
            .any(|g| Some(g.id) != except && name::key(&g.name) == key);
        if taken {
            return Err(ClassError::BadName(format!(
                "group: there is already a group {name}"
            )));
        }
        Ok(name)
    }

    fn known_pupils(&self, mut pupils: Vec<u32>) -> Result<Vec<u32>, ClassError> {
        pupils.sort_unstable();
        pupils.dedup();
        for &p in &pupils {
            self.pupil(p)?;
        }
        Ok(pupils)
    }
}

#[cfg(test)]
mod tests {
    use quoridor_exercises::Lang;

    use super::*;
    use crate::club::class::{NewAssignment, Source};

    fn sheet() -> Source {
        Source::Sheet {
            kind: None,
            level: 1,
            count: 2,
            seed: 3,
        }
    }

    #[test]
    fn an_assignment_given_to_groups_follows_their_pupils() {
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        let lea = class.join("Léa", "h1".into(), "C1".into(), 0).unwrap();
        let tom = class.join("Tom", "h2".into(), "C2".into(), 0).unwrap();
        let ines = class.join("Inès", "h3".into(), "C3".into(), 0).unwrap();
        let green = class.new_group("Les Verts", vec![tom, lea, lea]).unwrap();
        assert_eq!(class.group(green).unwrap().pupils, [lea, tom]);
        // Names: not twice (in any case or accents), not empty; pupils of
        // the class only.
        assert!(matches!(
            class.new_group("les verts", vec![]),
            Err(ClassError::BadName(_))
        ));
        assert!(matches!(
            class.new_group("  ", vec![]),
            Err(ClassError::BadName(_))
        ));
        assert_eq!(
            class.new_group("Bleus", vec![99]),
            Err(ClassError::NoSuchPupil)
        );
        let blue = class.new_group("Les Bleus", vec![]).unwrap();
        let mut new = NewAssignment::of(sheet());
        new.groups = vec![green];
        let a = class.give(new, 0).unwrap();
        let for_ = |class: &Class| -> Vec<u32> {
            class
                .pupils
                .iter()
                .map(|p| p.id)
                .filter(|&p| class.assignment(a).unwrap().is_for(p))
                .collect()
        };
        assert_eq!(for_(&class), [lea, tom]);
        // Inès joins the group: she has it to do; Tom leaves it: he has not.
        class
            .change_group(green, None, Some(vec![lea, ines]))
            .unwrap();
        assert_eq!(for_(&class), [lea, ines]);
        // Renamed, and not onto another group's name.
        class.change_group(green, Some("Verts"), None).unwrap();
        assert_eq!(
            class
                .change_group(green, Some("LES BLEUS"), None)
                .map_err(|e| matches!(e, ClassError::BadName(_))),
            Err(true)
        );
        // Pupils or groups, not both; only groups of the class.
        let mut both = NewAssignment::of(sheet());
        both.groups = vec![green];
        both.pupils = Some(vec![tom]);
        assert!(matches!(
            class.give(both, 0),
            Err(ClassError::BadAssignment(_))
        ));
        let mut unknown = NewAssignment::of(sheet());
        unknown.groups = vec![77];
        assert_eq!(class.give(unknown, 0), Err(ClassError::NoSuchGroup));
        // A pupil who leaves the class leaves the group.
        class.remove_pupil(ines).unwrap();
        assert_eq!(class.group(green).unwrap().pupils, [lea]);
        // A deleted group leaves its assignment to the pupils it had.
        class.delete_group(green).unwrap();
        assert_eq!(for_(&class), [lea]);
        assert!(class.assignment(a).unwrap().groups.is_empty());
        class.change_group(blue, None, Some(vec![tom])).unwrap();
        assert_eq!(for_(&class), [lea], "not the other groups' pupils");
        assert_eq!(class.delete_group(green), Err(ClassError::NoSuchGroup));
        // No more than MAX_GROUPS.
        for i in 0..MAX_GROUPS - 1 {
            class.new_group(&format!("G{i}"), vec![]).unwrap();
        }
        assert_eq!(
            class.new_group("one more", vec![]),
            Err(ClassError::Full("groups", MAX_GROUPS))
        );
    }
}
