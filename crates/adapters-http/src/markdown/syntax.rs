//! Atelier's own markdown syntax on comrak's tree, before it is written as HTML: `[[key]]` keyboard
//! keys, `{kind: text}` status badges, `--small text--`, `::: kind` blocks with the site's classes
//! and fenced code with its language label. Each becomes the same HTML the site's stylesheet
//! (`markdown.css`) styles; what comes out is sanitised afterwards like any raw HTML.

use std::fmt::Write as _;

use comrak::Arena;
use comrak::nodes::{AstNode, NodeHtmlBlock, NodeValue};

/// The `::: kind` blocks the editor offers; `::: warning` becomes `<div class="md-warning">`.
pub const CONTAINERS: [&str; 4] = ["badge", "warning", "success", "error"];

/// The `{kind: text}` badges: kind, tone (class), label and icon.
const BADGES: [(&str, &str, &str, &str); 4] = [
    ("success", "success", "Success", "✓"),
    ("warning", "warning", "Warning", "!"),
    ("error", "error", "Error", "✕"),
    ("badge", "info", "Info", "i"),
];

/// Rewrites the tree under `root` in place.
pub fn apply<'a>(arena: &'a Arena<'a>, root: &'a AstNode<'a>) {
    // Collected first: the walk must not see the nodes it inserts.
    let nodes: Vec<_> = root.descendants().collect();
    for node in &nodes {
        let replacement = match &mut node.data_mut().value {
            NodeValue::BlockDirective(directive) => {
                let kind = directive.info.split_whitespace().next().unwrap_or_default();
                directive.info = if CONTAINERS.contains(&kind) { format!("md-{kind}") } else { String::new() };
                None
            }
            NodeValue::CodeBlock(block) => Some(code_block(&block.info, &block.literal)),
            _ => None,
        };
        if let Some(html) = replacement {
            node.data_mut().value = NodeValue::HtmlBlock(NodeHtmlBlock { block_type: 0, literal: html });
        }
    }
    for node in &nodes {
        if node.children().any(|child| matches!(child.data().value, NodeValue::Text(_))) {
            inline_marks(arena, node);
            small_text(arena, node);
        }
    }
    // Backslash escapes were kept apart so that `\[\[x]]` is not a key: they are plain text again.
    for node in root.descendants().collect::<Vec<_>>() {
        if matches!(node.data().value, NodeValue::Escaped) {
            while let Some(child) = node.first_child() {
                child.detach();
                node.insert_before(child);
            }
            node.detach();
        }
    }
}

/// A fenced or indented code block: `<div class="md-code">`, a label naming the language (the
/// first word of the info string) when there is one, then `<pre><code class="language-x">`.
fn code_block(info: &str, literal: &str) -> String {
    let language = info.split_whitespace().next().unwrap_or_default();
    let mut html = String::from("<div class=\"md-code\">");
    if language.is_empty() {
        html.push_str("<pre><code>");
    } else {
        let language = escape(language);
        let _ =
            write!(html, "<div class=\"md-code-language\">{language}</div><pre><code class=\"language-{language}\">");
    }
    html.push_str(&escape(literal));
    html.push_str("</code></pre></div>\n");
    html
}

/// A task's box as comrak writes it, ticked and not.
const TICKED_BOX: &str = "<input type=\"checkbox\" class=\"task-list-item-checkbox\" checked=\"\" disabled=\"\" />";
const OPEN_BOX: &str = "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled=\"\" />";

/// Task lists' boxes as marks rather than form controls: no page carries an `<input>` from its
/// content (raw ones are removed by the policy), and a reader hears "Done" or "Not done".
pub fn task_marks(html: &str) -> String {
    if !html.contains("task-list-item-checkbox") {
        return html.to_owned();
    }
    html.replace(TICKED_BOX, "<span class=\"task-list-item-checkbox\" role=\"img\" aria-label=\"Done\">☑</span>")
        .replace(OPEN_BOX, "<span class=\"task-list-item-checkbox\" role=\"img\" aria-label=\"Not done\">☐</span>")
}

/// Text escaped for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// The literal source of an inline node that can take part in a key or a badge.
fn literal(node: &AstNode<'_>) -> Option<String> {
    match &node.data().value {
        NodeValue::Text(text) => Some(text.to_string()),
        NodeValue::HtmlInline(html) => Some(html.clone()),
        _ => None,
    }
}

/// A key or badge found in a run of text: its byte range and its HTML.
struct Mark {
    start: usize,
    end: usize,
    html: String,
}

/// `[[Ctrl]]` → `<kbd>Ctrl</kbd>`; `{success: Deployed}` → a badge. Both read their text as plain
/// text, even where it looks like HTML, so a run of text and raw HTML siblings is read as one.
fn inline_marks<'a>(arena: &'a Arena<'a>, parent: &'a AstNode<'a>) {
    let children: Vec<_> = parent.children().collect();
    let mut index = 0;
    while index < children.len() {
        let run_start = index;
        let mut source = String::new();
        let mut bounds = Vec::new();
        while let Some(text) = children.get(index).and_then(|node| literal(node)) {
            bounds.push(source.len()..source.len() + text.len());
            source.push_str(&text);
            index += 1;
        }
        if run_start == index {
            index += 1;
            continue;
        }
        let marks = find_marks(&source);
        if marks.is_empty() {
            continue;
        }
        let run = &children[run_start..index];
        let mut marks = marks.into_iter().peekable();
        for (node, range) in run.iter().zip(bounds) {
            let is_text = matches!(node.data().value, NodeValue::Text(_));
            let mut at = range.start;
            while at < range.end {
                match marks.peek() {
                    // A mark covers `at`: it is written where it starts, its source is dropped.
                    Some(mark) if mark.start <= at => {
                        if mark.start == at {
                            node.insert_before(arena.alloc(NodeValue::HtmlInline(mark.html.clone()).into()));
                        }
                        if mark.end <= range.end {
                            at = mark.end;
                            marks.next();
                        } else {
                            at = range.end;
                        }
                    }
                    next => {
                        let stop = next.map_or(range.end, |mark| mark.start.min(range.end));
                        let piece = source[at..stop].to_owned();
                        let value = if is_text { NodeValue::Text(piece.into()) } else { NodeValue::HtmlInline(piece) };
                        node.insert_before(arena.alloc(value.into()));
                        at = stop;
                    }
                }
            }
            node.detach();
        }
    }
}

/// The keys and badges of a run of text, in order, not overlapping.
fn find_marks(source: &str) -> Vec<Mark> {
    let mut marks = Vec::new();
    let mut at = 0;
    while at < source.len() {
        let rest = &source[at..];
        let Some(offset) = rest.find(['[', '{']) else { break };
        let start = at + offset;
        let found = if source[start..].starts_with("[[") { key(source, start) } else { badge(source, start) };
        match found {
            Some(mark) => {
                at = mark.end;
                marks.push(mark);
            }
            None => at = start + 1,
        }
    }
    marks
}

fn key(source: &str, start: usize) -> Option<Mark> {
    // A key holds no bracket and no line break: the search stops at the first one.
    let length = source[start + 2..].find(['[', ']', '\n'])?;
    let end = start + 2 + length;
    if !source[end..].starts_with("]]") {
        return None;
    }
    let key = &source[start + 2..end];
    if key.trim().is_empty() {
        return None;
    }
    Some(Mark { start, end: end + 2, html: format!("<kbd>{}</kbd>", escape(key.trim())) })
}

fn badge(source: &str, start: usize) -> Option<Mark> {
    let rest = &source[start + 1..];
    let (kind, tone, label, icon) =
        BADGES.iter().find(|(kind, ..)| rest.strip_prefix(kind).is_some_and(|after| after.starts_with(':')))?;
    let body_start = start + 1 + kind.len() + 1;
    let close = source[body_start..].find(['}', '{', '\n'])?;
    if source.as_bytes()[body_start + close] != b'}' {
        return None;
    }
    let text = source[body_start..body_start + close].trim_matches([' ', '\t']);
    if text.is_empty() {
        return None;
    }
    Some(Mark {
        start,
        end: body_start + close + 1,
        html: format!(
            "<span class=\"md-status md-status-{tone}\" title=\"{label}\"><span class=\"md-status-icon\" \
             aria-hidden=\"true\">{icon}</span><span class=\"md-status-label\">{label}: </span>{}</span>",
            escape(text)
        ),
    })
}

fn is_word(c: Option<char>) -> bool {
    c.is_some_and(char::is_alphanumeric)
}

fn is_space(c: Option<char>) -> bool {
    matches!(c, Some(' ' | '\t' | '\n'))
}

/// Where a `--` may open small text: not after a dash or a letter, and before something that is
/// neither a space nor a dash.
fn opens(before: Option<char>, after: Option<char>) -> bool {
    before != Some('-') && !is_word(before) && after.is_some() && after != Some('-') && !is_space(after)
}

/// Where a `--` may close small text: after something that is neither a space nor a dash, and not
/// before a dash or a letter ("2019--2020" is a range, not small text).
fn closes(before: Option<char>, after: Option<char>) -> bool {
    before.is_some() && !is_space(before) && before != Some('-') && after != Some('-') && !is_word(after)
}

/// The character next to a marker at the edge of its text node: the neighbour's nearest character
/// when it is text, a stand-in that is neither a letter, a space nor a dash for any other inline
/// node, nothing at the edge of the block, a space at a line break.
fn edge(neighbour: Option<&AstNode<'_>>, first: bool) -> Option<char> {
    let neighbour = neighbour?;
    match &neighbour.data().value {
        NodeValue::Text(text) if first => text.chars().next(),
        NodeValue::Text(text) => text.chars().next_back(),
        NodeValue::SoftBreak | NodeValue::LineBreak => Some('\n'),
        _ => Some('\u{1}'),
    }
}

/// `--fine print--` → `<small>fine print</small>`, among the inline children of one parent (the
/// text inside may hold other inline markdown, not a line break).
fn small_text<'a>(arena: &'a Arena<'a>, parent: &'a AstNode<'a>) {
    // Candidate markers: (node, byte offset, can open, can close).
    let mut markers = Vec::new();
    let children: Vec<_> = parent.children().collect();
    for (position, node) in children.iter().enumerate() {
        let text = match &node.data().value {
            NodeValue::Text(text) => text.to_string(),
            NodeValue::SoftBreak | NodeValue::LineBreak => {
                markers.push((position, usize::MAX, false, false));
                continue;
            }
            _ => continue,
        };
        let bytes = text.as_bytes();
        let mut at = 0;
        while let Some(offset) = text[at..].find("--") {
            let start = at + offset;
            let before = match text[..start].chars().next_back() {
                Some(c) => Some(c),
                None => edge(node.previous_sibling(), false),
            };
            let after = match text[start + 2..].chars().next() {
                Some(c) => Some(c),
                None => edge(node.next_sibling(), true),
            };
            markers.push((position, start, opens(before, after), closes(before, after)));
            at = start + if bytes.get(start + 2) == Some(&b'-') { 1 } else { 2 };
        }
    }
    // Pair each opener with the next closer before a line break.
    let mut pairs = Vec::new();
    let mut open: Option<(usize, usize)> = None;
    for &(position, offset, can_open, can_close) in &markers {
        if offset == usize::MAX {
            open = None;
            continue;
        }
        match open {
            Some(opener) if can_close && (position, offset) > (opener.0, opener.1 + 2) => {
                pairs.push((opener, (position, offset)));
                open = None;
            }
            None if can_open => open = Some((position, offset)),
            Some(_) | None => {}
        }
    }
    // Split from the last marker backwards, so earlier offsets stay valid.
    let mut cuts: Vec<(usize, usize, &str)> = Vec::new();
    for (opener, closer) in pairs {
        cuts.push((opener.0, opener.1, "<small>"));
        cuts.push((closer.0, closer.1, "</small>"));
    }
    cuts.sort_by_key(|cut| std::cmp::Reverse((cut.0, cut.1)));
    for (position, offset, tag) in cuts {
        let node = children[position];
        let text = match &node.data().value {
            NodeValue::Text(text) => text.to_string(),
            _ => continue,
        };
        let (head, tail) = (&text[..offset], &text[offset + 2..]);
        if !tail.is_empty() {
            node.insert_after(arena.alloc(NodeValue::Text(tail.to_owned().into()).into()));
        }
        node.insert_after(arena.alloc(NodeValue::HtmlInline(tag.to_owned()).into()));
        node.data_mut().value = NodeValue::Text(head.to_owned().into());
    }
}
