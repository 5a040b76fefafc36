//! A change of the roster that reaches beyond the class: two seats of one
//! child merged (`club::merge` changes the class; here, its games and its
//! tournaments follow).

use super::class::Changed;
use super::event::Stage;
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
        let (holder, name) = self
            .change_class(room, |data, _| {
                data.merge_pupils(from, into)?;
                let kept = data.class.pupil(into)?;
                let out = (kept.holder.clone(), kept.name.clone());
                Ok((out, Changed::ClassMerged { from, into }))
            })
            .await?;
        let class = room.shown().class.clone();
        for id in &class.tournaments {
            let Ok(cup) = self.cup(id) else { continue };
            let event = cup.shown();
            let Some(player) = event.player_of_pupil(from) else {
                continue;
            };
            if event.player_of_pupil(into).is_some() {
                if event.stage != Stage::Finished && !event.players[player].withdrawn {
                    self.withdraw(&cup, player).await?;
                }
                let mut change = self.begin_cup(&cup).await;
                if change.event.forget_pupil(from) {
                    change.commit().await?;
                } else {
                    change.unchanged();
                }
            } else {
                let mut change = self.begin_cup(&cup).await;
                change.event.pass_pupil(from, into, &name);
                change.commit().await?;
            }
        }
        // The seats, found by pupil, pass to the kept pupil's tablet.
        self.hand_games(room, into, &holder).await;
        Ok(())
    }
}
