//! Mutations of a TOML or JSON file, for the fuzz harness: the file read
//! as a tree of values, one value changed the way a hostile user would
//! (a number at a type's bound, an extra or a missing array element, a
//! missing or unknown key, a value of another type, a string of control
//! characters, markup or a path), and written back; or the text itself cut
//! short or given a stray line.

use proptest::prelude::*;

/// A TOML or JSON value, as the mutations see it.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// An integer (JSON's may pass `i64`).
    Int(i128),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// A boolean.
    Bool(bool),
    /// JSON's null (never in TOML).
    Null,
    /// An array.
    Arr(Vec<Node>),
    /// A table or object, keys in order.
    Obj(Vec<(String, Node)>),
    /// A TOML date, kept as it was.
    Date(toml::value::Datetime),
}

impl Node {
    /// The tree of a TOML value.
    pub fn from_toml(v: &toml::Value) -> Node {
        match v {
            toml::Value::Integer(i) => Node::Int(i128::from(*i)),
            toml::Value::Float(f) => Node::Float(*f),
            toml::Value::String(s) => Node::Str(s.clone()),
            toml::Value::Boolean(b) => Node::Bool(*b),
            toml::Value::Datetime(d) => Node::Date(*d),
            toml::Value::Array(a) => Node::Arr(a.iter().map(Node::from_toml).collect()),
            toml::Value::Table(t) => Node::Obj(
                t.iter()
                    .map(|(k, v)| (k.clone(), Node::from_toml(v)))
                    .collect(),
            ),
        }
    }

    /// The tree of a JSON value.
    pub fn from_json(v: &serde_json::Value) -> Node {
        match v {
            serde_json::Value::Null => Node::Null,
            serde_json::Value::Bool(b) => Node::Bool(*b),
            serde_json::Value::Number(n) => match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => Node::Int(i128::from(i)),
                (_, Some(u)) => Node::Int(i128::from(u)),
                _ => Node::Float(n.as_f64().unwrap_or(0.0)),
            },
            serde_json::Value::String(s) => Node::Str(s.clone()),
            serde_json::Value::Array(a) => Node::Arr(a.iter().map(Node::from_json).collect()),
            serde_json::Value::Object(o) => Node::Obj(
                o.iter()
                    .map(|(k, v)| (k.clone(), Node::from_json(v)))
                    .collect(),
            ),
        }
    }

    /// As TOML (a null is dropped; an integer past `i64` becomes a float).
    pub fn to_toml(&self) -> Option<toml::Value> {
        Some(match self {
            Node::Int(i) => match i64::try_from(*i) {
                Ok(i) => toml::Value::Integer(i),
                Err(_) => toml::Value::Float(*i as f64),
            },
            Node::Float(f) => toml::Value::Float(*f),
            Node::Str(s) => toml::Value::String(s.clone()),
            Node::Bool(b) => toml::Value::Boolean(*b),
            Node::Null => return None,
            Node::Date(d) => toml::Value::Datetime(*d),
            Node::Arr(a) => toml::Value::Array(a.iter().filter_map(Node::to_toml).collect()),
            Node::Obj(o) => toml::Value::Table(
                o.iter()
                    .filter_map(|(k, v)| Some((k.clone(), v.to_toml()?)))
                    .collect(),
            ),
        })
    }

    /// As JSON (an integer past `i64` and `u64` becomes a float; a
    /// non-finite float, null).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Node::Int(i) => {
                if let Ok(i) = i64::try_from(*i) {
                    serde_json::Value::from(i)
                } else if let Ok(u) = u64::try_from(*i) {
                    serde_json::Value::from(u)
                } else {
                    serde_json::Number::from_f64(*i as f64)
                        .map_or(serde_json::Value::Null, serde_json::Value::Number)
                }
            }
            Node::Float(f) => serde_json::Number::from_f64(*f)
                .map_or(serde_json::Value::Null, serde_json::Value::Number),
            Node::Str(s) => serde_json::Value::String(s.clone()),
            Node::Bool(b) => serde_json::Value::Bool(*b),
            Node::Null => serde_json::Value::Null,
            Node::Date(d) => serde_json::Value::String(d.to_string()),
            Node::Arr(a) => serde_json::Value::Array(a.iter().map(Node::to_json).collect()),
            Node::Obj(o) => {
                serde_json::Value::Object(o.iter().map(|(k, v)| (k.clone(), v.to_json())).collect())
            }
        }
    }

    /// How many values the tree holds, itself included.
    fn count(&self) -> usize {
        1 + match self {
            Node::Arr(a) => a.iter().map(Node::count).sum(),
            Node::Obj(o) => o.iter().map(|(_, v)| v.count()).sum(),
            _ => 0,
        }
    }

    /// The `i`th value in pre-order (0 is the tree itself).
    fn nth(&mut self, mut i: usize) -> Option<&mut Node> {
        if i == 0 {
            return Some(self);
        }
        i -= 1;
        let children: Vec<&mut Node> = match self {
            Node::Arr(a) => a.iter_mut().collect(),
            Node::Obj(o) => o.iter_mut().map(|(_, v)| v).collect(),
            _ => return None,
        };
        for child in children {
            let n = child.count();
            if i < n {
                return child.nth(i);
            }
            i -= n;
        }
        None
    }
}

/// Numbers at the bounds of the types a loader may read them into.
const BOUNDS: &[i128] = &[
    -1,
    0,
    255,
    256,
    300,
    65_535,
    65_536,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    4_294_967_295,
    4_294_967_296,
    9_223_372_036_854_775_807,
    -9_223_372_036_854_775_808,
    18_446_744_073_709_551_615,
];

/// Floats no loader should take as a count or a place.
const FLOATS: &[f64] = &[1e308, -1e308, 0.5, -0.0, f64::INFINITY, f64::NAN];

/// Strings a hostile file holds.
fn hostile_string(pick: u64) -> String {
    match pick % 9 {
        0 => "\u{1b}[2J\u{1b}]0;owned\u{7}\r\0".to_string(),
        1 => "<!--<script>alert(1)</script>]]>\"'&".to_string(),
        2 => "x".repeat(300_000),
        3 => String::new(),
        4 => "\u{202e}der\u{2066}".to_string(),
        5 => "/dev/zero".to_string(),
        6 => "../../../../../../etc/passwd".to_string(),
        7 => "red".to_string(),
        _ => "é".repeat(70_000),
    }
}

/// One way to change a file.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// The value at this place becomes a number at a type's bound.
    Bound(usize, usize),
    /// The value at this place becomes a float no count can be.
    Float(usize, usize),
    /// The value at this place becomes a hostile string.
    Text(usize, u64),
    /// The array at (or nearest after) this place gets another element.
    Extra(usize, u64),
    /// The array at (or nearest after) this place loses one.
    Fewer(usize, u64),
    /// The table at (or nearest after) this place loses a key.
    DropKey(usize, u64),
    /// The table at (or nearest after) this place gets an unknown key.
    UnknownKey(usize),
    /// The value at this place becomes a value of another type.
    Retype(usize, u64),
    /// An element of the array at (or nearest after) this place is doubled.
    Double(usize, u64),
    /// The text is cut at this fraction of its length.
    Cut(u16),
    /// A stray line is put in the text at this fraction of its lines.
    StrayLine(u16, u64),
}

/// Any mutation.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    let place = any::<usize>();
    prop_oneof![
        3 => (place, any::<usize>()).prop_map(|(p, b)| Mutation::Bound(p, b)),
        1 => (place, any::<usize>()).prop_map(|(p, b)| Mutation::Float(p, b)),
        2 => (place, any::<u64>()).prop_map(|(p, s)| Mutation::Text(p, s)),
        2 => (place, any::<u64>()).prop_map(|(p, s)| Mutation::Extra(p, s)),
        1 => (place, any::<u64>()).prop_map(|(p, s)| Mutation::Fewer(p, s)),
        1 => (place, any::<u64>()).prop_map(|(p, s)| Mutation::DropKey(p, s)),
        1 => place.prop_map(Mutation::UnknownKey),
        1 => (place, any::<u64>()).prop_map(|(p, s)| Mutation::Retype(p, s)),
        2 => (place, any::<u64>()).prop_map(|(p, s)| Mutation::Double(p, s)),
        1 => any::<u16>().prop_map(Mutation::Cut),
        1 => (any::<u16>(), any::<u64>()).prop_map(|(f, s)| Mutation::StrayLine(f, s)),
    ]
}

/// The first value at or after pre-order place `from` (wrapping) for
/// which `fits` holds.
fn find(tree: &mut Node, from: usize, fits: impl Fn(&Node) -> bool) -> Option<&mut Node> {
    let n = tree.count();
    let start = from % n;
    let i = (0..n)
        .map(|k| (start + k) % n)
        .find(|&i| tree.nth(i).is_some_and(|v| fits(v)))?;
    tree.nth(i)
}

/// Applies a tree mutation; `false` when the tree has nothing it applies to.
fn mutate_tree(tree: &mut Node, m: &Mutation) -> bool {
    let is_arr = |v: &Node| matches!(v, Node::Arr(_));
    let is_obj = |v: &Node| matches!(v, Node::Obj(o) if !o.is_empty());
    let leaf = |v: &Node| !matches!(v, Node::Arr(_) | Node::Obj(_));
    match *m {
        Mutation::Bound(p, b) => {
            let Some(v) = find(tree, p, leaf) else {
                return false;
            };
            *v = Node::Int(BOUNDS[b % BOUNDS.len()]);
        }
        Mutation::Float(p, b) => {
            let Some(v) = find(tree, p, leaf) else {
                return false;
            };
            *v = Node::Float(FLOATS[b % FLOATS.len()]);
        }
        Mutation::Text(p, s) => {
            let Some(v) = find(tree, p, |v| matches!(v, Node::Str(_))) else {
                return false;
            };
            *v = Node::Str(hostile_string(s));
        }
        Mutation::Extra(p, s) => {
            let Some(Node::Arr(a)) = find(tree, p, is_arr) else {
                return false;
            };
            let extra = match a.first() {
                Some(Node::Int(_)) | None => Node::Int(99),
                Some(first) if s % 2 == 0 => first.clone(),
                Some(_) => Node::Int(i128::from(s % 1000)),
            };
            a.push(extra);
        }
        Mutation::Fewer(p, s) => {
            let Some(Node::Arr(a)) = find(tree, p, |v| matches!(v, Node::Arr(a) if !a.is_empty()))
            else {
                return false;
            };
            let i = (s % a.len() as u64) as usize;
            a.remove(i);
        }
        Mutation::DropKey(p, s) => {
            let Some(Node::Obj(o)) = find(tree, p, is_obj) else {
                return false;
            };
            let i = (s % o.len() as u64) as usize;
            o.remove(i);
        }
        Mutation::UnknownKey(p) => {
            let Some(Node::Obj(o)) = find(tree, p, |v| matches!(v, Node::Obj(_))) else {
                return false;
            };
            o.push(("zz_unknown".into(), Node::Int(1)));
        }
        Mutation::Retype(p, s) => {
            let n = tree.count();
            let Some(v) = tree.nth(p % n) else {
                return false;
            };
            *v = match (s % 5, &*v) {
                (0, _) => Node::Bool(true),
                (1, _) => Node::Arr(Vec::new()),
                (2, _) => Node::Obj(vec![("x".into(), Node::Int(1))]),
                (3, Node::Str(_)) => Node::Int(7),
                (_, _) => Node::Str("7".into()),
            };
        }
        Mutation::Double(p, s) => {
            let Some(Node::Arr(a)) = find(tree, p, |v| matches!(v, Node::Arr(a) if !a.is_empty()))
            else {
                return false;
            };
            let i = (s % a.len() as u64) as usize;
            let copy = a[i].clone();
            a.insert(i, copy);
        }
        Mutation::Cut(_) | Mutation::StrayLine(..) => return false,
    }
    true
}

/// Applies a text mutation; `None` for a tree mutation.
fn mutate_text(text: &str, m: &Mutation) -> Option<String> {
    match *m {
        Mutation::Cut(f) => {
            let mut end = text.len() * usize::from(f) / usize::from(u16::MAX);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            Some(text[..end].to_string())
        }
        Mutation::StrayLine(f, s) => {
            let mut lines: Vec<&str> = text.lines().collect();
            let at = lines.len() * usize::from(f) / usize::from(u16::MAX);
            let stray = match s % 4 {
                0 => "[[robot]]",
                1 => "\u{1b}[2J = 1",
                2 => "}{",
                _ => "x = 1e999999",
            };
            lines.insert(at.min(lines.len()), stray);
            Some(lines.join("\n"))
        }
        _ => None,
    }
}

/// `text` (TOML) mutated by `m`; `None` when `m` finds nothing to change.
pub fn toml_text(text: &str, m: &Mutation) -> Option<String> {
    if let Some(t) = mutate_text(text, m) {
        return Some(t);
    }
    let value: toml::Value = text.parse().ok()?;
    let mut tree = Node::from_toml(&value);
    if !mutate_tree(&mut tree, m) {
        return None;
    }
    toml::to_string(&tree.to_toml()?).ok()
}

/// `text` (JSON) mutated by `m`; `None` when `m` finds nothing to change.
pub fn json_text(text: &str, m: &Mutation) -> Option<String> {
    if let Some(t) = mutate_text(text, m) {
        return Some(t);
    }
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let mut tree = Node::from_json(&value);
    if !mutate_tree(&mut tree, m) {
        return None;
    }
    serde_json::to_string_pretty(&tree.to_json()).ok()
}
