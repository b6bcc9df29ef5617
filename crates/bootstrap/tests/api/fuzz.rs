//! Arbitrary JSON thrown at every write operation of the OpenAPI document: whatever the body, the
//! server answers a client error or success, never a 500. Bodies come from a seeded generator, so a
//! failure reproduces; path ids are resolved to real records so the bodies reach validation.

use reqwest::Method;
use serde_json::{Map, Value, json};

use crate::helpers::{TestApp, spawn_app};

/// A small deterministic generator (xorshift), so every run sends the same bodies.
struct Generator(u64);

impl Generator {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn string(&mut self) -> String {
        const SAMPLES: &[&str] = &[
            "",
            " ",
            "x",
            "active",
            "published",
            "draft",
            "admin",
            "new",
            "65f1c2a9b4e8d70012345678",
            "not-an-id",
            "a@b.co",
            "https://example.com/x",
            "javascript:alert(1)",
            "<script>alert(1)</script>",
            "'; DROP TABLE services; --",
            "%00\u{0}\u{7f}",
            "ünïcødé — 移动 🚀",
            "{success: ok}",
            "2024-03-15",
            "2024-03-15T10:00:00Z",
            "9999-99-99",
            "-1",
            "1e309",
            "up",
            "down",
        ];
        match self.below(4) {
            0 => "x".repeat(usize::try_from(self.below(30_000)).unwrap()),
            _ => SAMPLES[usize::try_from(self.below(SAMPLES.len() as u64)).unwrap()].to_owned(),
        }
    }

    fn value(&mut self, depth: u32) -> Value {
        match self.below(if depth > 2 { 6 } else { 8 }) {
            0 => Value::Null,
            1 => json!(self.below(2) == 0),
            2 => json!([0_i64, -1, 1, 7, i64::MAX, i64::MIN, 1_000_001][usize::try_from(self.below(7)).unwrap()]),
            3 => json!([0.5, -0.0, 1e300, -1e300, 4.75, 12.0][usize::try_from(self.below(6)).unwrap()]),
            4 | 5 => json!(self.string()),
            6 => Value::Array((0..self.below(4)).map(|_| self.value(depth + 1)).collect()),
            _ => {
                let mut object = Map::new();
                for _ in 0..self.below(4) {
                    object.insert(self.string().chars().take(20).collect(), self.value(depth + 1));
                }
                Value::Object(object)
            }
        }
    }

    /// An object with the operation's own field names and random values, or a random value.
    fn body(&mut self, fields: &[String]) -> Value {
        if fields.is_empty() || self.below(5) == 0 {
            return self.value(0);
        }
        let mut object = Map::new();
        for field in fields {
            if self.below(3) > 0 {
                object.insert(field.clone(), self.value(1));
            }
        }
        Value::Object(object)
    }
}

/// The top-level property names of an operation's JSON request body.
fn body_fields(document: &Value, operation: &Value) -> Vec<String> {
    let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
    let schema = match schema["$ref"].as_str() {
        Some(reference) => &document["components"]["schemas"][reference.rsplit('/').next().unwrap()],
        None => schema,
    };
    schema["properties"].as_object().map(|properties| properties.keys().cloned().collect()).unwrap_or_default()
}

/// A real record's identifier for a path parameter, found through the collection's list.
async fn resolve(app: &TestApp, template: &str) -> String {
    let mut path = String::new();
    for segment in template.split('/').filter(|segment| !segment.is_empty()) {
        if segment.starts_with('{') {
            let (_, list) = app.admin().get_json(&format!("/api{path}")).await;
            let first = first_record(&list);
            let value = match segment {
                "{slug}" => first.and_then(|record| record["slug"].as_str()).unwrap_or("no-such-slug"),
                "{type}" => "about",
                _ => first.and_then(|record| record["_id"].as_str()).unwrap_or("65f1c2a9b4e8d70012345678"),
            };
            path.push('/');
            path.push_str(value);
        } else {
            path.push('/');
            path.push_str(segment);
        }
    }
    format!("/api{path}")
}

fn first_record(list: &Value) -> Option<&Value> {
    match list {
        Value::Array(items) => items.first(),
        Value::Object(fields) => fields.values().find_map(|value| value.as_array().and_then(|items| items.first())),
        _ => None,
    }
}

#[tokio::test]
async fn no_body_makes_any_write_operation_answer_500() {
    let app = spawn_app().await;
    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let mut generator = Generator(0x5eed_a7e1_1e55_0001);
    let mut sent = 0;
    for (template, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            // Operations without a body (signing out) read none, so any body is as good as none.
            if !["post", "put", "patch"].contains(&method.as_str()) || operation.get("requestBody").is_none() {
                continue;
            }
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let fields = body_fields(&document, operation);
            let path = resolve(&app, template).await;
            for round in 0..25 {
                let body = generator.body(&fields);
                let (status, answer) = app.admin().send_json(method.clone(), &path, &body).await;
                assert!(status < 500, "{method} {path} answered {status} to {body} (round {round}): {answer}");
                sent += 1;
            }
            for raw in ["{", "[", "\"unterminated", "{\"a\":}", "nul", "\u{feff}{}", "{\"a\":1}{\"b\":2}"] {
                let (status, answer) = app.admin().send_raw(method.clone(), &path, "application/json", raw).await;
                assert!((400..500).contains(&status), "{method} {path} answered {status} to {raw:?}: {answer}");
            }
            let (status, _) = app.admin().send_raw(method.clone(), &path, "text/plain", "{}").await;
            assert!(status < 500, "{method} {path} answered {status} to a text body");
        }
    }
    assert!(sent >= 100, "the document lists the write operations");
}
