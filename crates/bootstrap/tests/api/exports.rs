//! The CSV exports through HTTP: every record the list's filters let through (not one page), the
//! file's shape (a byte-order mark, a header, RFC 4180 quoting, formulas neutralised), a download
//! name, administrators only, and one audit entry per export naming who, how many and which filters.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

/// The CSV at `path` as the administrator gets it: the response's headers and the parsed records
/// (header line first).
async fn export(app: &TestApp, path: &str) -> (reqwest::header::HeaderMap, Vec<Vec<String>>) {
    let response = app.admin().request(reqwest::Method::GET, path).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200, "{path}");
    let headers = response.headers().clone();
    let bytes = response.bytes().await.unwrap();
    let text = std::str::from_utf8(&bytes).unwrap();
    let text = text.strip_prefix('\u{feff}').expect("the file starts with a byte-order mark");
    assert!(text.ends_with("\r\n"), "lines end with CRLF");
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
    let records = reader.records().map(|record| record.unwrap().iter().map(str::to_owned).collect()).collect();
    (headers, records)
}

fn column<'a>(records: &'a [Vec<String>], header: &str) -> Vec<&'a str> {
    let index = records[0].iter().position(|name| name == header).unwrap_or_else(|| panic!("no column {header}"));
    records[1..].iter().map(|record| record[index].as_str()).collect()
}

/// The newest audit entry of `kind`.
async fn last_entry(app: &TestApp, kind: &str) -> Value {
    let (status, log) = app.admin().get_json(&format!("/api/audit?entity={kind}&limit=1")).await;
    assert_eq!(status, 200, "{log}");
    log["entries"][0].clone()
}

#[tokio::test]
async fn contact_messages_export_every_match_with_formulas_neutralised_and_the_export_recorded() {
    let app = spawn_app().await;
    for (name, subject) in [("=HYPERLINK(\"http://evil.example\")", "Exportable"), ("Ana, Jr.", "Exportable too")] {
        let message =
            json!({"name": name, "email": "ana@example.com", "subject": subject, "message": "Line one\nline two"});
        let (status, body) = app.admin().post_json("/api/contacts", &message).await;
        assert_eq!(status, 201, "{body}");
    }
    let (_, all) = app.admin().get_json("/api/contacts?limit=1").await;
    let total = usize::try_from(all["totalItems"].as_u64().unwrap()).unwrap();

    // Everything, across pages.
    let (headers, records) = export(&app, "/api/contacts/export").await;
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert!(disposition.starts_with("attachment; filename=\"contact-messages-") && disposition.ends_with(".csv\""));
    assert_eq!(headers["cache-control"], "private, no-store");
    assert_eq!(records[0][..3], ["Received", "Name", "Email"]);
    assert_eq!(records.len() - 1, total, "every message, not one page");

    // The search: only the two, newest first, quoted and neutralised where needed.
    let (_, records) = export(&app, "/api/contacts/export?search=exportable").await;
    assert_eq!(column(&records, "Name"), ["Ana, Jr.", "'=HYPERLINK(\"http://evil.example\")"]);
    assert_eq!(column(&records, "Message"), ["Line one\nline two", "Line one\nline two"]);
    assert_eq!(column(&records, "Status"), ["new", "new"]);
    let entry = last_entry(&app, "contacts").await;
    assert_eq!(entry["action"], "export", "{entry}");
    assert_eq!(entry["operation"], "GET /contacts/export", "{entry}");
    assert_eq!(entry["summary"], json!(["2 rows", "search"]), "{entry}");
    assert!(entry["actorId"].is_string(), "{entry}");
}

#[tokio::test]
async fn project_requests_export_with_the_forms_labels_and_the_filters_applied() {
    let app = spawn_app().await;
    let request = json!({
        "clientName": "Exported Client", "companyName": "Acme", "email": "client@acme.example",
        "projectType": "web-app", "budget": "10k-25k", "timeline": "1-3-months",
        "description": "A portal.", "priority": "urgent"
    });
    let (status, body) = app.admin().post_json("/api/project-requests", &request).await;
    assert_eq!(status, 201, "{body}");

    let (headers, records) = export(&app, "/api/project-requests/export?priority=urgent&search=exported").await;
    assert!(headers["content-disposition"].to_str().unwrap().contains("project-requests-"));
    assert_eq!(column(&records, "Client"), ["Exported Client"]);
    assert_eq!(column(&records, "Project Type"), ["Web Application"]);
    assert_eq!(column(&records, "Budget"), ["$10,000 - $25,000"]);
    assert_eq!(column(&records, "Priority"), ["urgent"]);
    let entry = last_entry(&app, "project-requests").await;
    assert_eq!(entry["summary"], json!(["1 row", "search", "priority"]), "{entry}");

    let (_, none) = export(&app, "/api/project-requests/export?search=nobody-by-this-name").await;
    assert_eq!(none.len(), 1, "only the header line");
}

#[tokio::test]
async fn newsletter_addresses_export_with_their_unsubscribe_links() {
    let app = spawn_app().await;
    for email in ["one@example.com", "two@example.com"] {
        let (status, _) = app.anonymous().post_json("/api/newsletter/subscribers", &json!({"email": email})).await;
        assert_eq!(status, 202);
    }
    let (headers, records) = export(&app, "/api/newsletter/subscribers/export?status=unconfirmed").await;
    assert!(headers["content-disposition"].to_str().unwrap().contains("newsletter-subscribers-"));
    assert_eq!(records[0], ["Email", "Status", "Signed up", "Confirmed", "Unsubscribe URL"]);
    assert_eq!(column(&records, "Email"), ["two@example.com", "one@example.com"]);
    assert!(column(&records, "Unsubscribe URL").iter().all(|url| url.contains("/newsletter/unsubscribe?token=")));
    assert_eq!(column(&records, "Confirmed"), ["", ""]);
    let entry = last_entry(&app, "newsletter/subscribers").await;
    assert_eq!(entry["summary"], json!(["2 rows", "status"]), "{entry}");
}

#[tokio::test]
async fn exports_are_for_administrators_only_and_an_unknown_filter_value_is_refused() {
    let app = spawn_app().await;
    for path in ["/api/contacts/export", "/api/project-requests/export", "/api/newsletter/subscribers/export"] {
        let response = app.get(path).await;
        assert_eq!(response.status().as_u16(), 401, "{path}");
    }
    let (status, body) = app.admin().get_json("/api/contacts/export?status=shouting").await;
    assert_eq!(status, 400, "{body}");
    let (_, log) = app.admin().get_json("/api/audit?entity=contacts").await;
    assert!(
        log["entries"].as_array().unwrap().iter().all(|entry| entry["action"] != "export"),
        "a refused export leaves no entry: {log}"
    );
}
