//! The live sessions of `tinbots serve`: each a REPL [`Session`] on a
//! thread of its own (a session holds Lua states, which stay on the
//! thread that made them), reached by sending it jobs; bounded in number,
//! and closed when idle for longer than the limit.
//!
//! A session's thread owns a private folder for the files its commands
//! write and read (`save`, `export`, an uploaded scenario), removed with
//! the session.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::repl::session::Session;

/// Makes the session a new page plays: a new game, or the file the
/// server was started on. Called on the session's own thread.
pub type Factory = dyn Fn() -> Result<Session, String> + Send + Sync;

/// A session with its private folder, as its thread holds it.
pub struct Hosted {
    /// The REPL session.
    pub session: Session,
    /// The folder its files go to (made when first asked for).
    folder: PathBuf,
    /// The bots a seat can be given by name, and the game they were
    /// looked up for.
    bots: Option<(&'static str, Vec<String>)>,
}

impl Hosted {
    /// The bots a seat can be given by name in the session's game: looked
    /// up in the folders once per game (a `load` may change the game),
    /// not on every view.
    pub fn bots(&mut self) -> &[String] {
        let game = self.session.game_type().name;
        if !matches!(&self.bots, Some((name, _)) if *name == game) {
            self.bots = Some((game, super::view::bot_names(game)));
        }
        self.bots
            .as_ref()
            .map_or(&[], |(_, names)| names.as_slice())
    }

    /// The session's private folder, made if it is not there yet.
    pub fn folder(&self) -> std::io::Result<&Path> {
        std::fs::create_dir_all(&self.folder)?;
        Ok(&self.folder)
    }
}

impl Drop for Hosted {
    fn drop(&mut self) {
        // Nothing to do when it was never made.
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// What a session's thread is asked to do.
type Job = Box<dyn FnOnce(&mut Hosted) + Send>;

/// The bounds on the sessions.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most sessions open at once.
    pub max_sessions: usize,
    /// How long a session may go unused before it is closed.
    pub idle: Duration,
    /// How long a request waits for its session's answer.
    pub wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_sessions: 64,
            idle: Duration::from_secs(30 * 60),
            wait: Duration::from_secs(60),
        }
    }
}

/// Why a session cannot be opened or reached.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SessionError {
    /// As many sessions are open as the limit allows.
    #[error("{0} sessions are open, the most this server keeps: close a tab, or wait until one has been idle long enough to be closed")]
    TooMany(usize),
    /// No session has this id (never opened, or closed when idle).
    #[error("no session `{0}` (it was closed after its idle time, or never opened): reload the page for a new one")]
    Unknown(String),
    /// The game could not be set up.
    #[error("the session could not start: {0}")]
    Start(String),
    /// The session's thread ended (it failed on an earlier request).
    #[error("the session ended: reload the page for a new one")]
    Ended,
    /// The session did not answer in time (it is still working on
    /// something long, such as `auto 1000`).
    #[error("the session is still busy after {} s (a long `auto` or a slow bot): try again", .0.as_secs())]
    Busy(Duration),
}

/// A session's door: where its jobs go, and when it was last used.
struct Live {
    jobs: mpsc::Sender<Job>,
    last_used: Instant,
}

/// The live sessions.
pub struct Sessions {
    live: Mutex<HashMap<String, Live>>,
    factory: Arc<Factory>,
    limits: Limits,
    /// Sessions opened so far, a part of each new id.
    opened: AtomicU64,
    /// Where sessions' private folders are made.
    folders: PathBuf,
}

impl Sessions {
    /// No sessions yet; each new one made by `factory`, within `limits`.
    pub fn new(factory: Arc<Factory>, limits: Limits) -> Sessions {
        Sessions {
            live: Mutex::new(HashMap::new()),
            factory,
            limits,
            opened: AtomicU64::new(0),
            folders: std::env::temp_dir().join(format!(
                "tinbots-serve-{}-{}",
                std::process::id(),
                super::secret::hex(&rand::random::<[u8; 4]>())
            )),
        }
    }

    /// The limits the sessions are kept within.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The table, even if a thread panicked while holding it (the map
    /// itself is never left half-changed).
    fn table(&self) -> MutexGuard<'_, HashMap<String, Live>> {
        self.live
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Opens a new session on its own thread and returns its id, once
    /// its game is set up.
    pub fn open(&self) -> Result<String, SessionError> {
        self.sweep();
        let number = self.opened.fetch_add(1, Ordering::Relaxed);
        let id = format!(
            "{number}-{}",
            super::secret::hex(&rand::random::<[u8; 8]>())
        );
        let (jobs, inbox) = mpsc::channel::<Job>();
        {
            let mut table = self.table();
            if table.len() >= self.limits.max_sessions {
                return Err(SessionError::TooMany(table.len()));
            }
            table.insert(
                id.clone(),
                Live {
                    jobs,
                    last_used: Instant::now(),
                },
            );
        }
        let (started, start) = mpsc::sync_channel::<Result<(), String>>(1);
        let factory = Arc::clone(&self.factory);
        let folder = self.folders.join(&id);
        let spawned = std::thread::Builder::new()
            .name(format!("session {id}"))
            .spawn(move || host(factory.as_ref(), folder, &started, &inbox));
        let result = match spawned {
            Err(e) => Err(SessionError::Start(format!("no thread for it: {e}"))),
            Ok(_) => match start.recv() {
                Ok(Ok(())) => Ok(id.clone()),
                Ok(Err(message)) => Err(SessionError::Start(message)),
                Err(_) => Err(SessionError::Start(
                    "the game failed while it was being set up".into(),
                )),
            },
        };
        if result.is_err() {
            self.table().remove(&id);
        }
        result
    }

    /// Runs `work` on the session `id`'s thread and returns what it
    /// returns; the session counts as used now.
    pub fn with<T, W>(&self, id: &str, work: W) -> Result<T, SessionError>
    where
        T: Send + 'static,
        W: FnOnce(&mut Hosted) -> T + Send + 'static,
    {
        let jobs = {
            let mut table = self.table();
            let live = table
                .get_mut(id)
                .ok_or_else(|| SessionError::Unknown(id.to_string()))?;
            live.last_used = Instant::now();
            live.jobs.clone()
        };
        let (reply, answer) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |hosted| {
            let _ = reply.send(work(hosted));
        });
        if jobs.send(job).is_err() {
            self.table().remove(id);
            return Err(SessionError::Ended);
        }
        match answer.recv_timeout(self.limits.wait) {
            Ok(value) => Ok(value),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(SessionError::Busy(self.limits.wait)),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                self.table().remove(id);
                Err(SessionError::Ended)
            }
        }
    }

    /// Closes the session `id`: its thread ends after the job it is on.
    /// Whether there was such a session.
    pub fn close(&self, id: &str) -> bool {
        self.table().remove(id).is_some()
    }

    /// Closes the sessions idle for longer than the limit; how many.
    pub fn sweep(&self) -> usize {
        let idle = self.limits.idle;
        let mut table = self.table();
        let before = table.len();
        table.retain(|_, live| live.last_used.elapsed() <= idle);
        before - table.len()
    }

    /// How many sessions are open.
    pub fn count(&self) -> usize {
        self.table().len()
    }
}

impl Drop for Sessions {
    /// Closes every session, and removes what is left of their folders.
    fn drop(&mut self) {
        self.table().clear();
        let _ = std::fs::remove_dir_all(&self.folders);
    }
}

/// A session's thread: sets its game up, says whether that worked, then
/// runs the jobs sent to it until its door is closed. A job that panics
/// ends the session (its state may be half-changed); the request waiting
/// on it is told the session ended.
fn host(
    factory: &Factory,
    folder: PathBuf,
    started: &mpsc::SyncSender<Result<(), String>>,
    inbox: &mpsc::Receiver<Job>,
) {
    let session = match factory() {
        Ok(session) => session,
        Err(message) => {
            let _ = started.send(Err(message));
            return;
        }
    };
    let mut hosted = Hosted {
        session,
        folder,
        bots: None,
    };
    let _ = started.send(Ok(()));
    while let Ok(job) = inbox.recv() {
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&mut hosted)));
        if ran.is_err() {
            break;
        }
    }
}
