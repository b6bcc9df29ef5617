//! What a reader sees in a piece of HTML, for the import's corpus test.

use std::rc::Rc;

use htmd::{HtmlToMarkdown, Node};
use markup5ever_rcdom::NodeData;

use super::{absolute, descendants, element_name, node_attr, node_has_class, text_content};

/// What a reader sees in a piece of HTML (see the module's documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    /// Every word of visible text, in order.
    pub words: Vec<String>,
    /// Each heading's level and text.
    pub headings: Vec<(u8, String)>,
    /// Each link's address.
    pub links: Vec<String>,
    /// Each picture's address.
    pub images: Vec<String>,
    /// Each list item's text.
    pub list_items: Vec<String>,
    /// Each block of code's text, its whitespace kept.
    pub code: Vec<String>,
}

/// The [`Outline`] of `html`. Scripts, styles and Ghost's bookmark decorations (icon, publisher,
/// thumbnail) are not part of what a reader takes from a page, and are not counted.
pub fn outline(html: &str) -> Outline {
    let tree = HtmlToMarkdown::new().html_to_tree(html).expect("html5ever reads any text");
    let mut outline = Outline::default();
    let mut text = String::new();
    walk(&tree, &mut outline, &mut text);
    outline.words = text.split_whitespace().map(str::to_owned).collect();
    outline
}

fn walk(node: &Rc<Node>, outline: &mut Outline, text: &mut String) {
    match &node.data {
        NodeData::Text { contents } => {
            text.push_str(&contents.borrow());
            return;
        }
        NodeData::Element { .. } => {
            let name = element_name(node).unwrap_or_default();
            let skipped = ["script", "style", "noscript", "template", "head"];
            let decorations = ["kg-bookmark-metadata", "kg-bookmark-thumbnail", "kg-bookmark-icon"];
            if skipped.contains(&name.as_str()) || decorations.iter().any(|class| node_has_class(node, class)) {
                return;
            }
            match name.as_str() {
                "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                    outline.headings.push((name.as_bytes()[1] - b'0', text_content(node)));
                }
                "a" => outline.links.extend(node_attr(node, "href").map(|href| absolute(&href))),
                "img" => outline.images.extend(node_attr(node, "src").map(|src| src.trim().to_owned())),
                "li" => outline.list_items.push(text_content(node)),
                "pre" => {
                    let mut all = Vec::new();
                    descendants(node, &mut all);
                    let code: String = all
                        .iter()
                        .filter_map(|node| match &node.data {
                            NodeData::Text { contents } => Some(contents.borrow().to_string()),
                            _ => None,
                        })
                        .collect();
                    outline.code.push(code.trim_matches('\n').to_owned());
                }
                _ => {}
            }
            // Blocks and breaks separate words.
            text.push(' ');
        }
        _ => {}
    }
    for child in node.children.borrow().iter() {
        walk(child, outline, text);
    }
    text.push(' ');
}
