//! The per-run secret every request to `tinbots serve` carries: made
//! fresh from the system's randomness when the server starts, printed
//! once in the URL to open, and compared in constant time.
//!
//! The server listens on the loopback, where any local program, and any
//! web page open in the user's browser, can send it requests. Neither can
//! read the secret (a page of another origin cannot read ours), so
//! neither can drive a session.

use rand::RngCore;

/// The length of the secret, in random bytes (written as twice as many
/// hexadecimal digits).
const SECRET_BYTES: usize = 16;

/// A per-run secret.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    /// A new secret from the system's randomness.
    pub fn fresh() -> Secret {
        let mut bytes = [0u8; SECRET_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Secret(hex(&bytes))
    }

    /// The secret as the URL carries it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `given` is the secret, compared in time that does not
    /// depend on where the two first differ.
    pub fn admits(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// `bytes` as lower-case hexadecimal digits.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_admits_itself_and_nothing_else() {
        let secret = Secret::fresh();
        assert_eq!(secret.as_str().len(), 2 * SECRET_BYTES);
        assert!(secret.admits(secret.as_str()));
        assert!(!secret.admits(""));
        assert!(!secret.admits(&secret.as_str()[1..]));
        let mut changed = secret.as_str().to_string();
        let last = if changed.ends_with('0') { "1" } else { "0" };
        changed.replace_range(changed.len() - 1.., last);
        assert!(!secret.admits(&changed));
        assert_ne!(Secret::fresh().as_str(), secret.as_str());
        assert_eq!(format!("{secret:?}"), "Secret(..)");
    }
}
