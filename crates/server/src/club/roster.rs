//! A change of the roster that reaches beyond the class: two seats of one
//! child merged (`club::merge` changes the class; here, its games and its
//! tournaments follow).

use super::action::{Applied, ClassAction};
use super::tournament::Stage;
use super::{ClassRoom, ClubError, Clubs};

impl Clubs {
    /// Merges pupil `from` into pupil `into`: stored with their work in
    /// one write, then the seats of the class's games being played pass to
    /// the kept pupil's tablet. In each of the class's tournaments the
    /// merged pupil's place passes to the kept one, or, when both play,
    /// the merged one is withdrawn (their game being played is lost, so
    /// that no round waits) and shown as a pupil who left.
    pub async fn merge_pupils(
        &self,
        room: &ClassRoom,
        from: u32,
        into: u32,
    ) -> Result<(), ClubError> {
        let Applied::Merged { holder, name } =
            self.apply(room, ClassAction::Merge { from, into }).await?
        else {
            unreachable!("a merge answers the kept pupil");
        };
        let class = room.shown().class.clone();
        for id in &class.tournaments {
            let Ok(tournament) = self.tournament(id) else {
                continue;
            };
            let shown = tournament.shown();
            let Some(player) = shown.player_of_pupil(from) else {
                continue;
            };
            if shown.player_of_pupil(into).is_some() {
                if shown.stage != Stage::Finished && !shown.players[player].withdrawn {
                    self.withdraw(&tournament, player).await?;
                }
                let mut change = self.begin_tournament(&tournament).await;
                if change.tournament.forget_pupil(from) {
                    change.commit().await?;
                } else {
                    change.unchanged();
                }
            } else {
                let mut change = self.begin_tournament(&tournament).await;
                change.tournament.pass_pupil(from, into, &name);
                change.commit().await?;
            }
        }
        // The seats, found by pupil, pass to the kept pupil's tablet.
        self.hand_games(room, into, &holder).await;
        Ok(())
    }
}
