//! A plain HTTP/1.0 client for the tests of `tinbots serve` and its
//! load example: one request per connection, the answer read whole.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An HTTP answer: status, headers (lower-cased names) and body.
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The head's lines, lower-cased.
    pub headers: String,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body[..self.body.len().min(400)])
            )
        })
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Writes `raw` to the server and reads its whole answer (asked as
/// HTTP/1.0, so that it comes whole, not in chunks, and the connection
/// closes after it).
pub fn exchange(address: SocketAddr, raw: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(address).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    // A server that answers before reading the whole body may close first.
    let _ = stream.write_all(raw);
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    let split = reply
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP answer: {:?}", String::from_utf8_lossy(&reply)));
    let head = String::from_utf8_lossy(&reply[..split]).to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    Answer {
        status,
        headers: head.to_lowercase(),
        body: reply[split + 4..].to_vec(),
    }
}
