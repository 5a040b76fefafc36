//! Classes kept in their teacher's account: listed wherever the teacher
//! logs in, opened there without the PIN, and let go when the account is
//! deleted (the class stays, with its PIN).

use std::sync::Arc;

use super::action::{Applied, ClassAction};
use super::class::Class;
use super::{read, ClassRoom, ClubError, Clubs};

impl Clubs {
    /// The classes kept in account `account`, oldest first.
    pub fn owned_by(&self, account: u64) -> Vec<Arc<Class>> {
        let rooms: Vec<Arc<ClassRoom>> = read(&self.inner.classes).values().cloned().collect();
        let mut list: Vec<Arc<Class>> = rooms
            .iter()
            .map(|room| room.shown().class.clone())
            .filter(|class| class.owner == Some(account))
            .collect();
        list.sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
        list
    }

    /// A new teacher screen for the account that keeps the class.
    pub async fn open_owned(
        &self,
        room: &ClassRoom,
        account: u64,
        holder: String,
    ) -> Result<(), ClubError> {
        match self
            .apply(room, ClassAction::OpenOwned { account, holder })
            .await?
        {
            Applied::NotOwner => Err(ClubError::NotTeacher),
            _ => Ok(()),
        }
    }

    /// The class is kept in account `account` from now on (its teacher
    /// asked, from a screen that holds the class).
    pub async fn keep_in_account(&self, room: &ClassRoom, account: u64) -> Result<(), ClubError> {
        self.apply(room, ClassAction::KeepIn(account)).await?;
        Ok(())
    }

    /// Account `account` is deleted: its classes stay (their screens and
    /// PIN still open them), no longer kept in it.
    pub async fn let_go(&self, account: u64) -> Result<(), ClubError> {
        if !self.is_ready() {
            return Err(ClubError::Unavailable(
                "the classes are being read: try again in a moment",
            ));
        }
        let rooms: Vec<Arc<ClassRoom>> = read(&self.inner.classes).values().cloned().collect();
        for room in rooms {
            if room.shown().class.owner != Some(account) {
                continue;
            }
            self.apply(&room, ClassAction::LetGo(account)).await?;
        }
        Ok(())
    }
}
