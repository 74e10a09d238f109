//! Playing on lichess through its Board API (feature `online`): the token and the server's
//! address as the user gives them ([`token`]), the HTTPS client that carries out the core's
//! requests and reads its streams ([`http`]), and lichess as a port of the game's edge
//! ([`LichessPort`]). What is asked, what the answers mean and what is said is the core's
//! (`annexd_core::online`); see docs/online.md.

pub mod http;
pub mod port;
pub mod token;

pub use port::{LichessPort, PortConfig};
pub use token::{ApiToken, ServerUrl, TokenProblem, TokenSource};
