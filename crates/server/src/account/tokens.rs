//! Personal API tokens: made on the account page for a program that plays
//! for the account (a bot), shown once, revocable; only their hashes are
//! kept. A request with `Authorization: Bearer qdr_…` (a WebSocket: the
//! protocol `bearer.qdr_…`) acts for the account where a program plays —
//! its games, its challenges, its games in progress — never on the
//! account itself: its password, its tokens and its deletion need the
//! browser's session. Tokens are never read from an address.

use super::{Account, AccountError, Accounts};
use crate::db::api_tokens::{self, ApiToken, TokenWrite};
use crate::token::{hash_token, new_token};
use crate::wall_ms;

/// What every personal API token starts with: told apart at once from a
/// seat's token (hex digits only), and easy to find where one leaked.
pub const PREFIX: &str = "qdr_";
/// The most tokens an account holds.
pub const MAX_TOKENS: u64 = 10;
/// The longest name of a token, in characters.
pub const MAX_LABEL: usize = 40;

/// Whether `token` is a personal API token (by its form alone).
pub fn is_api_token(token: &str) -> bool {
    token.starts_with(PREFIX)
}

impl Accounts {
    /// The account a personal API token acts for, read from the database
    /// each time: a revoked token stops at once, on every instance.
    pub async fn api_token_account(&self, token: &str) -> Result<Account, AccountError> {
        if !is_api_token(token) {
            return Err(AccountError::BadApiToken);
        }
        let hash = hash_token(token);
        self.read(move |sql| api_tokens::account_of(sql, &hash))
            .await?
            .map(|(id, name, bot)| Account { id, name, bot })
            .ok_or(AccountError::BadApiToken)
    }
}

impl Accounts {
    /// The account's tokens, oldest first (never the tokens themselves).
    pub async fn api_tokens(&self, account: u64) -> Result<Vec<ApiToken>, AccountError> {
        self.read(move |sql| api_tokens::of_account(sql, account))
            .await
    }

    /// A new token of the account, named `label` (tidied as a name is):
    /// the token itself, returned this once, and its row.
    pub async fn make_api_token(
        &self,
        account: u64,
        label: &str,
    ) -> Result<(String, ApiToken), AccountError> {
        let label = quoridor_game::name::clean(label, MAX_LABEL)
            .map_err(|why| AccountError::BadTokenLabel(why.to_string()))?;
        let token = format!("{PREFIX}{}{}", new_token(), new_token());
        let hash = hash_token(&token);
        self.inner
            .db
            .save_api_token(TokenWrite::Add {
                account,
                hash: hash.clone(),
                label,
                created_ms: wall_ms(),
                most: MAX_TOKENS,
            })
            .await?;
        // The one writer adds it unless the account holds the most already.
        match self
            .read(move |sql| api_tokens::by_hash(sql, &hash))
            .await?
        {
            Some(made) => Ok((token, made)),
            None => Err(AccountError::TooManyApiTokens(MAX_TOKENS)),
        }
    }

    /// Deletes one of the account's tokens: it stops working at once.
    pub async fn revoke_api_token(&self, account: u64, id: u64) -> Result<(), AccountError> {
        if !self.api_tokens(account).await?.iter().any(|t| t.id == id) {
            return Err(AccountError::NoSuchApiToken);
        }
        self.inner
            .db
            .save_api_token(TokenWrite::Revoke { account, id })
            .await?;
        Ok(())
    }
}
