//! A game's Lua API as data, and the LuaLS stubs generated from it.
//!
//! Each game describes every class, field, method and function its
//! scripts can reach, with its LuaLS type and a one-line doc, as one
//! [`Api`] in its own folder. That description is the single source of the
//! game's editor stubs ([`Api::stubs`]; [`check_stubs`] keeps the file on
//! disk up to date in a test), and the game's tests check it against the
//! bindings, so no stub can drift from the API.

use std::path::Path;

/// A parameter or a field: name, LuaLS type, doc.
pub type Slot = (&'static str, &'static str, &'static str);

/// A function or method of the API.
#[derive(Clone, Copy, Debug)]
pub struct Function {
    /// Its name.
    pub name: &'static str,
    /// Parameters (name, LuaLS type, doc).
    pub params: &'static [Slot],
    /// The LuaLS type returned (`nil` for nothing).
    pub returns: &'static str,
    /// One line of doc.
    pub doc: &'static str,
}

/// A class (a table shape or a userdata type).
#[derive(Clone, Copy, Debug)]
pub struct Class {
    /// The LuaLS class name.
    pub name: &'static str,
    /// One line of doc.
    pub doc: &'static str,
    /// Fields (name, LuaLS type, doc).
    pub fields: &'static [Slot],
    /// Methods, called with `:`.
    pub methods: &'static [Function],
}

/// A global API table of functions, called with `.`.
#[derive(Clone, Copy, Debug)]
pub struct Module {
    /// The global's name.
    pub name: &'static str,
    /// One line of doc.
    pub doc: &'static str,
    /// Its fields that are not functions (name, LuaLS type, doc).
    pub fields: &'static [Slot],
    /// Its functions.
    pub functions: &'static [Function],
}

/// A game's whole Lua API, and how its stub file is headed.
#[derive(Clone, Copy, Debug)]
pub struct Api {
    /// The `---@meta` name of the stub file.
    pub meta: &'static str,
    /// What the API is, in the stub file's first line.
    pub title: &'static str,
    /// The source file the description lives in (named in the stubs).
    pub source: &'static str,
    /// The command that rewrites the stub file.
    pub bless: &'static str,
    /// Type aliases: name, LuaLS type, doc.
    pub aliases: &'static [Slot],
    /// The classes.
    pub classes: &'static [Class],
    /// The global API tables.
    pub modules: &'static [Module],
}

impl Api {
    /// The class named `name`.
    pub fn class(&self, name: &str) -> Option<&'static Class> {
        self.classes.iter().find(|c| c.name == name)
    }

    /// `name`, after checking that `class` lists it as a method: bindings
    /// register methods through this, so none can be missing from the
    /// stubs.
    pub fn method(&self, class_name: &str, name: &'static str) -> &'static str {
        assert!(
            self.class(class_name)
                .is_some_and(|c| c.methods.iter().any(|m| m.name == name)),
            "the Lua method {class_name}:{name} is not in the API table ({})",
            self.source
        );
        name
    }

    /// The LuaLS `---@meta` stub file of the whole API.
    pub fn stubs(&self) -> String {
        let mut out = format!(
            "---@meta {}\n\
             -- {}, for LuaLS (completion and type checks).\n\
             -- Generated from {}: do not edit by hand; a test\n\
             -- fails when this file and the bindings disagree\n\
             -- ({} rewrites it).\n\n",
            self.meta, self.title, self.source, self.bless
        );
        for (name, ty, doc) in self.aliases {
            write_doc(&mut out, doc);
            out.push_str(&format!("---@alias {name} {ty}\n"));
        }
        out.push('\n');
        for c in self.classes {
            write_doc(&mut out, c.doc);
            out.push_str(&format!("---@class {}\n", c.name));
            write_fields(&mut out, c.fields);
            out.push_str(&format!("local {} = {{}}\n\n", c.name));
            for m in c.methods {
                write_function(&mut out, c.name, ':', m);
            }
        }
        for m in self.modules {
            write_doc(&mut out, m.doc);
            out.push_str(&format!("---@class {}\n", m.name));
            write_fields(&mut out, m.fields);
            out.push_str(&format!("{} = {{}}\n\n", m.name));
            for f in m.functions {
                write_function(&mut out, m.name, '.', f);
            }
        }
        out
    }
}

/// A doc comment, one `---` line per line of `doc`.
fn write_doc(out: &mut String, doc: &str) {
    for line in doc.lines() {
        out.push_str(&format!("--- {line}\n"));
    }
}

/// `---@field` lines (a field without a doc has none after its type).
fn write_fields(out: &mut String, fields: &[Slot]) {
    for (name, ty, doc) in fields {
        let line = format!("---@field {name} {ty} {doc}");
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

fn write_function(out: &mut String, owner: &str, sep: char, f: &Function) {
    write_doc(out, f.doc);
    for (name, ty, doc) in f.params {
        let line = format!("---@param {name} {ty} {doc}");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if f.returns != "nil" {
        out.push_str(&format!("---@return {}\n", f.returns));
    }
    let params: Vec<&str> = f.params.iter().map(|p| p.0).collect();
    out.push_str(&format!(
        "function {owner}{sep}{}({}) end\n\n",
        f.name,
        params.join(", ")
    ));
}

/// Checks that the stub file at `path` is what `api` generates; with
/// `TINBOTS_BLESS` set in the environment, writes it first. The error says
/// how to rewrite it.
pub fn check_stubs(api: &Api, path: &Path) -> Result<(), String> {
    let generated = api.stubs();
    if std::env::var_os("TINBOTS_BLESS").is_some() {
        std::fs::write(path, &generated).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    if on_disk == generated {
        Ok(())
    } else {
        Err(format!(
            "{} is out of date: run `{}`",
            path.display(),
            api.bless
        ))
    }
}
