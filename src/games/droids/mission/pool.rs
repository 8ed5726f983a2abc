//! Mission scripts kept loaded on each thread, so that games started one
//! after another (a tournament's, a benchmark's) do not each build a Lua
//! sandbox and compile their mission's script: a game gets a sandbox of
//! its script (same file, text and setting) that no game holds any more,
//! its script started anew ([`MissionHooks::restart`]: fresh globals and
//! top-level locals, no required module, the random generator reseeded),
//! or a new one. A sandbox stays on its thread (its Lua state is not
//! `Send`); a game's copies (undo, simulation) still share their game's.

use std::cell::RefCell;
use std::rc::Rc;

use super::hooks::{LoadError, MissionHooks};

/// The most sandboxes kept on a thread, in use or not. Past it, the one
/// least recently handed out that no game holds is let go; when every one
/// is held, a new one is not kept.
pub const KEPT: usize = 8;

/// A kept sandbox and what its script was loaded from.
struct Kept {
    file: String,
    text: String,
    setting: Option<String>,
    hooks: Rc<MissionHooks>,
}

impl Kept {
    /// Whether it was loaded from this script with this setting.
    fn is(&self, file: &str, text: &str, setting: Option<&str>) -> bool {
        self.file == file && self.text == text && self.setting.as_deref() == setting
    }
}

thread_local! {
    /// This thread's sandboxes, least recently handed out first.
    static KEPT_HERE: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// The hooks of the script `text` (named `file`) with `setting`, for a new
/// game: as [`MissionHooks::load`] gives them, errors included, but from
/// a sandbox of this thread that no game holds any more when there is one.
pub fn hooks(
    file: &str,
    text: &str,
    setting: Option<String>,
) -> Result<Rc<MissionHooks>, LoadError> {
    let free = KEPT_HERE.with_borrow_mut(|kept| {
        let at = kept.iter_mut().position(|k| {
            k.is(file, text, setting.as_deref()) && Rc::get_mut(&mut k.hooks).is_some()
        })?;
        Some(kept.remove(at))
    });
    let (entry, fresh) = match free {
        Some(mut entry) => {
            let restarted = Rc::get_mut(&mut entry.hooks).map(MissionHooks::restart);
            // A script that does not start again as it did the first time
            // is loaded anew, to fail (or not) as a new sandbox would.
            match restarted {
                Some(Ok(())) => (entry, false),
                _ => (new_entry(file, text, setting)?, true),
            }
        }
        None => (new_entry(file, text, setting)?, true),
    };
    let hooks = Rc::clone(&entry.hooks);
    KEPT_HERE.with_borrow_mut(move |kept| {
        if fresh && kept.len() >= KEPT {
            let Some(oldest_free) = kept
                .iter_mut()
                .position(|k| Rc::get_mut(&mut k.hooks).is_some())
            else {
                return;
            };
            kept.remove(oldest_free);
        }
        kept.push(entry);
    });
    Ok(hooks)
}

/// A new sandbox of the script.
fn new_entry(file: &str, text: &str, setting: Option<String>) -> Result<Kept, LoadError> {
    Ok(Kept {
        file: file.to_string(),
        text: text.to_string(),
        hooks: Rc::new(MissionHooks::load(file, text, setting.clone())?),
        setting,
    })
}
