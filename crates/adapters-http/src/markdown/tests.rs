//! The renderer against its corpus (`corpus.json`: every syntax the editor offers and hostile
//! inputs, each with the HTML expected), the policy's promises on every output, and inputs too large
//! or too deep for a file. `UPDATE_MARKDOWN_CORPUS=1 cargo test -p atelier-adapters-http markdown`
//! rewrites the expected HTML after a deliberate change; read the diff before committing it.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use regex::Regex;
use serde::{Deserialize, Serialize};

use super::*;
use crate::images::{LibraryImageDto, MediaVariantDto};

#[derive(Deserialize, Serialize)]
struct Case {
    name: String,
    markdown: String,
    html: String,
}

const CORPUS: &str = include_str!("corpus.json");

fn corpus() -> Vec<Case> {
    serde_json::from_str(CORPUS).expect("corpus.json is a list of {name, markdown, html}")
}

/// The start tags of sanitised HTML (a `<` outside a tag is escaped; quotes inside values are).
fn start_tags(html: &str) -> Vec<&str> {
    let mut tags = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        rest = &rest[start..];
        let mut quoted = false;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                if c == '"' {
                    quoted = !quoted;
                }
                c == '>' && !quoted
            })
            .map_or(rest.len(), |(index, _)| index + 1);
        tags.push(&rest[..end]);
        rest = &rest[end..];
    }
    tags
}

/// What no rendering may ever hold, whatever its input.
fn assert_harmless(name: &str, html: &str) {
    let forbidden = Regex::new(
        r"(?i)^<(script|style|iframe|frame|frameset|object|embed|form|input|button|select|textarea|svg|math|meta|base|link|template)\b",
    )
    .unwrap();
    let value = Regex::new(r#""[^"]*""#).unwrap();
    let attribute = Regex::new(r"(?i)\s(on[a-z]+|style|formaction|srcdoc|xlink:href|action)=").unwrap();
    let url = Regex::new(r#"(?i)\s(href|src|data)="\s*(javascript|vbscript|data):"#).unwrap();
    let id = Regex::new(r#"\sid="([^"]*)""#).unwrap();
    for tag in start_tags(html) {
        assert!(!forbidden.is_match(tag), "{name}: forbidden element {tag} in {html}");
        let names = value.replace_all(tag, "\"\"");
        assert!(!attribute.is_match(&names), "{name}: forbidden attribute in {tag}");
        assert!(!url.is_match(tag), "{name}: forbidden URL in {tag}");
        assert!(!tag.contains("target=\"_self\""), "{name}: {tag}");
        for found in id.captures_iter(tag) {
            assert!(found[1].starts_with("fn-") || found[1].starts_with("fnref-"), "{name}: id in {tag}");
        }
    }
}

#[test]
fn every_case_of_the_corpus_renders_as_expected_and_harmless() {
    let mut cases = corpus();
    let update = std::env::var_os("UPDATE_MARKDOWN_CORPUS").is_some();
    let mut failures = Vec::new();
    for case in &mut cases {
        let html = render(&case.markdown);
        assert_harmless(&case.name, &html);
        if html != case.html {
            if update {
                case.html = html;
            } else {
                failures.push(format!("{}:\n  expected {:?}\n  rendered {:?}", case.name, case.html, html));
            }
        }
    }
    if update {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/markdown/corpus.json");
        std::fs::write(path, serde_json::to_string_pretty(&cases).unwrap() + "\n").unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_syntax_the_editor_offers_has_its_element_and_class() {
    let html = render(
        "# H\n\n**b** *i* ~~s~~ ++u++ ==m== x^2^ H~2~O --small-- [[K]] {success: ok} [l](https://x.example) \
         ![p](/p.png)\n\n> q\n\n- [x] t\n\n| a |\n|---|\n| b |\n\n```rs\nfn x() {}\n```\n\n::: warning\nw\n:::\n\nF[^1]\n\n[^1]: n\n",
    );
    for expected in [
        "<h1>H</h1>",
        "<strong>b</strong>",
        "<em>i</em>",
        "<del>s</del>",
        "<ins>u</ins>",
        "<mark>m</mark>",
        "<sup>2</sup>",
        "<sub>2</sub>",
        "<small>small</small>",
        "<kbd>K</kbd>",
        "class=\"md-status md-status-success\"",
        "target=\"_blank\" rel=\"noopener noreferrer\"",
        "loading=\"lazy\"",
        "<blockquote>",
        "<span class=\"task-list-item-checkbox\" role=\"img\" aria-label=\"Done\">☑</span>",
        "<table>",
        "<div class=\"md-code\"><div class=\"md-code-language\">rs</div><pre tabindex=\"0\"><code class=\"language-rs\">",
        "<div class=\"md-warning\">",
        "<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\">1</a></sup>",
        "<section class=\"footnotes\">",
    ] {
        assert!(html.contains(expected), "{expected} in {html}");
    }
}

#[test]
fn inline_text_has_no_paragraph() {
    assert_eq!(render_inline("**Web** Development"), "<strong>Web</strong> Development");
    assert_eq!(render_inline("[[Ctrl]] --fine--"), "<kbd>Ctrl</kbd> <small>fine</small>");
    assert_eq!(render_inline(""), "");
    assert_eq!(render(""), "");
}

#[test]
fn pictures_of_the_media_library_get_their_copies_and_size_and_no_other_does() {
    let hash = "b".repeat(64);
    let library = LibraryImageDto {
        path: format!("/media/{hash}.png"),
        width: 1200,
        height: 800,
        variants: vec![MediaVariantDto { url: format!("/media/{hash}-480w.webp"), width: 480, height: 320, size: 1 }],
        alt: String::new(),
    };
    let html = render_with_images(
        &format!("![plan](/media/{hash}.png)\n\n![other](/images/x.png)"),
        std::slice::from_ref(&library),
    );
    assert!(
        html.contains(&format!(
            "width=\"1200\" height=\"800\" srcset=\"/media/{hash}-480w.webp 480w\" sizes=\"{}\"",
            policy::IMAGE_SIZES
        )),
        "{html}"
    );
    assert_eq!(html.matches("srcset").count(), 1, "{html}");
    assert!(!render(&format!("![plan](/media/{hash}.png)")).contains("srcset"));
}

#[test]
fn a_library_picture_without_alt_text_is_described_by_the_librarys() {
    let hash = "d".repeat(64);
    let library = LibraryImageDto {
        path: format!("/media/{hash}.png"),
        width: 1200,
        height: 800,
        variants: Vec::new(),
        alt: "A \"plan\" <drawn>".to_owned(),
    };
    let images = std::slice::from_ref(&library);
    let html = render_with_images(&format!("![](/media/{hash}.png)"), images);
    assert!(
        html.contains(&format!("<img src=\"/media/{hash}.png\" alt=\"A &quot;plan&quot; &lt;drawn&gt;\"")),
        "{html}"
    );
    assert_eq!(html.matches("alt=").count(), 1, "{html}");
    // The text's own alt text wins; another picture keeps its empty one.
    let html = render_with_images(&format!("![Floor plan](/media/{hash}.png) ![](/images/x.png)"), images);
    assert!(html.contains("alt=\"Floor plan\"") && html.contains("alt=\"\""), "{html}");
    assert!(!html.contains("drawn"), "{html}");
}

#[test]
fn the_feed_gets_absolute_addresses() {
    let html = to_html("[site](/about) ![pic](/images/a.png)", "https://studio.example");
    assert!(html.contains(r#"href="https://studio.example/about""#), "{html}");
    assert!(html.contains(r#"src="https://studio.example/images/a.png""#), "{html}");
}

#[test]
fn elements_deeper_than_the_bound_keep_their_content_and_lose_their_tags() {
    let deep = format!("{}x{}", "<div>".repeat(100), "</div>".repeat(100));
    let html = render(&deep);
    assert_eq!(html.matches("<div>").count(), policy::MAX_DEPTH, "{html}");
    assert!(html.contains('x'));
    let quotes = render(&format!("{}deep", "> ".repeat(100)));
    assert_eq!(quotes.matches("<blockquote>").count(), policy::MAX_DEPTH);
    assert!(quotes.contains("deep"));
    // An ordinary text is left as it is.
    assert!(matches!(policy::flatten("<p>a <b>b</b><br>c</p>"), std::borrow::Cow::Borrowed(_)));
}

#[test]
fn plain_html_keeps_the_words_and_no_markup() {
    assert_eq!(plain_html("Tom & Jerry <b>bold</b>"), "Tom &amp; Jerry bold");
    assert_eq!(plain_html("<script>alert(1)</script>safe"), "safe");
    assert_eq!(plain_html("a < b"), "a &lt; b");
    assert_eq!(plain_html("<img src=x onerror=alert(1)>"), "");
    assert_eq!(plain_html("&lt;script&gt;"), "&lt;script&gt;");
}

#[test]
fn text_drops_the_markup_and_keeps_the_words() {
    assert_eq!(
        to_text("# Title\n\nSome **bold** and `code`,\nand a [link](/x).\n\n- one\n- two"),
        "Title Some bold and code, and a link. one two"
    );
    assert_eq!(to_text("<b>raw</b> text"), "raw text");
}

#[test]
fn summaries_cut_at_a_word_with_an_ellipsis() {
    assert_eq!(summary("short  text", 160), "short text");
    assert_eq!(summary("one two three four five", 14), "one two three…");
    assert_eq!(summary("one two, three", 10), "one two…");
    assert_eq!(summary(&"x".repeat(20), 10), format!("{}…", "x".repeat(9)));
    assert!(summary(&"word ".repeat(100), 160).chars().count() <= 160);
}

/// Renders `markdown` on a thread with a small stack (a deep structure must not recurse per level)
/// within `limit`, and checks the result.
fn renders_in_time(name: &str, markdown: String, limit: Duration) -> String {
    let name = name.to_owned();
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let started = Instant::now();
            let html = render(&markdown);
            let took = started.elapsed();
            eprintln!("{name}: {took:?}");
            assert!(took < limit, "{name} took {took:?}");
            assert_harmless(&name, &html);
            html
        })
        .unwrap()
        .join()
        .unwrap()
}

// Debug builds are about ten times slower than release; the limits are for debug builds.
#[test]
fn large_and_deep_inputs_render_in_bounded_time_and_stack() {
    let megabyte = "Some **bold** text with [[Ctrl]] and {success: ok} and --small-- words.\n\n".repeat(14_000);
    assert!(megabyte.len() > 1_000_000);
    renders_in_time("1 MB", megabyte, Duration::from_secs(60));
    renders_in_time("deep quotes", format!("{}deep", "> ".repeat(10_000)), Duration::from_secs(30));
    let mut list = String::new();
    for depth in 0..300 {
        list.push_str(&"  ".repeat(depth));
        list.push_str("- item\n");
    }
    renders_in_time("deep lists", list, Duration::from_secs(30));
    renders_in_time(
        "deep emphasis",
        format!("{}x{}", "*a ".repeat(5_000), " a*".repeat(5_000)),
        Duration::from_secs(30),
    );
    renders_in_time("deep raw HTML", "<div>".repeat(20_000), Duration::from_secs(30));
    let mut table = format!("|{}\n|{}\n", " h |".repeat(50), "---|".repeat(50));
    for _ in 0..1_000 {
        let _ = writeln!(table, "|{}", " cell |".repeat(50));
    }
    renders_in_time("huge table", table, Duration::from_secs(60));
    renders_in_time("many brackets", "[[".repeat(50_000), Duration::from_secs(30));
    renders_in_time("many dashes", "--a ".repeat(50_000), Duration::from_secs(30));
    renders_in_time("many badges", "{success: ".repeat(50_000), Duration::from_secs(30));
    let mut footnotes = String::new();
    for n in 0..2_000 {
        let _ = write!(footnotes, "A[^{n}]\n\n[^{n}]: see [^{}]\n\n", (n + 1) % 2_000);
    }
    renders_in_time("footnote ring", footnotes, Duration::from_secs(30));
}

#[test]
fn a_heading_that_repeats_the_title_is_left_out() {
    assert_eq!(without_title_heading("# Hello World\n\nBody", "hello world"), "Body");
    assert_eq!(without_title_heading("  # Hello ##\r\nBody", "Hello"), "Body");
    assert_eq!(without_title_heading("# Other\n\nBody", "Hello"), "# Other\n\nBody");
    assert_eq!(without_title_heading("## Hello\n\nBody", "Hello"), "## Hello\n\nBody");
    assert_eq!(without_title_heading("#Hello\n\nBody", "Hello"), "#Hello\n\nBody");
}

/// What rendering costs, for docs/performance.md: `cargo test --release -p atelier-adapters-http
/// --lib markdown::tests::cost -- --ignored --nocapture`, with `MARKDOWN_SAMPLES` naming a JSON list
/// of texts (the demo's posts; by default the corpus). Prints the time of one rendering of the
/// longest text, of a remembered one, and of a page of twelve remembered texts.
#[test]
#[ignore = "a measurement, run by hand in release"]
fn cost() {
    let samples: Vec<String> = match std::env::var("MARKDOWN_SAMPLES") {
        Ok(path) => serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap(),
        Err(_) => corpus().into_iter().map(|case| case.markdown).collect(),
    };
    let longest = samples.iter().max_by_key(|text| text.len()).unwrap().clone();
    let runs = 200;
    let started = Instant::now();
    for run in 0..runs {
        // A text never seen: the memo cannot answer.
        let _ = render(&format!("{longest}\n\n{run}"));
    }
    let cold = started.elapsed() / runs;
    let _ = render(&longest);
    let started = Instant::now();
    for _ in 0..runs {
        let _ = render(&longest);
    }
    let warm = started.elapsed() / runs;
    let page: Vec<&String> = samples.iter().cycle().take(12).collect();
    for text in &page {
        let _ = render(text);
    }
    let started = Instant::now();
    for _ in 0..runs {
        for text in &page {
            let _ = render(text);
        }
    }
    let list = started.elapsed() / runs;
    eprintln!(
        "longest text {} bytes: rendered in {cold:?}, remembered in {warm:?}; a page of 12 remembered texts in {list:?}",
        longest.len()
    );
}

/// The import's round trip: each HTML fragment of real exports' shapes
/// (`crates/application/tests/fixtures/import/html`) is converted to markdown as an import does,
/// rendered as the site renders it, and what a reader sees there is held against what the old site
/// showed: every word (in order), heading, link, picture, list item and block of code.
#[test]
fn imported_html_keeps_what_readers_see() {
    use atelier_application::import::html::{Outline, as_shown, convert, outline};
    use atelier_application::import::model::Platform;

    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../application/tests/fixtures/import/html");
    let attachments: std::collections::HashMap<String, String> = (61..=63)
        .map(|id| (id.to_string(), format!("https://old.example/wp-content/uploads/2022/06/offsite-{id}.jpg")))
        .collect();
    let mut names: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|entry| entry.unwrap().path()).collect();
    names.sort();
    assert!(names.len() >= 6, "the corpus is in {}", folder.display());
    for path in names {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).unwrap();
        let platform = if name.starts_with("ghost") { Platform::Ghost } else { Platform::WordPress };
        let shown: Outline = outline(&as_shown(&source, platform, &attachments, &mut Vec::new()));
        let markdown = convert(&source, platform, &attachments).markdown;
        let rendered = outline(&render(&markdown));
        let context = format!("{name}\n--- markdown\n{markdown}\n--- rendered\n{}", render(&markdown));
        assert_eq!(rendered.headings, shown.headings, "headings of {context}");
        assert_eq!(rendered.images, shown.images, "pictures of {context}");
        assert_eq!(rendered.list_items, shown.list_items, "list items of {context}");
        assert_eq!(rendered.code, shown.code, "code of {context}");
        for link in &shown.links {
            assert!(rendered.links.contains(link), "the link {link} is lost in {context}");
        }
        let mut words = rendered.words.iter();
        for word in &shown.words {
            assert!(
                words.any(|kept| kept == word),
                "the word “{word}” (or its place) is lost in {context}\n{:?}",
                rendered.words
            );
        }
        assert!(!render(&markdown).contains("<script") && !render(&markdown).contains("<iframe"), "{context}");
    }
}
