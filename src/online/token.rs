//! The lichess token and the server's address, as the user gives them.
//!
//! The token (a personal API token with the permission `board:play`) comes from
//! `LICHESS_TOKEN` or from the settings' `[online] token`; it is held in an [`ApiToken`] that
//! never shows its text (not by `Debug`, not in an error, not in the log) and gives it only
//! as the `Authorization` header's value. A settings file that holds a token is made readable
//! by its owner only (Unix; on Windows the profile's folder is the user's already).
//!
//! The server is lichess (`https://lichess.org`) unless `--server` or `[online] server` says
//! otherwise; plain `http://` is allowed only to this computer (the tests' local server), so
//! that a token never crosses a network unencrypted.

use std::fmt;
use std::path::Path;

use annexd_core::{Settings, Token, Word};

/// The environment variable that holds the token.
pub const TOKEN_VARIABLE: &str = "LICHESS_TOKEN";

/// lichess's own address.
pub const LICHESS: &str = "https://lichess.org";

/// Where a token came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenSource {
    /// `LICHESS_TOKEN`.
    Environment,
    /// The settings file.
    Settings,
}

/// A lichess token; its text is never shown.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiToken {
    text: String,
    source: TokenSource,
}

impl fmt::Debug for ApiToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ApiToken(hidden, from {:?})", self.source)
    }
}

/// Why there is no token to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenProblem {
    /// None given.
    Missing,
    /// Not a token's shape (lichess's tokens are letters, digits and `_`).
    Malformed,
}

impl TokenProblem {
    /// The problem in words.
    pub fn tokens(self) -> Vec<Token> {
        vec![Token::Word(match self {
            TokenProblem::Missing => Word::TokenMissing,
            TokenProblem::Malformed => Word::TokenRefused,
        })]
    }
}

impl ApiToken {
    /// A token of `text` (trimmed), if it has a token's shape: lichess's tokens match
    /// `^[A-Za-z0-9_]+$` and may be up to 512 characters long (its API says so).
    pub fn new(text: &str, source: TokenSource) -> Result<ApiToken, TokenProblem> {
        let text = text.trim();
        if text.is_empty() {
            return Err(TokenProblem::Missing);
        }
        if text.len() > 1024 || !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(TokenProblem::Malformed);
        }
        Ok(ApiToken {
            text: text.to_string(),
            source,
        })
    }

    /// The token of the environment (`LICHESS_TOKEN`), else of the settings. When it comes
    /// from the settings file `settings_file`, that file is made readable by its owner only.
    pub fn find(
        settings: &Settings,
        settings_file: Option<&Path>,
    ) -> Result<ApiToken, TokenProblem> {
        if let Some(text) = std::env::var_os(TOKEN_VARIABLE)
            && !text.is_empty()
        {
            return ApiToken::new(&text.to_string_lossy(), TokenSource::Environment);
        }
        let token = ApiToken::new(settings.online.token.expose(), TokenSource::Settings)?;
        if let Some(file) = settings_file {
            match keep_private(file) {
                Ok(true) => tracing::info!(
                    target: "online",
                    "{} holds the lichess token: made readable by its owner only",
                    file.display()
                ),
                Ok(false) => {}
                Err(err) => tracing::warn!(
                    target: "online",
                    "{} holds the lichess token but its permissions cannot be narrowed: {err}",
                    file.display()
                ),
            }
        }
        Ok(token)
    }

    /// Where it came from.
    pub fn source(&self) -> TokenSource {
        self.source
    }

    /// The `Authorization` header's value: the one place the text leaves.
    pub(super) fn bearer(&self) -> String {
        format!("Bearer {}", self.text)
    }
}

/// Makes `file` readable and writable by its owner only; `true` if it was open to others.
#[cfg(unix)]
pub fn keep_private(file: &Path) -> std::io::Result<bool> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(file)?.permissions().mode();
    if mode & 0o077 == 0 {
        return Ok(false);
    }
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode & 0o700))?;
    Ok(true)
}

/// On Windows a file in the user's profile is the user's (its folder's access list says so).
#[cfg(not(unix))]
pub fn keep_private(_file: &Path) -> std::io::Result<bool> {
    Ok(false)
}

/// The server's address: `https://host[:port]`, or `http://` to this computer only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerUrl(String);

impl Default for ServerUrl {
    fn default() -> Self {
        ServerUrl(LICHESS.to_string())
    }
}

impl fmt::Display for ServerUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl ServerUrl {
    /// The address of `text` (a trailing `/` dropped); what is wrong with it in words.
    pub fn parse(text: &str) -> Result<ServerUrl, Vec<Token>> {
        let text = text.trim().trim_end_matches('/');
        let not_a_server = || vec![Token::Word(Word::NotAServer)];
        let (plain, rest) = if let Some(rest) = text.strip_prefix("https://") {
            (false, rest)
        } else if let Some(rest) = text.strip_prefix("http://") {
            (true, rest)
        } else {
            return Err(not_a_server());
        };
        let host_ok = !rest.is_empty()
            && rest.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']')
            });
        if !host_ok {
            return Err(not_a_server());
        }
        let host = match rest.strip_prefix('[') {
            Some(v6) => v6.split(']').next().unwrap_or_default(),
            None => rest.split(':').next().unwrap_or_default(),
        };
        if plain && !matches!(host, "127.0.0.1" | "localhost" | "::1") {
            return Err(vec![Token::Word(Word::PlainHttpOnlyLocal)]);
        }
        Ok(ServerUrl(text.to_string()))
    }

    /// The address of the settings (empty: lichess), unless `explicit` (`--server`) is given.
    pub fn choose(explicit: Option<&str>, settings: &Settings) -> Result<ServerUrl, Vec<Token>> {
        match explicit.or(Some(settings.online.server.as_str()).filter(|s| !s.trim().is_empty())) {
            Some(text) => ServerUrl::parse(text),
            None => Ok(ServerUrl::default()),
        }
    }

    /// The address of `path` on this server.
    pub fn at(&self, path: &str) -> String {
        format!("{}{path}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_never_shown() {
        let token = ApiToken::new(" lip_abcDEF123 ", TokenSource::Settings).unwrap();
        assert!(!format!("{token:?}").contains("abc"));
        assert_eq!(token.bearer(), "Bearer lip_abcDEF123");
        assert_eq!(
            ApiToken::new("", TokenSource::Environment),
            Err(TokenProblem::Missing)
        );
        // A line break would be a second header: not a token.
        assert_eq!(
            ApiToken::new("abc\r\nX-Evil: 1", TokenSource::Environment),
            Err(TokenProblem::Malformed)
        );
    }

    #[test]
    fn servers_are_https_or_this_computer() {
        assert_eq!(
            ServerUrl::parse("https://lichess.org/")
                .unwrap()
                .at("/api/account"),
            "https://lichess.org/api/account"
        );
        assert!(ServerUrl::parse("http://127.0.0.1:8080").is_ok());
        assert!(ServerUrl::parse("http://localhost:9").is_ok());
        assert!(ServerUrl::parse("http://[::1]:9").is_ok());
        assert_eq!(
            ServerUrl::parse("http://lichess.org"),
            Err(vec![Token::Word(Word::PlainHttpOnlyLocal)])
        );
        for bad in [
            "lichess.org",
            "ftp://x",
            "https://",
            "https://a/b",
            "https://u@h",
            "https://h?q",
        ] {
            assert_eq!(
                ServerUrl::parse(bad),
                Err(vec![Token::Word(Word::NotAServer)]),
                "{bad}"
            );
        }
        assert_eq!(
            ServerUrl::choose(None, &Settings::default())
                .unwrap()
                .to_string(),
            LICHESS
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_settings_file_with_the_token_is_made_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("annexd.toml");
        std::fs::write(&file, "[online]\ntoken = \"lip_x\"\n").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert!(keep_private(&file).unwrap());
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert!(!keep_private(&file).unwrap());
    }
}
