//! The one guard on hooks (DESIGN.md principle 9): a hook asks the engine
//! for a change (a push, a drive, a damage), the change runs the rules,
//! and the rules may call a hook again. Each game runs every hook, and the
//! changes it asked for, inside [`HookGuard::enter`], which counts how deep
//! such chains go and refuses to go past [`HOOK_DEPTH`], so that no script
//! can overflow the native stack. The refusal names the chain of hooks.

use std::cell::RefCell;
use std::fmt;

/// How deep hooks may re-enter the engine: a hook whose changes call a
/// hook whose changes call a hook... at most this many hooks at once.
pub const HOOK_DEPTH: usize = 32;

/// The hooks running at once on one game's engine, and the limit.
#[derive(Debug, Default)]
pub struct HookGuard {
    running: RefCell<Vec<String>>,
}

/// A hook chain that went past [`HOOK_DEPTH`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct TooDeep {
    /// The hooks running, outermost first, then the one refused.
    pub chain: Vec<String>,
}

impl fmt::Display for TooDeep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "hooks called the engine and were called again more than {HOOK_DEPTH} deep \
             (docs/security.md): "
        )?;
        // The chain, with runs of the same hook written once with a count.
        let mut first = true;
        let mut i = 0;
        while i < self.chain.len() {
            let run = self.chain[i..]
                .iter()
                .take_while(|h| **h == self.chain[i])
                .count();
            if !first {
                f.write_str(" → ")?;
            }
            first = false;
            f.write_str(&crate::escape::terminal(&self.chain[i]))?;
            if run > 1 {
                write!(f, " ×{run}")?;
            }
            i += run;
        }
        Ok(())
    }
}

/// A hook running under the guard; it leaves the chain when dropped.
#[must_use = "the hook counts as running only while this is held"]
pub struct Running<'a>(&'a HookGuard);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.running.borrow_mut().pop();
    }
}

impl HookGuard {
    /// A guard with no hook running.
    pub fn new() -> HookGuard {
        HookGuard::default()
    }

    /// Enters the hook `label` (`"mud's entered"`): held while the hook
    /// and the changes it asked for run. Refused past [`HOOK_DEPTH`].
    pub fn enter(&self, label: &str) -> Result<Running<'_>, TooDeep> {
        let mut running = self.running.borrow_mut();
        if running.len() >= HOOK_DEPTH {
            let mut chain = running.clone();
            chain.push(label.to_string());
            return Err(TooDeep { chain });
        }
        running.push(label.to_string());
        Ok(Running(self))
    }

    /// How many hooks are running now.
    pub fn depth(&self) -> usize {
        self.running.borrow().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recurse(guard: &HookGuard, n: usize) -> Result<usize, TooDeep> {
        let _running = guard.enter(if n.is_multiple_of(2) {
            "moved"
        } else {
            "drive"
        })?;
        recurse(guard, n + 1)
    }

    #[test]
    fn a_chain_past_the_limit_is_refused_and_named() {
        let guard = HookGuard::new();
        let e = recurse(&guard, 0).unwrap_err();
        assert_eq!(e.chain.len(), HOOK_DEPTH + 1);
        assert!(e.to_string().starts_with(
            "hooks called the engine and were called again more than 32 deep \
             (docs/security.md): moved → drive → moved"
        ));
        // Every hook left the chain on the way out.
        assert_eq!(guard.depth(), 0);
        let _a = guard.enter("a").unwrap();
        assert_eq!(guard.depth(), 1);
    }

    #[test]
    fn runs_of_one_hook_are_counted() {
        let e = TooDeep {
            chain: vec!["mud's entered".into(); 33],
        };
        assert!(e.to_string().ends_with(": mud's entered ×33"), "{e}");
    }
}
