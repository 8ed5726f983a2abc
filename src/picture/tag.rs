//! SVG elements written straight to text, for the pictures' many small
//! parts (a hex, a square, a robot, a panel line).
//!
//! A picture is drawn for every step of a replay page, thousands of
//! times, so its elements must be cheap: a [`Tag`] keeps its attributes
//! as a short list of static names and its children as text already
//! written, and writes itself on one line exactly as the `svg` crate
//! writes the same element with its line breaks removed (attributes
//! sorted by name, `&`, `<` and `>` escaped in values and text, `/>` for
//! an element without children), so pictures stay byte for byte what they
//! were.

use std::fmt::{self, Write as _};

/// An SVG element on one line: its name, its attributes and its children
/// (already written).
#[derive(Clone, Debug)]
pub struct Tag {
    name: &'static str,
    attributes: Vec<(&'static str, String)>,
    children: String,
    /// Whether a child was added (an empty text is a child too, and makes
    /// `<text></text>`, not `<text/>`).
    has_children: bool,
}

/// A value an attribute takes: numbers as Rust writes them (`16`, `0.5`),
/// text as it is.
pub trait AttributeValue {
    /// The value as attribute text (escaped when written).
    fn into_text(self) -> String;
}

impl AttributeValue for &str {
    fn into_text(self) -> String {
        self.to_string()
    }
}

impl AttributeValue for String {
    fn into_text(self) -> String {
        self
    }
}

impl AttributeValue for &String {
    fn into_text(self) -> String {
        self.clone()
    }
}

/// Numbers as `to_string` writes them, as the `svg` crate did.
macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl AttributeValue for $t {
            fn into_text(self) -> String {
                self.to_string()
            }
        }
    )*};
}
numbers!(f64, i32, u32, usize, u8);

impl Tag {
    /// An element named `name` (`g`, `circle`), without attributes or
    /// children.
    pub fn new(name: &'static str) -> Tag {
        Tag {
            name,
            attributes: Vec::new(),
            children: String::new(),
            has_children: false,
        }
    }

    /// Sets attribute `name` to `value`, replacing a value it had.
    pub fn set(mut self, name: &'static str, value: impl AttributeValue) -> Tag {
        let value = value.into_text();
        match self.attributes.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.attributes.push((name, value)),
        }
        self
    }

    /// Adds `child` after the children it has. Named as the `svg` crate's
    /// builders name it, so that drawing code reads as it did.
    #[allow(clippy::should_implement_trait)]
    pub fn add(mut self, child: Tag) -> Tag {
        child.write_to(&mut self.children);
        self.has_children = true;
        self
    }

    /// Adds children already written as SVG (a part kept from an earlier
    /// picture) after the children it has.
    pub fn add_written(mut self, written: &str) -> Tag {
        self.children.push_str(written);
        self.has_children = true;
        self
    }

    /// Adds `text` (escaped) after the children it has.
    pub fn text(mut self, text: &str) -> Tag {
        escape_into(text, &mut self.children);
        self.has_children = true;
        self
    }

    /// Its children as written, without the element around them.
    pub fn children_written(&self) -> &str {
        &self.children
    }

    /// Writes the element at the end of `out`.
    pub fn write_to(&self, out: &mut String) {
        out.push('<');
        out.push_str(self.name);
        let mut order: Vec<&(&'static str, String)> = self.attributes.iter().collect();
        order.sort_by_key(|(name, _)| *name);
        for (name, value) in order {
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            escape_into(value, out);
            out.push('"');
        }
        if !self.has_children {
            out.push_str("/>");
        } else {
            out.push('>');
            out.push_str(&self.children);
            // Writing to a String cannot fail.
            let _ = write!(out, "</{}>", self.name);
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

/// `text` with `&`, `<` and `>` escaped (as the `svg` crate escapes them),
/// at the end of `out`.
pub fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
}

/// The constructors of the elements the pictures draw, under the names
/// the `svg` crate gives them.
macro_rules! elements {
    ($($(#[$doc:meta])* $kind:ident $name:literal;)*) => {$(
        $(#[$doc])*
        pub struct $kind;
        impl $kind {
            /// A new element of this kind (a [`Tag`]: the kinds are names
            /// for their constructors, as the `svg` crate's types were).
            #[allow(clippy::new_ret_no_self)]
            pub fn new() -> Tag {
                Tag::new($name)
            }
        }
    )*};
}

elements! {
    /// `<g>`: a group.
    Group "g";
    /// `<circle>`.
    Circle "circle";
    /// `<line>`.
    Line "line";
    /// `<polygon>`.
    Polygon "polygon";
    /// `<rect>`.
    Rectangle "rect";
}

/// `<text>` holding `content`.
pub struct Text;
impl Text {
    /// A text element holding `content` (escaped).
    #[allow(clippy::new_ret_no_self)]
    pub fn new(content: impl AsRef<str>) -> Tag {
        Tag::new("text").text(content.as_ref())
    }
}

/// `<title>` holding `content`: what a pointer resting on its parent
/// shows.
pub struct Title;
impl Title {
    /// A title element holding `content` (escaped).
    #[allow(clippy::new_ret_no_self)]
    pub fn new(content: impl AsRef<str>) -> Tag {
        Tag::new("title").text(content.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `svg` crate's text of `node` with its line breaks removed, as
    /// the pictures were written before [`Tag`].
    fn svg_crate(node: impl svg::Node) -> String {
        node.to_string().replace('\n', "")
    }

    #[test]
    fn a_tag_writes_what_the_svg_crate_wrote_on_one_line() {
        use svg::node::element as e;
        let ours = Group::new()
            .set("class", "robot")
            .add(Title::new("red.1 <at> 0, 0 & more"))
            .add(
                Circle::new()
                    .set("r", 4.5)
                    .set("cx", 10)
                    .set("fill", "#ff0000")
                    .set("fill", "a<b"),
            )
            .add(Text::new("R1").set("x", 0.0).set("y", -1.5))
            .add(Group::new())
            .set("transform", "translate(1,2)".to_string());
        let theirs = e::Group::new()
            .set("class", "robot")
            .add(e::Title::new("red.1 <at> 0, 0 & more"))
            .add(
                e::Circle::new()
                    .set("r", 4.5)
                    .set("cx", 10)
                    .set("fill", "#ff0000")
                    .set("fill", "a<b"),
            )
            .add(e::Text::new("R1").set("x", 0.0).set("y", -1.5))
            .add(e::Group::new())
            .set("transform", "translate(1,2)".to_string());
        assert_eq!(ours.to_string(), svg_crate(theirs));
        assert_eq!(
            Text::new("").to_string(),
            svg_crate(e::Text::new("")),
            "an empty text is a child"
        );
        assert_eq!(Group::new().to_string(), svg_crate(e::Group::new()));
    }
}
