//! A value lent to Lua for the length of one call: the game a bot's view,
//! a variant's hook or an option card's hook reads, without a copy and
//! without a userdata made per call.
//!
//! A [`Borrowed`] is kept where the host functions of a script can reach
//! it (in a userdata, or shared with the functions). [`Borrowed::lend`]
//! points it at a value for the length of a closure (the call of the
//! script) and points it back at what it was lent before once the closure
//! is over, however it ends: returned, failed or unwound by a panic. A host
//! function reads the value with [`Borrowed::read`], inside a closure, and
//! a script that kept the handle past the call (in a global, for the next
//! call) gets a Lua error at its line, never a read of a value gone.
//!
//! This is the crate's one `unsafe` lending of a game to Lua, and its
//! safety argument is at [`Borrowed::with`].

use std::cell::Cell;
use std::ptr::NonNull;

use mlua::Lua;

use super::located;

/// A value of type `T` that can be lent for the length of a call and read
/// during it (see the module's doc). Neither `Send` nor `Sync`: it is lent
/// and read on one thread.
pub struct Borrowed<T: ?Sized> {
    /// The value lent now; `None` outside every [`Borrowed::lend`].
    lent: Cell<Option<NonNull<T>>>,
    /// What a script is told when it reaches the value outside a call.
    gone: &'static str,
}

impl<T: ?Sized> Borrowed<T> {
    /// A handle lent nothing yet; `gone` is the error a script gets when it
    /// reaches the value outside a call (`"the game is only reachable
    /// during the hook call it was lent for"`).
    pub const fn new(gone: &'static str) -> Borrowed<T> {
        Borrowed {
            lent: Cell::new(None),
            gone,
        }
    }

    /// Lends `value` for the length of `call`, and then lends again what
    /// was lent before (nothing, outside another call), whether `call`
    /// returns or panics.
    pub fn lend<R>(&self, value: &T, call: impl FnOnce() -> R) -> R {
        /// Puts back the loan before this one when dropped.
        struct Restore<'a, T: ?Sized> {
            lent: &'a Cell<Option<NonNull<T>>>,
            before: Option<NonNull<T>>,
        }
        impl<T: ?Sized> Drop for Restore<'_, T> {
            fn drop(&mut self) {
                self.lent.set(self.before);
            }
        }
        let before = self.lent.replace(Some(NonNull::from(value)));
        let _restore = Restore {
            lent: &self.lent,
            before,
        };
        call()
    }

    /// Whether a value is lent now.
    pub fn is_lent(&self) -> bool {
        self.lent.get().is_some()
    }

    /// Runs `read` with the value lent now; `None` when none is (outside
    /// every call).
    pub fn with<R>(&self, read: impl FnOnce(&T) -> R) -> Option<R> {
        let lent = self.lent.get()?;
        // SAFETY: `lent` is only ever set by `lend`, from a `&T` borrowed
        // for the whole of `lend`'s `call`, and `lend`'s `Restore` guard
        // sets it back to the loan before when `call` is over, on return
        // and on unwinding alike; the guard lives in `lend`'s own frame, so
        // no caller can leak it and keep a loan alive. So a pointer found
        // here is the value of a `lend` whose `call` is still running on
        // this thread (`Borrowed` is neither `Send` nor `Sync`), that is,
        // further down this very stack: the value is alive and, being
        // shared-borrowed by that `lend`, not mutated. `read` runs to its
        // end before `with` returns, so before that `call` can end (Lua
        // errors never unwind across Rust frames: mlua returns them as
        // `Err`), and the reference given to `read` cannot escape it
        // (`R` cannot name its lifetime). Lua code runs only inside the
        // calls the host makes (scripts cannot run `__gc` finalizers, and
        // unfinished coroutines are dropped unrun), so a script that kept
        // a handle reaches this outside every loan and finds `None`.
        Some(read(unsafe { lent.as_ref() }))
    }

    /// Runs `read` with the value lent now, for a host function; outside
    /// every call, an error at the script's line saying the value is only
    /// reachable during the call it was lent for.
    pub fn read<R>(&self, lua: &Lua, read: impl FnOnce(&T) -> mlua::Result<R>) -> mlua::Result<R> {
        self.with(read)
            .unwrap_or_else(|| Err(located(lua, self.gone)))
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::script::{host_function, Sandbox};

    const GONE: &str = "the text is only reachable during the call it was lent for";

    /// A sandbox whose scripts read the lent text with `lent.read()`, and
    /// the handle they read.
    fn sandbox() -> (Sandbox, Rc<Borrowed<String>>) {
        let mut sandbox = Sandbox::new().expect("a sandbox");
        let handle: Rc<Borrowed<String>> = Rc::new(Borrowed::new(GONE));
        let reader = handle.clone();
        let read = host_function(sandbox.lua(), move |lua, ()| {
            reader.read(lua, |text| Ok(text.clone()))
        })
        .expect("a host function");
        let api = sandbox.lua().create_table().expect("a table");
        api.set("read", read).expect("set");
        sandbox.set_api_table("lent", api).expect("an API table");
        (sandbox, handle)
    }

    #[test]
    fn a_script_that_keeps_the_handle_past_the_call_gets_an_error_at_its_line() {
        let (mut sandbox, handle) = sandbox();
        let script = sandbox
            .load_str(
                "keeper.lua",
                "local kept\n\
                 return {\n\
                 during = function() kept = lent.read; return kept() end,\n\
                 after = function() return kept() end,\n\
                 }",
            )
            .expect("loads");
        let text = String::from("lent for one call");
        let during: String = handle
            .lend(&text, || sandbox.call(script, "during", ()))
            .expect("read during the call");
        assert_eq!(during, "lent for one call");
        drop(text);
        assert!(!handle.is_lent());
        let err = sandbox
            .call::<String>(script, "after", ())
            .expect_err("the text is gone");
        let err = err.to_string();
        assert!(err.contains("keeper.lua:4: "), "{err}");
        assert!(err.contains(GONE), "{err}");
    }

    #[test]
    fn a_loan_ends_when_the_call_fails_or_panics() {
        let (mut sandbox, handle) = sandbox();
        let script = sandbox
            .load_str(
                "failing.lua",
                "return { run = function() lent.read(); error('no') end }",
            )
            .expect("loads");
        let text = String::from("lent");
        let failed = handle.lend(&text, || sandbox.call::<()>(script, "run", ()));
        assert!(failed.is_err());
        assert!(!handle.is_lent(), "cleared after an error");
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            handle.lend(&text, || panic!("a host panic"))
        }));
        assert!(panicked.is_err());
        assert!(!handle.is_lent(), "cleared after a panic");
        assert_eq!(handle.with(|t| t.len()), None);
    }

    #[test]
    fn a_loan_inside_another_gives_the_outer_one_back() {
        let handle: Borrowed<str> = Borrowed::new(GONE);
        handle.lend("outer", || {
            handle.lend("inner", || assert_eq!(handle.with(str::len), Some(5)));
            assert_eq!(handle.with(|t| t.to_string()).as_deref(), Some("outer"));
        });
        assert!(!handle.is_lent());
    }
}
