//! Personal API tokens' rows: the hash of each (never the token), its
//! account, the name its owner gave it and when it was made.

use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;

/// A token as its owner's list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiToken {
    pub id: u64,
    pub label: String,
    pub created_ms: u64,
}

/// A change to the tokens.
#[derive(Clone, Debug)]
pub enum TokenWrite {
    /// A new token of `account`, unless the account already has `most`:
    /// then nothing is written (the caller reads whether it was, by the
    /// hash). One writer commits the changes in turn, so a burst of
    /// requests cannot pass the count.
    Add {
        account: u64,
        hash: String,
        label: String,
        created_ms: u64,
        most: u64,
    },
    /// A token revoked by its owner (another account's is left alone).
    Revoke { account: u64, id: u64 },
}

impl Change for TokenWrite {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        match self {
            TokenWrite::Add {
                account,
                hash,
                label,
                created_ms,
                most,
            } => {
                tx.execute(
                    "INSERT INTO api_tokens (account_id, hash, label, created_ms)
                     SELECT ?1, ?2, ?3, ?4
                     WHERE (SELECT COUNT(*) FROM api_tokens WHERE account_id = ?1) < ?5",
                    args![account, hash, label, created_ms, most],
                )?;
            }
            TokenWrite::Revoke { account, id } => {
                tx.execute(
                    "DELETE FROM api_tokens WHERE id = ?1 AND account_id = ?2",
                    args![id, account],
                )?;
            }
        }
        Ok(())
    }
}

/// An account's tokens go with it.
pub(super) fn delete_account(tx: &mut dyn Sql, account: u64) -> SqlResult<()> {
    tx.execute(
        "DELETE FROM api_tokens WHERE account_id = ?1",
        args![account],
    )
    .map(|_| ())
}

impl Db {
    /// Writes a change to the tokens and waits until it is committed.
    pub async fn save_api_token(&self, write: TokenWrite) -> Result<(), StoreError> {
        self.commit(write).await
    }
}

fn token_of(row: &super::sql::Row) -> SqlResult<ApiToken> {
    Ok(ApiToken {
        id: row.get(0)?,
        label: row.get(1)?,
        created_ms: row.get(2)?,
    })
}

/// An account's tokens, oldest first.
pub fn of_account(sql: &mut dyn Sql, account: u64) -> SqlResult<Vec<ApiToken>> {
    sql.query(
        "SELECT id, label, created_ms FROM api_tokens WHERE account_id = ?1 ORDER BY id",
        args![account],
    )?
    .iter()
    .map(token_of)
    .collect()
}

/// The token whose hash is `hash`, if any.
pub fn by_hash(sql: &mut dyn Sql, hash: &str) -> SqlResult<Option<ApiToken>> {
    sql.query_opt(
        "SELECT id, label, created_ms FROM api_tokens WHERE hash = ?1",
        args![hash],
    )?
    .map(|row| token_of(&row))
    .transpose()
}

/// The account whose token hashes to `hash`, if any: its id, its name and
/// whether it is a bot.
pub fn account_of(sql: &mut dyn Sql, hash: &str) -> SqlResult<Option<(u64, String, bool)>> {
    sql.query_opt(
        "SELECT a.id, a.name, a.bot FROM api_tokens t JOIN accounts a ON a.id = t.account_id
         WHERE t.hash = ?1 AND a.name IS NOT NULL",
        args![hash],
    )?
    .map(|row| {
        let bot: i64 = row.get(2)?;
        Ok((row.get(0)?, row.get(1)?, bot != 0))
    })
    .transpose()
}
