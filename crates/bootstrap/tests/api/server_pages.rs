//! The public pages whose content the server writes into the HTML it sends (`site/content.rs`): a
//! visitor without scripts, a crawler or a link preview reads it, and the page's script finds the
//! API answers it would ask for first embedded in the page.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, write_prerendered_pages};

async fn app_with_pages() -> TestApp {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    app
}

async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.text().await.unwrap())
}

/// What the page's preview slot holds: the content the server wrote.
fn region(html: &str) -> &str {
    let opening = "<div data-preview=\"\">";
    let start = html.find(opening).expect("a preview slot") + opening.len();
    let end = html[start..]
        .find("</div><div data-preview=\"footer\">")
        .or_else(|| html[start..].find("</div></div></body>"))
        .map_or(html.len(), |end| start + end);
    &html[start..end]
}

/// The answers embedded in the page, by their query key's path.
fn embedded(html: &str) -> Vec<(Value, Value)> {
    let opening = "<script type=\"application/json\" id=\"atelier-data\">";
    assert_eq!(html.matches(opening).count(), 1, "one embedded data element: {html}");
    let start = html.find(opening).unwrap() + opening.len();
    let text = &html[start..start + html[start..].find("</script>").unwrap()];
    assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'), "{text}");
    let entries: Vec<Value> = serde_json::from_str(text).unwrap_or_else(|error| panic!("{error}: {text}"));
    entries.into_iter().map(|entry| (entry[0].clone(), entry[1].clone())).collect()
}

fn answer<'a>(entries: &'a [(Value, Value)], key: &Value) -> &'a Value {
    &entries.iter().find(|(k, _)| k == key).unwrap_or_else(|| panic!("no answer for {key} in {entries:?}")).1
}

#[tokio::test]
async fn the_services_page_arrives_with_every_active_service_and_the_answers_its_script_reads() {
    let app = app_with_pages().await;
    let (_, services) = app.get_json("/api/services?status=active").await;
    let services = services.as_array().unwrap().clone();
    assert!(services.len() >= 3, "the demo's services");
    let (status, html) = page(&app, "/services").await;
    assert_eq!(status, 200);
    let cards = region(&html);
    assert_eq!(cards.matches("data-testid=\"service-card\"").count(), services.len(), "{cards}");
    let mut at = 0;
    for service in &services {
        let title = service["title"].as_str().unwrap();
        let found = cards[at..].find(&format!("<span class=\"\">{title}</span>")).map(|offset| at + offset);
        at = found.unwrap_or_else(|| panic!("{title} after the one before it in {cards}"));
        for feature in service["features"].as_array().unwrap().iter().take(3) {
            // Features are markdown: the demo's bold words arrive as <strong>.
            let words = feature.as_str().unwrap().split("**").next().unwrap();
            assert!(cards.contains(&format!("<span class=\"\">{words}")), "{feature} in {cards}");
        }
    }
    assert!(cards.starts_with("<div class=\"grid gap-8 md:grid-cols-2 lg:grid-cols-3\"><article"), "{cards}");
    assert!(cards.contains("<i>✓</i>"), "the build's tick before each feature: {cards}");

    // The answers are the API's, under the keys the page's queries read them with.
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!(["/services", {"status": "active"}])), &Value::Array(services));
    let (_, settings) = app.get_json("/api/settings").await;
    assert_eq!(answer(&entries, &json!(["/settings"])), &settings);
}

#[tokio::test]
async fn a_service_changed_through_the_api_shows_on_the_next_services_page() {
    let app = app_with_pages().await;
    let (_, html) = page(&app, "/services").await;
    assert!(!html.contains("Quantum Gardening"));
    let (_, services) = app.get_json("/api/services?status=active").await;
    let id = services[0]["_id"].as_str().unwrap();
    let change = json!({"title": "Quantum Gardening", "features": ["Seeds", "Soil"], "icon": "faCode", "showPrice": true, "priceDisplay": "From €9"});
    let (status, body) = app.admin().put_json(&format!("/api/services/{id}"), &change).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app.admin().put_json("/api/settings/services", &json!({"showPrices": true})).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, "/services").await;
    let cards = region(&html);
    assert!(cards.contains("<span class=\"\">Quantum Gardening</span>"), "{cards}");
    assert!(cards.contains("<i data-icon=\"code\"></i><h3"), "the build's icon for faCode: {cards}");
    assert!(cards.contains("<span class=\"\">Soil</span>"), "{cards}");
    assert!(cards.contains(">From €9</p>"), "the price line: {cards}");
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!(["/settings"]))["services"]["showPrices"], true);

    // An inactive service leaves the page and its answer.
    let (status, _) = app.admin().put_json(&format!("/api/services/{id}"), &json!({"status": "inactive"})).await;
    assert_eq!(status, 200);
    let (_, html) = page(&app, "/services").await;
    assert!(!html.contains("Quantum Gardening"), "{html}");
}

#[tokio::test]
async fn hostile_service_texts_cannot_break_out_of_the_page_or_its_embedded_answers() {
    let app = app_with_pages().await;
    let hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)> \" ' & <!--";
    let body = json!({"title": hostile, "shortDescription": hostile, "features": [hostile], "priceDisplay": hostile});
    let (status, created) = app.admin().post_json("/api/services", &body).await;
    assert_eq!(status, 201, "{created}");
    let (status, html) = page(&app, "/services").await;
    assert_eq!(status, 200);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x") && !html.contains("onerror=alert(2)>"), "{html}");
    assert!(!html.contains("<!--"), "{html}");
    let cards = region(&html);
    assert!(cards.contains("aria-label=\"Discuss a &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "{cards}");
    let entries = embedded(&html);
    let services = answer(&entries, &json!(["/services", {"status": "active"}])).as_array().unwrap();
    assert!(services.iter().any(|service| service["title"] == created["title"]), "the text as stored");
}

#[tokio::test]
async fn a_services_page_with_no_active_service_says_so() {
    let app = app_with_pages().await;
    let (_, services) = app.get_json("/api/services?status=active").await;
    for service in services.as_array().unwrap() {
        let id = service["_id"].as_str().unwrap();
        assert_eq!(app.admin().delete(&format!("/api/services/{id}")).await.0, 204);
    }
    let (status, html) = page(&app, "/services").await;
    assert_eq!(status, 200);
    assert_eq!(region(&html), "<p class=\"text-center text-gray-500\">No services available at the moment.</p>");
    assert_eq!(answer(&embedded(&html), &json!(["/services", {"status": "active"}])), &json!([]));
}

const POST: &str = "designing-apis-people-enjoy-using";

#[tokio::test]
async fn a_post_page_arrives_with_its_byline_text_and_tags_and_its_answer_embedded() {
    let app = app_with_pages().await;
    write_post_preview(&app);
    let (_, post) = app.get_json(&format!("/api/blog/public/posts/slug/{POST}")).await;
    let (status, html) = page(&app, &format!("/blog/{POST}")).await;
    assert_eq!(status, 200);
    let article = region(&html);
    assert!(article.contains("<h1>Designing APIs People Enjoy Using</h1>"), "{article}");
    assert!(article.contains("<b>Maya Chen</b><i>MC</i>"), "the byline: {article}");
    assert!(article.contains(&format!("<s>{} views</s>", post["views"])), "{article}");
    // The text without the heading that repeats the title, rendered by the server; then the tags.
    assert!(article.contains("<div class=\"markdown-body mt-10\"><p>An API is a <strong>user interface"), "{article}");
    assert!(!article.contains("<h1>Designing APIs People Enjoy Using</h1>\n"), "{article}");
    assert!(article.contains("<h2>Start from the contract</h2>"), "{article}");
    assert!(article.contains("#API Design</li>"), "{article}");
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!([format!("/blog/public/posts/slug/{POST}")])), &post);

    // A change through the API shows at once.
    let id = post["_id"].as_str().unwrap();
    let change = json!({"content": "## Changed at once\n\nNew words."});
    let (status, body) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &change).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, &format!("/blog/{POST}")).await;
    assert!(region(&html).contains("<h2>Changed at once</h2>"), "{html}");
    assert!(!region(&html).contains("Start from the contract"), "{html}");

    // A draft has no page and embeds nothing of it (the not-found page has its footer's answers).
    let (status, body) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"status": "draft"})).await;
    assert_eq!(status, 200, "{body}");
    let (status, html) = page(&app, &format!("/blog/{POST}")).await;
    assert_eq!(status, 404);
    assert!(!html.contains("Changed at once") && !html.contains("/blog/public/posts/slug"), "{html}");
}

#[tokio::test]
async fn a_hostile_post_cannot_break_out_of_its_page_or_its_embedded_answer() {
    let app = app_with_pages().await;
    write_post_preview(&app);
    let hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)> \" ' & <!--";
    let body = json!({
        "title": hostile, "slug": "hostile-page", "status": "published", "authorName": hostile,
        "content": format!("{hostile}\n\n[x](javascript:alert(3))"), "excerpt": "x"
    });
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    let (status, html) = page(&app, "/blog/hostile-page").await;
    assert_eq!(status, 200);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x") && !html.contains("onerror=alert(2)>"), "{html}");
    let article = region(&html);
    assert!(!article.contains("javascript:"), "no link runs a script: {article}");
    assert!(article.contains("<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "{article}");
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!(["/blog/public/posts/slug/hostile-page"]))["title"], created["title"]);
}

/// The post page's preview as the build draws it: the header, byline and `{{html:body}}`.
fn write_post_preview(app: &TestApp) {
    let file = app.folder.path().join("web/public/pages.json");
    let mut list: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    for entry in list["pages"].as_array_mut().unwrap() {
        if entry["pattern"] == "/blog/:slug" {
            entry["preview"] = json!(
                "<article><p>{{categoryName}}</p><h1>{{title}}</h1><b>{{authorName}}</b><i>{{authorInitials}}</i>\
                 <time dateTime=\"{{published}}\">{{publishedDate}}</time><s>{{views}} views</s>{{readingTime}}\
                 <img data-cover=\"/images/demo/blog-1.svg\" alt=\"\"/>{{html:body}}</article>"
            );
        }
    }
    std::fs::write(file, list.to_string()).unwrap();
}

/// The policy pages as the build lists them: a slot in their loading state, and their built-in text
/// as `parts` (`policyParts`).
fn write_policy_pages(app: &TestApp) {
    let public = app.folder.path().join("web/public");
    let file = public.join("pages.json");
    let mut list: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    for (pattern, name) in [("/privacy-policy", "Privacy Policy"), ("/terms-of-service", "Terms of Service")] {
        let page = format!("pages{pattern}.html");
        std::fs::write(
            public.join(&page),
            format!(
                "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <title>{name} | Atelier</title>\n  </head>\n  \
                 <body><div id=\"root\"><div data-preview=\"\"></div></div></body>\n</html>\n"
            ),
        )
        .unwrap();
        list["pages"].as_array_mut().unwrap().push(json!({
            "pattern": pattern, "file": page, "name": name, "description": "",
            "parts": {
                "title": format!("Built-in {name}"), "subtitle": "The built-in subtitle &amp; more",
                "lastUpdated": "2024-03-15T00:00:00Z", "body": "<div class=\"markdown-body\"><h2>Built-in text</h2></div>",
            },
        }));
    }
    std::fs::write(file, list.to_string()).unwrap();
}

#[tokio::test]
async fn a_policy_page_arrives_with_its_title_date_and_text_and_its_answer_embedded() {
    let app = app_with_pages().await;
    write_policy_pages(&app);
    let (status, stored) = app.get_json("/api/content/privacy").await;
    assert_eq!(status, 200, "the demo's privacy policy");
    let (status, html) = page(&app, "/privacy-policy").await;
    assert_eq!(status, 200);
    let shown = region(&html);
    let title = stored["title"].as_str().unwrap();
    let updated =
        chrono::DateTime::parse_from_rfc3339(stored["lastUpdated"].as_str().or(stored["updatedAt"].as_str()).unwrap())
            .unwrap();
    let expected = format!(
        "<section class=\"bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-32 pb-16\"><div class=\"mx-auto \
         max-w-4xl px-4 text-center sm:px-6 lg:px-8\"><h1 class=\"text-4xl font-bold text-gray-900 md:text-5xl\">{title}\
         </h1><div class=\"mt-4 text-lg text-gray-600\">{}</div></div></section><article class=\"mx-auto max-w-3xl px-4 \
         py-16 sm:px-6\"><p class=\"mb-8 text-sm text-gray-500\">Last updated: {}</p><div class=\"markdown-body\">{}\
         </div></article>",
        stored["subtitle"].as_str().unwrap(),
        updated.format("%B %-d, %Y"),
        stored["contentHtml"].as_str().unwrap(),
    );
    assert_eq!(shown, expected);
    assert_eq!(answer(&embedded(&html), &json!(["/content/privacy"])), &stored);
}

#[tokio::test]
async fn a_policy_changed_through_the_api_shows_at_once_and_a_missing_one_shows_the_built_in_text() {
    let app = app_with_pages().await;
    write_policy_pages(&app);
    let (_, html) = page(&app, "/privacy-policy").await;
    assert!(!html.contains("Cookies we bake"));
    let change = json!({"title": "Our <privacy>", "subtitle": "", "content": "## Cookies we bake\n\n<script>alert(1)</script>", "lastUpdated": "2025-02-01"});
    let (status, body) = app.admin().put_json("/api/content/privacy", &change).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, "/privacy-policy").await;
    let shown = region(&html);
    assert!(shown.contains("<h2>Cookies we bake</h2>"), "{shown}");
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(shown.contains(">Our &lt;privacy&gt;</h1>"), "{shown}");
    assert!(
        shown.contains(">The built-in subtitle &amp; more</div>"),
        "an empty subtitle is the built-in one: {shown}"
    );
    assert!(shown.contains("Last updated: February 1, 2025</p>"), "{shown}");
    assert_eq!(answer(&embedded(&html), &json!(["/content/privacy"]))["title"], "Our <privacy>");

    // A draft is not shown to visitors: the page shows its built-in text, and its answer is none.
    let (status, _) = app.admin().patch_json("/api/content/terms/status", &json!({"status": "draft"})).await;
    assert_eq!(status, 200);
    let (status, html) = page(&app, "/terms-of-service").await;
    assert_eq!(status, 200);
    let shown = region(&html);
    assert!(shown.contains(">Built-in Terms of Service</h1>"), "{shown}");
    assert!(shown.contains(">The built-in subtitle &amp; more</div>"), "{shown}");
    assert!(
        shown.contains("Last updated: March 15, 2024</p><div class=\"markdown-body\"><h2>Built-in text</h2></div>")
    );
    assert_eq!(answer(&embedded(&html), &json!(["/content/terms"])), &Value::Null);
}

/// The build's stand-ins for the pages this file's later cases read: `/faq` and `/about` with the
/// slot their loading state keeps (and `/about`'s built-in text and stars as `parts`), a project's
/// preview with the places its article's parts go, and the lists' count line and whole cards.
fn write_whole_pages(app: &TestApp) {
    let public = app.folder.path().join("web/public");
    for (file, name) in [("pages/faq.html", "Frequently Asked Questions"), ("pages/about.html", "About Us")] {
        std::fs::write(
            public.join(file),
            format!(
                "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <title>{name} | Atelier</title>\n  </head>\n  \
                 <body><div id=\"root\"><div data-preview=\"\"></div></div></body>\n</html>\n"
            ),
        )
        .unwrap();
    }
    let file = public.join("pages.json");
    let mut list: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let stars = json!({"star:full": "<i>*</i>", "star:half": "<i>/</i>", "star:empty": "<i>.</i>"});
    for entry in list["pages"].as_array_mut().unwrap() {
        match entry["pattern"].as_str().unwrap() {
            "/about" => {
                let mut parts = json!({
                    "title": "About Us", "subtitle": "The built-in subtitle", "description": "The built-in words.",
                    "mission": "The built-in mission", "vision": "The built-in vision",
                    "value:0": "Craft - Built in", "value:1": "Candour",
                });
                parts.as_object_mut().unwrap().extend(stars.as_object().unwrap().clone());
                entry["parts"] = parts;
            }
            "/project/:slugOrId" => {
                entry["preview"] = json!(
                    "<article><header>{{html:chips}}<h1>{{title}}</h1><p>{{shortDescription}}</p>{{html:rating}}</header>\
                     {{html:facts}}<img data-cover=\"/images/demo/project-1.svg\" alt=\"{{title}}\"/>{{html:overview}}\
                     {{html:aside}}</article>"
                );
                entry["parts"] = stars.clone();
            }
            "/blog" | "/portfolio" => entry["preview"] = json!("<p>{{count}}</p><ul>{{cards}}</ul>"),
            _ => {}
        }
        match entry["pattern"].as_str().unwrap() {
            "/blog" => {
                entry["card"] = json!(
                    "<li><img data-cover=\"/images/demo/blog-1.svg\" alt=\"\"/><span>{{categoryName}}</span>\
                     <time dateTime=\"{{published}}\">{{publishedDate}}</time><span>{{readingTime}}</span>\
                     <a href=\"/blog/{{slug}}\">{{title}}</a><p>{{excerpt}}</p><b>{{authorInitials}}</b><i>{{authorName}}</i></li>"
                );
            }
            "/portfolio" => {
                entry["card"] = json!(
                    "<li><div><img data-cover=\"/images/demo/project-1.svg\" alt=\"\"/>{{html:badge}}</div>\
                     <p>{{category}}</p><h3>{{title}}</h3><p>{{summary}}</p>{{html:details}}</li>"
                );
            }
            _ => {}
        }
    }
    std::fs::write(file, list.to_string()).unwrap();
}

async fn app_with_whole_pages() -> TestApp {
    let app = app_with_pages().await;
    write_whole_pages(&app);
    app
}

const HOSTILE: &str = "</script><script>alert(1)</script><img src=x onerror=alert(2)> \" ' & <!--";

/// The page holds nothing a hostile text could have made: no script, no element, no comment.
fn assert_inert(html: &str) {
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x") && !html.contains("onerror=alert(2)>"), "{html}");
    assert!(!html.contains("<!--"), "{html}");
}

#[tokio::test]
async fn the_faq_page_arrives_with_every_active_question_and_answer_and_its_answer_embedded() {
    let app = app_with_whole_pages().await;
    let (_, faqs) = app.get_json("/api/faqs?status=active&limit=100").await;
    let questions = faqs["data"].as_array().unwrap();
    assert!(questions.len() >= 10, "the demo's FAQs");
    let (status, html) = page(&app, "/faq").await;
    assert_eq!(status, 200);
    let shown = region(&html);
    assert_eq!(shown.matches("data-testid=\"faq-item\"").count(), questions.len(), "{shown}");
    let mut at = 0;
    for faq in questions {
        let question = escape(faq["question"].as_str().unwrap());
        let found = shown[at..].find(&format!(">{question}<span")).map(|offset| at + offset);
        at = found.unwrap_or_else(|| panic!("{question} after the one before it in {shown}"));
        let answer = format!(
            "hidden=\"\" data-faq-answer=\"\" class=\"px-6 pb-5 text-gray-700\"><div class=\"markdown-body\">{}</div>",
            faq["answerHtml"].as_str().unwrap()
        );
        assert!(shown[at..].contains(&answer), "the answer, collapsed, in the HTML: {answer}");
    }
    // The topic buttons: every tag once, alphabetically, after "All Topics".
    let mut topics: Vec<String> = questions
        .iter()
        .flat_map(|faq| faq["tags"].as_array().unwrap().iter().map(|tag| tag.as_str().unwrap().trim().to_owned()))
        .collect();
    topics.sort();
    topics.dedup();
    let buttons: Vec<&str> = shown
        .split("aria-pressed=\"false\" class=\"")
        .skip(1)
        .map(|rest| {
            let text = &rest[rest.find("\">").unwrap() + 2..];
            &text[..text.find("</button>").unwrap()]
        })
        .collect();
    assert_eq!(buttons, topics);
    assert!(shown.contains("aria-pressed=\"true\""), "{shown}");
    assert_eq!(answer(&embedded(&html), &json!(["/faqs", {"status": "active", "limit": 100}])), &faqs);

    // The demo's inactive and draft questions are not there.
    let (_, hidden) = app.admin().get_json("/api/faqs?limit=100").await;
    for faq in hidden["data"].as_array().unwrap().iter().filter(|faq| faq["status"] != "active") {
        assert!(!html.contains(&escape(faq["question"].as_str().unwrap())), "{faq}");
    }

    // A change through the API shows on the next request; a hostile question stays text.
    let id = questions[0]["_id"].as_str().unwrap();
    let change = json!({"question": HOSTILE, "answer": "## Changed at once\n\n<script>alert(3)</script>"});
    let (status, body) = app.admin().put_json(&format!("/api/faqs/{id}"), &change).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, "/faq").await;
    assert_inert(&html);
    assert!(region(&html).contains("<h2>Changed at once</h2>"), "{html}");
    assert!(region(&html).contains(&format!(">{}<span", escape(HOSTILE))), "{html}");
    let entries = embedded(&html);
    let embedded_faqs = answer(&entries, &json!(["/faqs", {"status": "active", "limit": 100}]));
    assert!(embedded_faqs["data"].as_array().unwrap().iter().any(|faq| faq["question"] == HOSTILE));
}

#[tokio::test]
async fn the_about_page_arrives_with_its_text_team_and_testimonials_and_their_answers_embedded() {
    let app = app_with_whole_pages().await;
    let (_, about) = app.get_json("/api/content/about").await;
    let (_, team) = app.get_json("/api/team?status=active&limit=100").await;
    let (_, testimonials) = app.get_json("/api/testimonials?status=approved&limit=30").await;
    let members = team["teamMembers"].as_array().unwrap();
    let quotes = testimonials["testimonials"].as_array().unwrap();
    assert!(!members.is_empty() && !quotes.is_empty(), "the demo's team and testimonials");
    let (status, html) = page(&app, "/about").await;
    assert_eq!(status, 200);
    let shown = region(&html);
    if about.is_object() {
        let title = about["title"].as_str().unwrap().trim();
        assert!(
            shown
                .contains(&format!("md:text-5xl\">{}</h1>", escape(if title.is_empty() { "About Us" } else { title })))
        );
        let mission = about["mission"].as_str().unwrap().trim();
        if !mission.is_empty() {
            assert!(shown.contains(&format!("<p class=\"mt-3 text-gray-700\">{}</p>", escape(mission))), "{shown}");
        }
    }
    let mut at = 0;
    for member in members {
        let name = format!(
            "text-gray-900\">{}</h3><p class=\"text-sm text-gray-600\">{}</p>",
            escape(member["name"].as_str().unwrap()),
            escape(member["position"].as_str().unwrap())
        );
        at += shown[at..].find(&name).unwrap_or_else(|| panic!("{name} in order in {shown}"));
    }
    assert_eq!(shown.matches("data-testid=\"testimonial-card\"").count(), quotes.len());
    for quote in quotes {
        assert!(shown.contains(&format!("text-gray-900\">{}</span>", escape(quote["name"].as_str().unwrap()))));
    }
    assert!(shown.contains("aria-label=\"Rated "), "{shown}");
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!(["/content/about"])), &about);
    assert_eq!(answer(&entries, &json!(["/team", {"status": "active", "limit": 100}])), &team);
    assert_eq!(answer(&entries, &json!(["/testimonials", {"status": "approved", "limit": 30}])), &testimonials);

    // A member made inactive is gone at once; new texts show, hostile ones as text.
    let id = members[0]["_id"].as_str().unwrap();
    let (status, body) = app.admin().put_json(&format!("/api/team/{id}"), &json!({"status": "inactive"})).await;
    assert_eq!(status, 200, "{body}");
    let change = json!({"mission": HOSTILE, "values": ["Quiet work - done well"]});
    let (status, body) = app.admin().put_json("/api/content/about", &change).await;
    assert_eq!(status, 200, "{body}");
    let body =
        json!({"name": HOSTILE, "company": "Acme", "content": "Great **work**", "rating": 4.5, "status": "approved"});
    let (status, created) = app.admin().post_json("/api/testimonials", &body).await;
    assert_eq!(status, 201, "{created}");
    let (_, html) = page(&app, "/about").await;
    assert_inert(&html);
    let shown = region(&html);
    assert!(!shown.contains(&format!(">{}</h3>", escape(members[0]["name"].as_str().unwrap()))), "{shown}");
    assert!(shown.contains(&format!("<p class=\"mt-3 text-gray-700\">{}</p>", escape(HOSTILE))), "{shown}");
    assert!(shown.contains(">Quiet work</h3><p class=\"mt-2 text-sm text-gray-600\">done well</p>"), "{shown}");
    assert!(shown.contains("<p>Great <strong>work</strong></p>"), "{shown}");
    assert!(!shown.contains("Craft"), "the stored values, not the built-in ones: {shown}");
}

#[tokio::test]
async fn an_about_page_without_stored_text_shows_the_built_in_one() {
    let app = app_with_whole_pages().await;
    let (status, _) = app.admin().patch_json("/api/content/about/status", &json!({"status": "draft"})).await;
    assert_eq!(status, 200);
    let (status, html) = page(&app, "/about").await;
    assert_eq!(status, 200);
    let shown = region(&html);
    assert!(shown.contains(">About Us</h1><div class=\"mt-4 text-lg text-gray-600\">The built-in subtitle</div>"));
    assert!(shown.contains("<p>The built-in words.</p>") && shown.contains(">The built-in mission</p>"), "{shown}");
    assert!(shown.contains(">Craft</h3><p class=\"mt-2 text-sm text-gray-600\">Built in</p>"), "{shown}");
    assert_eq!(answer(&embedded(&html), &json!(["/content/about"])), &Value::Null);
}

#[tokio::test]
async fn a_project_page_arrives_whole_with_its_answers_embedded_and_a_draft_is_not_found() {
    let app = app_with_whole_pages().await;
    let (_, list) = app.get_json("/api/portfolio?status=published&limit=100").await;
    let listed = list["projects"].as_array().unwrap();
    let chosen = listed.iter().find(|project| project["technologies"].as_array().unwrap().len() >= 2).unwrap();
    let slug = chosen["slug"].as_str().unwrap();
    let (_, project) = app.get_json(&format!("/api/portfolio/slug/{slug}")).await;
    let (_, technologies) = app.get_json("/api/technologies?limit=100").await;
    let (_, tags) = app.get_json("/api/tags").await;
    let (status, html) = page(&app, &format!("/project/{slug}")).await;
    assert_eq!(status, 200);
    let article = region(&html);
    assert!(article.contains(&format!("<h1>{}</h1>", escape(project["title"].as_str().unwrap()))), "{article}");
    assert!(article.contains(&format!(
        ">Client</dt><dd class=\"mt-1 font-semibold text-gray-900\">{}</dd>",
        escape(project["client"].as_str().unwrap())
    )));
    assert!(article.contains(&format!(
        "Project Overview</h2><div class=\"mt-4\"><div class=\"markdown-body\">{}</div>",
        project["contentHtml"].as_str().unwrap()
    )));
    for id in project["technologies"].as_array().unwrap().iter().take(6) {
        let technology = technologies["data"].as_array().unwrap().iter().find(|item| item["_id"] == *id).unwrap();
        assert!(article.contains(&format!("text-blue-800\">{}</li>", escape(technology["name"].as_str().unwrap()))));
    }
    assert!(article.contains("aria-label=\"Rated ") && article.contains("<i>*</i>"), "{article}");
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!([format!("/portfolio/slug/{slug}")])), &project);
    assert_eq!(answer(&entries, &json!(["/technologies", {"limit": 100}])), &technologies);
    assert_eq!(answer(&entries, &json!(["/tags"])), &tags);

    // A change shows at once, a hostile text as text; a draft has no page and embeds nothing of it
    // (the not-found page has its footer's answers).
    let id = project["_id"].as_str().unwrap();
    let change = json!({"client": HOSTILE, "description": "## Changed at once\n\nNew words."});
    let (status, body) = app.admin().put_json(&format!("/api/portfolio/{id}"), &change).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, &format!("/project/{slug}")).await;
    assert_inert(&html);
    assert!(region(&html).contains("<h2>Changed at once</h2>"), "{html}");
    assert!(region(&html).contains(&escape(HOSTILE)), "{html}");
    let (status, body) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"status": "draft"})).await;
    assert_eq!(status, 200, "{body}");
    let (status, html) = page(&app, &format!("/project/{slug}")).await;
    assert_eq!(status, 404);
    assert!(!html.contains("Changed at once") && !html.contains("/portfolio/slug"), "{html}");
}

#[tokio::test]
async fn the_blog_arrives_with_its_whole_first_page_and_the_answers_its_first_render_reads() {
    let app = app_with_whole_pages().await;
    let (_, posts) = app.get_json("/api/blog/public/posts?page=1&limit=12&status=published").await;
    let (_, categories) = app.get_json("/api/blog/categories").await;
    let listed = posts["blogs"].as_array().unwrap();
    let (status, html) = page(&app, "/blog").await;
    assert_eq!(status, 200);
    let shown = region(&html);
    let total = posts["totalItems"].as_u64().unwrap();
    assert!(shown.starts_with(&format!("<p>{total} posts</p><ul><li>")), "{shown}");
    assert_eq!(shown.matches("<li>").count(), listed.len().min(12));
    for post in listed {
        let author = post["authorName"].as_str().unwrap();
        let card = format!(
            "<a href=\"/blog/{}\">{}</a><p>{}</p><b>",
            post["slug"].as_str().unwrap(),
            escape(post["title"].as_str().unwrap()),
            escape(post["excerpt"].as_str().unwrap())
        );
        assert!(shown.contains(&card), "{card} in {shown}");
        assert!(shown.contains(&format!(
            "<i>{}</i>",
            escape(if author.trim().is_empty() { "Unknown Author" } else { author.trim() })
        )));
    }
    assert!(shown.contains(" min read</span>"), "{shown}");
    let entries = embedded(&html);
    assert_eq!(
        answer(&entries, &json!(["/blog/public/posts", {"page": 1, "limit": 12, "status": "published"}])),
        &posts
    );
    assert_eq!(answer(&entries, &json!(["/blog/categories"])), &categories);

    // A post published through the API is on the next page; a hostile one stays text.
    let body = json!({"title": HOSTILE, "slug": "fresh-words", "status": "published", "authorName": HOSTILE, "content": "x", "excerpt": HOSTILE});
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    let (_, html) = page(&app, "/blog").await;
    assert_inert(&html);
    assert!(region(&html).contains(&format!("<a href=\"/blog/fresh-words\">{}</a>", escape(HOSTILE))), "{html}");
    assert!(region(&html).starts_with(&format!("<p>{} posts</p>", total + 1)), "{html}");
}

#[tokio::test]
async fn the_portfolio_arrives_with_its_whole_first_page_and_the_answers_its_first_render_reads() {
    let app = app_with_whole_pages().await;
    let first_page = "/api/portfolio?page=1&limit=12&status=published&sort=most-recent";
    let (_, projects) = app.get_json(first_page).await;
    let (_, all) = app.get_json("/api/portfolio?status=published&limit=100").await;
    let (_, technologies) = app.get_json("/api/technologies?limit=100").await;
    let (_, tags) = app.get_json("/api/tags").await;
    let listed = projects["projects"].as_array().unwrap();
    let (status, html) = page(&app, "/portfolio").await;
    assert_eq!(status, 200);
    let shown = region(&html);
    assert!(shown.starts_with(&format!("<p>{} projects</p><ul><li>", projects["totalItems"])), "{shown}");
    assert_eq!(shown.matches("<li><div>").count(), listed.len().min(12));
    let mut at = 0;
    for project in listed {
        let title = format!("<h3>{}</h3>", escape(project["title"].as_str().unwrap()));
        at += shown[at..].find(&title).unwrap_or_else(|| panic!("{title} in order in {shown}"));
        let slug = project["slug"].as_str().unwrap();
        assert!(shown[at..].contains(&format!("href=\"/project/{slug}\">View Details")), "{slug}");
    }
    assert!(shown.contains(">Completed</dt>") && shown.contains("aria-label=\"Technologies\""), "{shown}");
    if listed.iter().any(|project| project["featured"] == true) {
        assert!(shown.contains(">Featured Project</span>"), "{shown}");
    }
    let entries = embedded(&html);
    assert_eq!(
        answer(
            &entries,
            &json!(["/portfolio", {"page": 1, "limit": 12, "status": "published", "sort": "most-recent"}])
        ),
        &projects
    );
    assert_eq!(answer(&entries, &json!(["/portfolio", {"status": "published", "limit": 100}])), &all);
    assert_eq!(answer(&entries, &json!(["/technologies", {"limit": 100}])), &technologies);
    assert_eq!(answer(&entries, &json!(["/tags"])), &tags);

    // A project changed through the API reads anew; a draft leaves the list.
    let id = listed[0]["_id"].as_str().unwrap();
    let (status, body) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"title": HOSTILE})).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, "/portfolio").await;
    assert_inert(&html);
    assert!(region(&html).contains(&format!("<h3>{}</h3>", escape(HOSTILE))), "{html}");
    let (status, body) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"status": "draft"})).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, "/portfolio").await;
    assert!(!region(&html).contains(&escape(HOSTILE)), "{html}");
}

/// Text as HTML writes it.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#x27;")
}

#[tokio::test]
async fn a_library_images_alt_text_reaches_the_answers_and_the_pages_that_show_it() {
    let app = app_with_whole_pages().await;
    let (_, body) =
        crate::media::upload(&app, &[("desk.jpg", crate::media::photo(1600, 900, 5, image::ImageFormat::Jpeg))]).await;
    let media = &body["items"][0]["media"];
    let (id, path) = (media["_id"].as_str().unwrap(), media["url"].as_str().unwrap());
    let alt = "A \"quiet\" desk <by> the window";
    let (status, changed) =
        app.admin().put_json(&format!("/api/media/{id}"), &json!({"alt": format!(" {alt} ")})).await;
    assert_eq!(status, 200, "{changed}");
    let post = json!({"title": "With a cover", "slug": "with-a-cover", "status": "published", "content": "Text.", "featuredImage": path});
    assert_eq!(app.admin().post_json("/api/blog/posts", &post).await.0, 201);

    // The answers carry it, trimmed, with the library image's size and copies.
    let (_, answer) = app.get_json("/api/blog/public/posts/slug/with-a-cover").await;
    assert_eq!(answer["images"][0]["path"], path);
    assert_eq!(answer["images"][0]["alt"], alt);
    // The first card of the blog, drawn by the server, is described by it.
    let (_, html) = page(&app, "/blog").await;
    let card = region(&html).split("</li>").next().unwrap().to_owned();
    assert!(card.contains(&format!("height=\"900\" alt=\"{}\"/>", escape(alt))), "{card}");

    // Without alt text in the library the build's own `alt` stays.
    let (status, _) = app.admin().put_json(&format!("/api/media/{id}"), &json!({"alt": ""})).await;
    assert_eq!(status, 200);
    let (_, answer) = app.get_json("/api/blog/public/posts/slug/with-a-cover").await;
    assert_eq!(answer["images"][0]["alt"], "");
    let (_, html) = page(&app, "/blog").await;
    assert!(region(&html).split("</li>").next().unwrap().contains("height=\"900\" alt=\"\"/>"), "{html}");
}

/// What the page's footer slot holds: the footer the server wrote.
fn footer(html: &str) -> &str {
    let opening = "<div data-preview=\"footer\">";
    assert_eq!(html.matches(opening).count(), 1, "one footer slot: {html}");
    let start = html.find(opening).unwrap() + opening.len();
    let end = html[start..].find("</footer>").map_or(start, |end| start + end + "</footer>".len());
    &html[start..end]
}

/// Where each section of the home page the server wrote starts, by key, in the page's order.
fn sections(region: &str) -> Vec<String> {
    region.split("<div data-section=\"").skip(1).map(|rest| rest[..rest.find('"').unwrap()].to_owned()).collect()
}

/// The keys of the record's visible sections in its order, as the home page shows them (the
/// features strip only with features, "Why Choose Us" only with reasons).
fn shown_sections(home: &Value) -> Vec<String> {
    let mut sections: Vec<&Value> = home["sections"].as_array().unwrap().iter().collect();
    sections.sort_by_key(|section| section["order"].as_u64());
    sections
        .into_iter()
        .filter(|section| section["visible"] == true)
        .filter(|section| {
            let key = section["key"].as_str().unwrap();
            !(["features", "why-choose-us"].contains(&key) && section["items"].as_array().unwrap().is_empty())
        })
        .map(|section| section["key"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_home_page_arrives_with_its_hero_and_sections_in_order_and_the_answers_its_script_reads() {
    let app = app_with_pages().await;
    let (_, home) = app.get_json("/api/home-page").await;
    let (status, html) = page(&app, "/").await;
    assert_eq!(status, 200);
    let written = region(&html);
    let title = home["hero"]["title"].as_str().unwrap();
    assert!(written.starts_with("<div data-section=\"hero\"><section id=\"home\""), "{written}");
    assert!(written.contains(&format!("md:text-5xl\">{title}</h1>")), "{written}");
    assert!(written.contains(home["hero"]["trustedBy"].as_str().unwrap()));
    assert!(written.contains("<img data-part=\"hero\">"), "the build's picture: {written}");
    assert!(written.contains("<i data-icon=\"microchip\"></i>"), "the features' first icon: {written}");
    let mut expected = vec!["hero".to_owned()];
    expected.extend(shown_sections(&home));
    assert_eq!(sections(written), expected);
    for section in home["sections"].as_array().unwrap() {
        let heading = section["heading"].as_str().unwrap();
        if !heading.is_empty() {
            assert!(written.contains(&format!(">{}</h2>", heading.replace('\'', "&#x27;"))), "{heading} in {written}");
        }
    }
    // The featured services, in the answer's order; the lists still to come show their loading state.
    let (_, featured) = app.get_json("/api/services/featured").await;
    let featured = featured.as_array().unwrap().clone();
    assert!(!featured.is_empty(), "the demo's featured services");
    assert_eq!(written.matches("data-testid=\"service-card\"").count(), featured.len(), "{written}");
    let mut at = 0;
    for service in &featured {
        let title = service["title"].as_str().unwrap();
        at += written[at..].find(&format!("<span class=\"\">{title}</span>")).unwrap_or_else(|| panic!("{title}"));
    }
    assert!(written.contains("<i data-icon=\"code\"></i>") || !html.contains("faCode"), "{written}");
    // The portfolio's and the blog's cards: `the_home_pages_portfolio_and_blog_arrive_…` below.
    assert!(home_section(written, "blog").contains("lg:grid-cols-3\"><li><img"), "{written}");
    let (about_status, about) = app.get_json("/api/content/about").await;
    let about = if about_status == 200 { about } else { Value::Null };

    // The answers are the API's, under the keys the page's queries read them with.
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!(["/home-page"])), &home);
    let (_, contact) = app.get_json("/api/contact-details").await;
    assert_eq!(answer(&entries, &json!(["/contact-details"])), &contact);
    let (_, settings) = app.get_json("/api/settings").await;
    assert_eq!(answer(&entries, &json!(["/settings"])), &settings);
    assert_eq!(entries.iter().filter(|(key, _)| key == &json!(["/settings"])).count(), 1, "each answer once");
    assert_eq!(answer(&entries, &json!(["/services/featured"])), &Value::Array(featured));
    assert_eq!(answer(&entries, &json!(["/content/about"])), &about);
    // The first testimonials (as many as the widest screen shows), newest first.
    let (_, testimonials) = app.get_json("/api/testimonials?status=approved&limit=30").await;
    let key = json!(["/testimonials", {"status": "approved", "limit": 30}]);
    assert_eq!(answer(&entries, &key), &testimonials);
    let quotes = testimonials["testimonials"].as_array().unwrap();
    assert!(quotes.len() >= 3, "the demo's testimonials");
    assert_eq!(written.matches("data-testid=\"testimonial-card\"").count(), 3, "{written}");
    for quote in quotes.iter().take(3) {
        let name = quote["name"].as_str().unwrap();
        assert!(
            written.contains(&format!("<span class=\"block font-semibold text-gray-900\">{name}</span>")),
            "{name}"
        );
        assert!(written.contains(quote["contentHtml"].as_str().unwrap()), "{quote}");
    }
    assert!(
        written.contains(&format!("aria-label=\"Rated {} out of 5\"", quotes[0]["rating"].as_f64().unwrap())),
        "{written}"
    );
    // The first questions, each with its answer in the page.
    let (_, faqs) = app.get_json("/api/faqs?status=active&limit=50").await;
    assert_eq!(answer(&entries, &json!(["/faqs", {"status": "active", "limit": 50}])), &faqs);
    let questions = faqs["data"].as_array().unwrap();
    assert!(questions.len() > 4, "the demo's questions");
    assert_eq!(written.matches("data-testid=\"faq-item\"").count(), questions.len().min(6), "{written}");
    for faq in questions.iter().take(6) {
        let question = faq["question"].as_str().unwrap().replace('\'', "&#x27;");
        assert!(written.contains(&format!("text-gray-900 hover:bg-gray-50\">{question}<span")), "{question}");
        assert!(written.contains(faq["answerHtml"].as_str().unwrap()), "{faq}");
    }
    if let Some(title) = about["title"].as_str() {
        assert!(
            written.contains(&format!(
                "id=\"about-heading\" class=\"text-3xl font-bold text-gray-900 md:text-4xl\">{title}</h2>"
            )),
            "{written}"
        );
    }
    // "Let's Work Together" calls the saved phone number.
    let phone = contact["phone"].as_str().unwrap();
    assert!(written.contains(&format!("text-blue-100\">{phone}</span>")), "{written}");
}

#[tokio::test]
async fn a_hidden_home_section_is_left_out_and_the_records_order_is_kept() {
    let app = app_with_pages().await;
    let change = json!({"sections": [
        {"key": "blog", "order": 1},
        {"key": "features", "order": 2},
        {"key": "services", "visible": false},
        {"key": "contact", "order": 3, "heading": "Talk to us"},
    ]});
    let (status, saved) = app.admin().put_json("/api/home-page", &change).await;
    assert_eq!(status, 200, "{saved}");
    let (_, html) = page(&app, "/").await;
    let written = region(&html);
    let shown = sections(written);
    assert_eq!(shown, [vec!["hero".to_owned()], shown_sections(&saved)].concat());
    let at = |key: &str| shown.iter().position(|shown| shown == key).unwrap();
    assert_eq!(shown[1], "blog", "{shown:?}");
    assert!(at("blog") < at("features") && at("features") < at("contact"), "{shown:?}");
    assert!(at("contact") < at("portfolio"), "{shown:?}");
    assert!(!shown.contains(&"services".to_owned()));
    assert!(!written.contains("id=\"services-heading\""), "{written}");
    assert!(written.contains(">Talk to us</h2>"), "{written}");
    assert_eq!(answer(&embedded(&html), &json!(["/home-page"])), &saved);
}

#[tokio::test]
async fn the_footer_of_every_page_shows_the_owners_details_and_embeds_them() {
    let app = app_with_pages().await;
    let (_, contact) = app.get_json("/api/contact-details").await;
    let (_, settings) = app.get_json("/api/settings").await;
    let (_, home) = app.get_json("/api/home-page").await;
    let year = chrono::Datelike::year(&chrono::Utc::now());
    for path in ["/", "/about", "/services", "/faq", &format!("/blog/{POST}"), "/nowhere"] {
        let (_, html) = page(&app, path).await;
        let written = footer(&html);
        assert!(written.starts_with("<footer class=\"bg-gray-900 text-gray-300\">"), "{path}: {written}");
        assert!(written.contains("<span data-part=\"logo\">Atelier</span>"), "{path}: {written}");
        let email = contact["email"].as_str().unwrap();
        assert!(written.contains(&format!("href=\"mailto:{email}\"")), "{path}: {written}");
        assert!(written.contains(contact["phone"].as_str().unwrap()), "{path}: {written}");
        let site = settings["siteName"].as_str().unwrap();
        assert!(written.contains(&format!("© {year} {site}. All rights reserved.")), "{path}: {written}");
        for service in home["footerServices"].as_array().unwrap() {
            let service = service.as_str().unwrap();
            assert!(written.contains(&format!("href=\"/#services\">{service}</a>")), "{path}: {written}");
        }
        let entries = embedded(&html);
        assert_eq!(answer(&entries, &json!(["/contact-details"])), &contact, "{path}");
        assert_eq!(answer(&entries, &json!(["/settings"])), &settings, "{path}");
        assert_eq!(answer(&entries, &json!(["/home-page"])), &home, "{path}");
    }
}

#[tokio::test]
async fn a_change_to_the_hero_or_the_contact_details_shows_on_the_next_home_page() {
    let app = app_with_pages().await;
    let (_, html) = page(&app, "/").await;
    assert!(!html.contains("Sites that sell"));
    let hero = json!({"hero": {"title": "Sites that sell", "subtitle": "", "links": [], "trustedBy": ""}});
    let (status, body) = app.admin().put_json("/api/home-page", &hero).await;
    assert_eq!(status, 200, "{body}");
    let (_, contact) = app.get_json("/api/contact-details").await;
    let mut changed = contact.clone();
    changed["email"] = json!("new-desk@studio.example");
    let (status, body) = app.admin().put_json("/api/contact-details", &changed).await;
    assert_eq!(status, 200, "{body}");
    let (_, html) = page(&app, "/").await;
    assert!(region(&html).contains("md:text-5xl\">Sites that sell</h1>"), "{html}");
    assert!(!region(&html).contains("Trusted by"), "an empty line is left out");
    assert!(footer(&html).contains("href=\"mailto:new-desk@studio.example\""), "{html}");
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!(["/home-page"]))["hero"]["title"], "Sites that sell");
    assert_eq!(answer(&entries, &json!(["/contact-details"]))["email"], "new-desk@studio.example");
}

#[tokio::test]
async fn hostile_home_and_footer_texts_stay_text() {
    let app = app_with_pages().await;
    let hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)> \" ' & <!--";
    let change = json!({
        "hero": {"title": hostile, "subtitle": hostile, "links": [{"label": hostile, "target": "/blog"}], "trustedBy": hostile},
        "sections": [{"key": "contact", "heading": hostile, "subheading": hostile}],
        "footerServices": [hostile],
    });
    let (status, saved) = app.admin().put_json("/api/home-page", &change).await;
    assert_eq!(status, 200, "{saved}");
    let (status, body) =
        app.admin().put_json("/api/settings", &json!({"siteName": hostile, "siteDescription": hostile})).await;
    assert_eq!(status, 200, "{body}");
    let (status, html) = page(&app, "/").await;
    assert_eq!(status, 200);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x") && !html.contains("onerror=alert(2)>"), "{html}");
    assert!(!html.contains("<!--"), "{html}");
    let escaped = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot; &#x27; &amp; &lt;!--";
    assert!(region(&html).contains(&format!("md:text-5xl\">{escaped}</h1>")), "{html}");
    assert!(footer(&html).contains(&format!("href=\"/#services\">{escaped}</a>")), "{html}");
    assert!(footer(&html).contains(&format!("leading-relaxed text-gray-400\">{escaped}</p>")), "{html}");
    let entries = embedded(&html);
    assert_eq!(answer(&entries, &json!(["/home-page"])), &saved);
}

/// The home page's section `key` as the server wrote it.
fn home_section<'a>(region: &'a str, key: &str) -> &'a str {
    let opening = format!("<div data-section=\"{key}\">");
    let start = region.find(&opening).unwrap_or_else(|| panic!("no {key} section in {region}")) + opening.len();
    let end = region[start..].find("<div data-section=\"").map_or(region.len(), |end| start + end);
    &region[start..end]
}

#[tokio::test]
async fn the_home_pages_portfolio_and_blog_arrive_with_their_cards_and_the_answers_they_read() {
    let app = app_with_whole_pages().await;
    // A draft of each is never shown.
    let draft = json!({"title": "A draft of words", "slug": "draft-words", "status": "draft", "content": "x"});
    assert_eq!(app.admin().post_json("/api/blog/posts", &draft).await.0, 201);
    let (_, listed) = app.get_json("/api/portfolio?limit=1").await;
    let id = listed["projects"][0]["_id"].as_str().unwrap().to_owned();
    let hidden_title = listed["projects"][0]["title"].as_str().unwrap().to_owned();
    let (status, body) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"status": "draft"})).await;
    assert_eq!(status, 200, "{body}");

    let (_, projects) = app.get_json("/api/portfolio?sort=featured&limit=6&status=published").await;
    let (_, posts) = app.get_json("/api/blog/public/posts?page=1&limit=6&status=published").await;
    let (_, technologies) = app.get_json("/api/technologies?limit=100").await;
    let (_, tags) = app.get_json("/api/tags").await;
    let (status, html) = page(&app, "/").await;
    assert_eq!(status, 200);
    let written = region(&html);

    // The projects, featured first, in the answer's order, in the section's grid.
    let portfolio = home_section(written, "portfolio");
    let shown = projects["projects"].as_array().unwrap();
    assert!(!shown.is_empty() && shown.len() <= 6, "the demo's projects");
    assert!(portfolio.contains("<div class=\"grid gap-8 md:grid-cols-2 lg:grid-cols-3\"><li><div>"), "{portfolio}");
    assert_eq!(portfolio.matches("<li><div>").count(), shown.len(), "{portfolio}");
    let mut at = 0;
    for project in shown {
        let title = format!("<h3>{}</h3>", escape(project["title"].as_str().unwrap()));
        at += portfolio[at..].find(&title).unwrap_or_else(|| panic!("{title} in order in {portfolio}"));
        let slug = project["slug"].as_str().unwrap();
        assert!(portfolio[at..].contains(&format!("href=\"/project/{slug}\">View Details")), "{slug}");
    }
    assert!(!portfolio.contains(&format!("<h3>{}</h3>", escape(&hidden_title))), "a draft project: {portfolio}");
    assert!(!portfolio.contains("Loading projects"), "{portfolio}");
    // Two technologies below 1024 px, three from there on, each width its own "+N more".
    let wide = shown.iter().find(|project| project["technologies"].as_array().unwrap().len() > 3);
    if wide.is_some() {
        assert!(portfolio.contains("<li class=\"hidden lg:block rounded-full bg-blue-50"), "{portfolio}");
        assert!(portfolio.contains("<li class=\"lg:hidden rounded-full bg-gray-100"), "{portfolio}");
    }

    // The newest posts, in the answer's order.
    let blog = home_section(written, "blog");
    let newest = posts["blogs"].as_array().unwrap();
    assert!(!newest.is_empty() && newest.len() <= 6, "the demo's posts");
    assert_eq!(blog.matches("<li><img").count(), newest.len(), "{blog}");
    let mut at = 0;
    for post in newest {
        let link = format!(
            "<a href=\"/blog/{}\">{}</a>",
            post["slug"].as_str().unwrap(),
            escape(post["title"].as_str().unwrap())
        );
        at += blog[at..].find(&link).unwrap_or_else(|| panic!("{link} in order in {blog}"));
    }
    assert!(!blog.contains("draft-words") && !html.contains("A draft of words"), "a draft post: {blog}");
    assert!(!blog.contains("Loading blog posts"), "{blog}");

    // The answers are the API's, under the keys the sections read them with.
    let entries = embedded(&html);
    assert_eq!(
        answer(&entries, &json!(["/portfolio", {"sort": "featured", "limit": 6, "status": "published"}])),
        &projects
    );
    assert_eq!(
        answer(&entries, &json!(["/blog/public/posts", {"page": 1, "limit": 6, "status": "published"}])),
        &posts
    );
    assert_eq!(answer(&entries, &json!(["/technologies", {"limit": 100}])), &technologies);
    assert_eq!(answer(&entries, &json!(["/tags"])), &tags);
    assert!(!serde_json::to_string(&entries).unwrap().contains("A draft of words"));

    // A change shows on the next request, a hostile text as text.
    let first = shown[0]["_id"].as_str().unwrap();
    let (status, body) = app.admin().put_json(&format!("/api/portfolio/{first}"), &json!({"title": HOSTILE})).await;
    assert_eq!(status, 200, "{body}");
    let post = json!({"title": HOSTILE, "slug": "fresh-words", "status": "published", "authorName": HOSTILE, "content": "x", "excerpt": HOSTILE});
    assert_eq!(app.admin().post_json("/api/blog/posts", &post).await.0, 201);
    let (_, html) = page(&app, "/").await;
    assert_inert(&html);
    let written = region(&html);
    assert!(home_section(written, "portfolio").contains(&format!("<h3>{}</h3>", escape(HOSTILE))), "{written}");
    let blog = home_section(written, "blog");
    let first_card = &blog[blog.find("<li><img").unwrap()..];
    assert!(
        first_card[..first_card.find("</li>").unwrap()]
            .contains(&format!("<a href=\"/blog/fresh-words\">{}</a>", escape(HOSTILE))),
        "the newest post first: {blog}"
    );
    let entries = embedded(&html);
    let key = json!(["/blog/public/posts", {"page": 1, "limit": 6, "status": "published"}]);
    assert_eq!(answer(&entries, &key)["blogs"][0]["title"], HOSTILE);
}

#[tokio::test]
async fn the_home_pages_sections_say_so_when_there_are_no_projects_or_posts() {
    let app = app_with_whole_pages().await;
    let (_, projects) = app.get_json("/api/portfolio?limit=100").await;
    for project in projects["projects"].as_array().unwrap() {
        let id = project["_id"].as_str().unwrap();
        assert_eq!(app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"status": "draft"})).await.0, 200);
    }
    let (_, posts) = app.admin().get_json("/api/blog/posts?limit=100").await;
    for post in posts["blogs"].as_array().unwrap() {
        let id = post["_id"].as_str().unwrap();
        assert_eq!(app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"status": "draft"})).await.0, 200);
    }
    let (_, html) = page(&app, "/").await;
    let written = region(&html);
    assert!(
        home_section(written, "portfolio")
            .contains("<p class=\"text-center text-gray-600\">No projects available at the moment.</p>"),
        "{written}"
    );
    assert!(
        home_section(written, "blog")
            .contains("<p class=\"text-center text-gray-600\">No blog posts available at the moment.</p>"),
        "{written}"
    );
}

#[tokio::test]
async fn without_the_builds_card_templates_the_home_pages_lists_show_their_loading_state() {
    let app = app_with_pages().await;
    let file = app.folder.path().join("web/public/pages.json");
    let mut list: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    for entry in list["pages"].as_array_mut().unwrap() {
        entry.as_object_mut().unwrap().remove("card");
    }
    std::fs::write(file, list.to_string()).unwrap();
    let (status, html) = page(&app, "/").await;
    assert_eq!(status, 200);
    let written = region(&html);
    assert!(home_section(written, "blog").contains("<div role=\"status\">Loading blog posts</div>"), "{written}");
    assert!(!home_section(written, "blog").contains("<li><img"), "{written}");
    assert!(!home_section(written, "portfolio").contains("<li><img"), "{written}");
    // The answers are embedded all the same: the sections draw themselves without asking.
    let entries = embedded(&html);
    answer(&entries, &json!(["/blog/public/posts", {"page": 1, "limit": 6, "status": "published"}]));
    answer(&entries, &json!(["/portfolio", {"sort": "featured", "limit": 6, "status": "published"}]));
}
