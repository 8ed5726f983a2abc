//! A headless Chromium driven through its DevTools protocol, for the
//! page tests: real mouse clicks and key presses go through the
//! browser's input pipeline (`Input.dispatchMouseEvent`,
//! `Input.dispatchKeyEvent`), as a person's would.
//!
//! The protocol is JSON over a WebSocket (the `tungstenite` crate); the
//! few methods the tests need are written here rather than taken from a
//! generated client of the whole protocol, which builds far longer than
//! the tests it would serve.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::{Message, WebSocket};

/// How long the tests wait for the browser or the page before failing.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A headless Chromium with one page open.
pub struct Browser {
    child: Child,
    socket: WebSocket<TcpStream>,
    next: u64,
    /// The page's session on the browser's connection.
    page: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts `chromium` headless with a fresh profile in `profile`,
    /// downloads going to `downloads`, and opens a blank page.
    pub fn launch(chromium: &Path, profile: &Path, downloads: &Path) -> Browser {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).expect("a profile folder");
        let child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1280,900",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        // Chromium writes the port it chose, and the browser's path, here.
        let active = profile.join("DevToolsActivePort");
        let started = Instant::now();
        let (port, path) = loop {
            if let Ok(text) = std::fs::read_to_string(&active) {
                let mut lines = text.lines();
                if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                    break (port.to_string(), path.to_string());
                }
            }
            assert!(
                started.elapsed() < PATIENCE,
                "chromium did not open its DevTools port"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let stream = TcpStream::connect(format!("127.0.0.1:{port}")).expect("the DevTools port");
        stream
            .set_read_timeout(Some(PATIENCE))
            .expect("a read timeout");
        let (socket, _) = tungstenite::client(format!("ws://127.0.0.1:{port}{path}"), stream)
            .expect("the DevTools WebSocket");
        let mut browser = Browser {
            child,
            socket,
            next: 0,
            page: String::new(),
        };
        let target = browser.call(None, "Target.createTarget", json!({ "url": "about:blank" }));
        let target = target["targetId"].as_str().expect("a target").to_string();
        let attached = browser.call(
            None,
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        );
        browser.page = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        browser.call(
            None,
            "Browser.setDownloadBehavior",
            json!({ "behavior": "allow", "downloadPath": downloads.display().to_string() }),
        );
        browser.page_call("Page.enable", json!({}));
        browser
    }

    /// Calls `method` with `params` (on the page's session, if given) and
    /// returns its result; events that arrive meanwhile are passed over.
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("DevTools takes the call");
        loop {
            let reply = self.socket.read().expect("DevTools answers");
            let Message::Text(text) = reply else { continue };
            let reply: Value = serde_json::from_str(text.as_str()).expect("DevTools JSON");
            if reply["id"] == json!(id) {
                assert!(reply.get("error").is_none(), "{method}: {}", reply["error"]);
                return reply["result"].clone();
            }
        }
    }

    /// Calls `method` on the page.
    fn page_call(&mut self, method: &str, params: Value) -> Value {
        let page = self.page.clone();
        self.call(Some(&page), method, params)
    }

    /// Opens `url` in the page.
    pub fn open(&mut self, url: &str) {
        self.page_call("Page.navigate", json!({ "url": url }));
        self.wait_for("document.readyState === 'complete'");
    }

    /// The value of the JavaScript expression `expression` in the page
    /// (a promise awaited).
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.page_call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "`{expression}` threw: {}",
            result["exceptionDetails"]
        );
        result["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page.
    pub fn wait_for(&mut self, expression: &str) {
        let started = Instant::now();
        while self.eval(&format!("Boolean({expression})")) != json!(true) {
            assert!(
                started.elapsed() < PATIENCE,
                "the page never came to `{expression}`; it shows: {}",
                self.eval("document.body ? document.body.innerText : ''")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The text of the element `selector` finds.
    pub fn text(&mut self, selector: &str) -> String {
        let found = self.eval(&format!(
            "(document.querySelector({}) || {{}}).textContent",
            json!(selector)
        ));
        found
            .as_str()
            .unwrap_or_else(|| panic!("no element `{selector}`"))
            .to_string()
    }

    /// Clicks the middle of the element that `expression` (JavaScript)
    /// returns, with the mouse, as a person would.
    pub fn click_on(&mut self, expression: &str) {
        let rectangle = self.eval(&format!(
            "(() => {{ const e = {expression}; if (!e) return null; e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        let (x, y) = (
            rectangle[0]
                .as_f64()
                .unwrap_or_else(|| panic!("nothing to click: `{expression}`")),
            rectangle[1].as_f64().expect("a y"),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.page_call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// Clicks the element `selector` finds.
    pub fn click(&mut self, selector: &str) {
        self.click_on(&format!("document.querySelector({})", json!(selector)));
    }

    /// Clicks the button whose text is `label` (the first, in document
    /// order, within `within`).
    pub fn click_button(&mut self, within: &str, label: &str) {
        self.click_on(&format!(
            "Array.from(document.querySelectorAll({})).find(b => b.textContent === {})",
            json!(format!("{within} button")),
            json!(label)
        ));
    }

    /// Types `text` into the element with the focus, a key at a time.
    pub fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.page_call(
                "Input.dispatchKeyEvent",
                json!({ "type": "keyDown", "text": c.to_string(), "key": c.to_string() }),
            );
            self.page_call(
                "Input.dispatchKeyEvent",
                json!({ "type": "keyUp", "key": c.to_string() }),
            );
        }
    }

    /// Presses the key `key` (`Enter`, `ArrowDown`) with its key code.
    pub fn press(&mut self, key: &str, code: u32) {
        let text = if key == "Enter" { "\r" } else { "" };
        self.page_call(
            "Input.dispatchKeyEvent",
            json!({ "type": "rawKeyDown", "key": key, "code": key,
                    "windowsVirtualKeyCode": code, "text": text }),
        );
        if !text.is_empty() {
            self.page_call(
                "Input.dispatchKeyEvent",
                json!({ "type": "char", "key": key, "text": text }),
            );
        }
        self.page_call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": code }),
        );
    }

    /// Gives the file input `selector` the file at `path`, as choosing it
    /// in the file dialog does.
    pub fn choose_file(&mut self, selector: &str, path: &Path) {
        let document = self.page_call("DOM.getDocument", json!({}));
        let node = self.page_call(
            "DOM.querySelector",
            json!({ "nodeId": document["root"]["nodeId"], "selector": selector }),
        );
        self.page_call(
            "DOM.setFileInputFiles",
            json!({ "nodeId": node["nodeId"], "files": [path.display().to_string()] }),
        );
    }
}

/// Waits for a file that `downloads` gains, whole (Chromium writes a
/// `.crdownload` first), and returns its path.
pub fn downloaded(downloads: &Path) -> PathBuf {
    let started = Instant::now();
    loop {
        let done = std::fs::read_dir(downloads)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .find(|p| p.extension().is_some_and(|e| e != "crdownload"));
        if let Some(path) = done {
            return path;
        }
        assert!(started.elapsed() < PATIENCE, "nothing was downloaded");
        std::thread::sleep(Duration::from_millis(50));
    }
}
