//! Bot accounts (issue 60): an account a program plays for, through its
//! personal API tokens ([`super::tokens`]). A new account becomes one for
//! good, before its first game, so that no person's games are ever shown
//! as a bot's. A bot is marked wherever its name shows, plays people who
//! challenge it (and other bots), and never takes a seat in the lobby's
//! pairing or a class.

use super::{store, Account, AccountError, Accounts};
use crate::db::accounts::AccountWrite;

impl Accounts {
    /// Marks `account` as a bot: refused once it has played a game.
    pub async fn make_bot(&self, account: &Account) -> Result<Account, AccountError> {
        let id = account.id;
        if self.read(move |sql| store::games_played(sql, id)).await? > 0 {
            return Err(AccountError::NotNewForBot);
        }
        self.inner
            .db
            .save_account(AccountWrite::MakeBot { id })
            .await?;
        for session in self.sessions_mut().values_mut() {
            if session.account.id == id {
                session.account.bot = true;
            }
        }
        Ok(Account {
            bot: true,
            ..account.clone()
        })
    }
}

/// Refuses a bot's account where only people play (the lobby, classes).
pub fn people_only(account: Option<&Account>) -> Result<(), AccountError> {
    match account {
        Some(account) if account.bot => Err(AccountError::NoBotsHere),
        _ => Ok(()),
    }
}
