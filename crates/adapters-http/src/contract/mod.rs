//! The request bodies' rules, written into the OpenAPI document from the domain's own limits.
//!
//! The DTOs deserialise every field as optional, so that a missing field gets the domain's message
//! (a 422 with `errors`) instead of a serde error. Their derived schemas therefore say nothing about
//! what the server requires. [`apply`] adds it to the document's JSON, per body schema: which fields a creation
//! must send (a copy of the schema under its own name, `New…`, given to the creating operations),
//! and each field's limits as the domain checks them: non-blank texts, `maxLength` and `maxItems`
//! (counted as sent, spaces and blank entries included), number ranges, and patterns for emails,
//! URLs, image addresses, slugs, ids, colours and dates. An update keeps every field optional;
//! `null` there means "unchanged".
//!
//! Each resource states its own rules beside its handlers: its `rules` function (in its
//! `api/<resource>` module) names its body schemas by their DTO types and its fields by their names as
//! sent, with the builders here ([`filled`], [`text`], [`slug`], [`one_of`]…) fed the domain's
//! constants; [`crate::api::rules`] collects them through the `resources!` list, and [`apply`]
//! writes them into the document.
//!
//! The patterns are exact for the server's checks, written in the subset of regular expressions
//! that ECMA-262 and Python share. "Blank" means only the characters Rust's `trim` removes (the
//! Unicode `White_Space` set), listed one by one: `\s` differs between regex engines.

mod rule;

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::{Map, Value, json};
use utoipa::ToSchema;

pub use self::rule::*;
use crate::input;

/// The rules of one body schema.
#[derive(Debug, Clone)]
pub struct Body {
    /// The schema's name under `#/components/schemas`.
    schema: Cow<'static, str>,
    /// For a schema that creates and updates: the creating copy's name and its operations. Without
    /// one, the schema's own `required` list is set.
    creation: Option<(&'static str, &'static [&'static str])>,
    fields: Vec<(&'static str, Rule)>,
}

/// The rules of the body `T` describes, each field by its name as sent.
pub fn body<T: ToSchema>(fields: Vec<(&'static str, Rule)>) -> Body {
    Body { schema: T::name(), creation: None, fields }
}

/// The rules of a body `T` describes that both creates and updates: `operations` create with a
/// copy of its schema named `name`, where the required fields are required.
pub fn creating<T: ToSchema>(
    name: &'static str,
    operations: &'static [&'static str],
    fields: Vec<(&'static str, Rule)>,
) -> Body {
    Body { schema: T::name(), creation: Some((name, operations)), fields }
}

/// One resource's rules (its `rules`, collected by [`crate::api::rules`]): the bodies it takes,
/// and its query and path parameters' rules (operation id, parameter, rule).
#[derive(Debug, Clone, Default)]
pub struct Rules {
    bodies: Vec<Body>,
    parameters: Vec<(&'static str, &'static str, Rule)>,
}

impl Rules {
    /// A resource that takes no body and whose parameters say enough.
    pub fn none() -> Self {
        Self::default()
    }

    pub fn bodies(bodies: Vec<Body>) -> Self {
        Self { bodies, parameters: Vec::new() }
    }

    /// Adds the rule of the parameter `name` of every operation in `operations`.
    #[must_use]
    pub fn parameter(mut self, operations: &[&'static str], name: &'static str, rule: &Rule) -> Self {
        for operation in operations {
            self.parameters.push((operation, name, rule.clone()));
        }
        self
    }

    /// Every resource's rules together.
    pub fn all(parts: impl IntoIterator<Item = Self>) -> Self {
        let mut all = Self::default();
        for part in parts {
            all.bodies.extend(part.bodies);
            all.parameters.extend(part.parameters);
        }
        all
    }
}

/// Writes the rules into the document's JSON: the creating copies of the schemas, the creating
/// operations pointed at them, and every field's keywords.
pub fn apply(document: &mut Value, rules: &Rules) {
    let Rules { bodies, parameters } = rules;
    let mut renamed: BTreeMap<&str, (&str, &str)> = BTreeMap::new();
    let schemas =
        document.pointer_mut("/components/schemas").and_then(Value::as_object_mut).expect("the document has schemas");
    for body in bodies {
        let Some(Value::Object(schema)) = schemas.get_mut(body.schema.as_ref()) else {
            panic!("no schema named {} to write the rules of", body.schema);
        };
        let properties = schema
            .get_mut("properties")
            .and_then(Value::as_object_mut)
            .unwrap_or_else(|| panic!("{} has no properties", body.schema));
        for (field, rule) in &body.fields {
            let property = properties.get_mut(*field).unwrap_or_else(|| panic!("{} has no field {field}", body.schema));
            constrain(property, &rule.keywords);
        }
        let required: Vec<(&str, bool)> =
            body.fields.iter().filter(|(_, rule)| rule.required).map(|(field, rule)| (*field, rule.nullable)).collect();
        match body.creation {
            None => require(schema, &required),
            Some((name, operations)) => {
                let mut creation = schema.clone();
                require(&mut creation, &required);
                if let Some(Value::String(description)) = creation.get_mut("description") {
                    *description =
                        format!("{description}\n\nThis is the body of a creation: the required fields must be sent.");
                }
                schemas.insert(name.to_owned(), Value::Object(creation));
                for operation in operations {
                    renamed.insert(operation, (body.schema.as_ref(), name));
                }
            }
        }
    }
    let paths = document.get_mut("paths").and_then(Value::as_object_mut).expect("the document has paths");
    let mut retargeted = 0;
    for item in paths.values_mut().filter_map(Value::as_object_mut) {
        for operation in item.values_mut().filter(|operation| operation.is_object()) {
            let Some(&(from, to)) = operation.get("operationId").and_then(Value::as_str).and_then(|id| renamed.get(id))
            else {
                continue;
            };
            let reference = operation.pointer_mut("/requestBody/content/application~1json/schema/$ref");
            match reference {
                Some(Value::String(target)) if target.ends_with(&format!("/{from}")) => {
                    *target = format!("#/components/schemas/{to}");
                    retargeted += 1;
                }
                _ => panic!("the operation creating with {to} does not take {from}"),
            }
        }
    }
    assert_eq!(retargeted, renamed.len(), "every creating operation named in the rules exists");
    for (operation_id, name, rule) in parameters {
        let schema = paths
            .values_mut()
            .filter_map(Value::as_object_mut)
            .flat_map(|item| item.values_mut())
            .filter(|operation| operation.get("operationId").and_then(Value::as_str) == Some(*operation_id))
            .flat_map(|operation| operation.get_mut("parameters").and_then(Value::as_array_mut).into_iter().flatten())
            .find(|parameter| parameter.get("name").and_then(Value::as_str) == Some(*name))
            .and_then(|parameter| parameter.get_mut("schema"))
            .unwrap_or_else(|| panic!("{operation_id} has no parameter {name}"));
        constrain(schema, &rule.keywords);
    }
}

/// States the edge's text rule ([`crate::input`]) in every string schema a request may carry: each
/// parameter's, and each string in a request body's schema and the schemas it refers to. A schema
/// without a pattern gets [`input::PATTERN`]; one with a pattern `P` gets `^(?![\s\S]*[C])[\s\S]*?(?:P)`
/// (`C` the refused characters), which matches exactly when `P` does and no refused character is
/// there. Enumerations and binary strings (uploaded files) say enough already.
pub fn text_patterns(document: &mut Value) {
    let mut pending: Vec<String> = Vec::new();
    let paths = document.get_mut("paths").and_then(Value::as_object_mut).expect("the document has paths");
    for operation in paths.values_mut().filter_map(Value::as_object_mut).flat_map(|item| item.values_mut()) {
        if let Some(parameters) = operation.get_mut("parameters").and_then(Value::as_array_mut) {
            for schema in parameters.iter_mut().filter_map(|parameter| parameter.get_mut("schema")) {
                texts(schema, &mut pending);
            }
        }
        if let Some(content) = operation.pointer_mut("/requestBody/content").and_then(Value::as_object_mut) {
            for schema in content.values_mut().filter_map(|media| media.get_mut("schema")) {
                texts(schema, &mut pending);
            }
        }
    }
    let schemas =
        document.pointer_mut("/components/schemas").and_then(Value::as_object_mut).expect("the document has schemas");
    let mut done = std::collections::BTreeSet::new();
    while let Some(name) = pending.pop() {
        if !done.insert(name.clone()) {
            continue;
        }
        if let Some(schema) = schemas.get_mut(&name) {
            texts(schema, &mut pending);
        }
    }
}

/// Adds the text rule to every string schema in `schema`, collecting the components it refers to.
fn texts(schema: &mut Value, references: &mut Vec<String>) {
    let Some(object) = schema.as_object_mut() else { return };
    if let Some(Value::String(reference)) = object.get("$ref") {
        if let Some(name) = reference.strip_prefix("#/components/schemas/") {
            references.push(name.to_owned());
        }
        return;
    }
    let is_string = match object.get("type") {
        Some(Value::String(kind)) => kind == "string",
        Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == "string"),
        _ => false,
    };
    let described = object.contains_key("enum")
        || object.contains_key("const")
        || object.get("format").is_some_and(|format| format == "binary" || format == "byte");
    if is_string && !described {
        let pattern = match object.get("pattern").and_then(Value::as_str) {
            None => input::PATTERN.to_owned(),
            Some(shape) => format!("^(?![\\s\\S]*[{}])[\\s\\S]*?(?:{shape})", input::REFUSED_CLASS),
        };
        object.insert("pattern".to_owned(), Value::String(pattern));
    }
    for key in ["items", "additionalProperties", "propertyNames", "not"] {
        if let Some(inner) = object.get_mut(key) {
            texts(inner, references);
        }
    }
    for key in ["oneOf", "anyOf", "allOf", "prefixItems"] {
        if let Some(Value::Array(alternatives)) = object.get_mut(key) {
            for alternative in alternatives.iter_mut() {
                texts(alternative, references);
            }
        }
    }
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        for property in properties.values_mut() {
            texts(property, references);
        }
    }
}

/// Adds `keywords` to a property's schema: to the string (or number, or array) alternative when
/// the property is a nullable one (`"type": ["string", "null"]` or `oneOf` with `null`).
fn constrain(property: &mut Value, keywords: &Map<String, Value>) {
    let target = match property.get_mut("oneOf").and_then(Value::as_array_mut) {
        Some(alternatives) => alternatives
            .iter_mut()
            .find(|alternative| alternative.get("type") != Some(&json!("null")))
            .expect("a nullable property has a non-null alternative"),
        None => property,
    };
    let object = target.as_object_mut().expect("a property's schema is an object");
    for (keyword, value) in keywords {
        match (keyword.as_str(), object.get_mut("items")) {
            ("items", Some(Value::Object(items))) => {
                let Value::Object(extra) = value else { continue };
                items.extend(extra.clone());
            }
            _ => {
                object.insert(keyword.clone(), value.clone());
            }
        }
    }
}

/// Marks `fields` required and, unless they say they may be `null`, not nullable: a creation must
/// send a value.
fn require(schema: &mut Map<String, Value>, fields: &[(&str, bool)]) {
    if fields.is_empty() {
        return;
    }
    let names: Vec<&str> = fields.iter().map(|(field, _)| *field).collect();
    schema.insert("required".to_owned(), json!(names));
    let Some(Value::Object(properties)) = schema.get_mut("properties") else { return };
    for (field, nullable) in fields {
        let Some(property) = properties.get_mut(*field) else { continue };
        if !nullable {
            not_null(property);
        }
    }
}

fn not_null(property: &mut Value) {
    if let Some(Value::Array(types)) = property.get_mut("type") {
        types.retain(|kind| kind != "null");
        if types.len() == 1 {
            let only = types[0].clone();
            property["type"] = only;
        }
        return;
    }
    let Some(Value::Array(alternatives)) = property.get("oneOf") else { return };
    let kept: Vec<Value> =
        alternatives.iter().filter(|alternative| alternative.get("type") != Some(&json!("null"))).cloned().collect();
    if let [only] = kept.as_slice() {
        let mut replacement = only.clone();
        if let (Value::Object(object), Some(description)) = (&mut replacement, property.get("description").cloned()) {
            object.entry("description").or_insert(description);
        }
        *property = replacement;
    } else {
        property["oneOf"] = Value::Array(kept);
    }
}

#[cfg(test)]
mod tests {
    use atelier_domain::{content, faq, portfolio, tag, technology, validation};
    use regex::Regex;
    use serde_json::Value;

    use super::*;

    fn pattern(rule: &Rule) -> Regex {
        let text = rule.keywords["pattern"].as_str().expect("a pattern");
        Regex::new(text).expect("the pattern compiles")
    }

    fn max_length(rule: &Rule) -> usize {
        usize::try_from(rule.keywords["maxLength"].as_u64().expect("a maxLength")).unwrap()
    }

    /// The document's rule accepts exactly what the domain accepts, on each sample.
    fn agree(rule: &Rule, domain: impl Fn(&str) -> bool, samples: &[&str]) {
        let pattern = pattern(rule);
        let limit = rule.keywords.get("maxLength").map(|_| max_length(rule));
        for sample in samples {
            let document = pattern.is_match(sample) && limit.is_none_or(|limit| sample.chars().count() <= limit);
            assert_eq!(document, domain(sample), "{sample:?} against {pattern}");
        }
    }

    const SPACES: &str = " \t\u{a0}\u{2003}\u{3000}\n";

    #[test]
    fn non_blank_texts_follow_the_domain() {
        let samples =
            ["", " ", SPACES, "a", " a ", "\u{1c}", "\u{200b}", "x\u{3000}", &"é".repeat(10), &"é".repeat(11)];
        agree(&filled(10), |text| validation::required_text(Some(text), "Title", 10).is_ok(), &samples);
    }

    #[test]
    fn language_tags_follow_the_domain() {
        let samples = [
            "en",
            "DE",
            "fr-CA",
            "fr-ca",
            "sr-Latn",
            "zh-Hant-TW",
            "es-419",
            "de-1996",
            "sl-rozaj-biske",
            "ast",
            "",
            "e",
            "english",
            "blog",
            "en_US",
            "en US",
            "en-",
            "-en",
            "x-private",
            "api",
            "FAQ",
            "und",
            "faq-CA",
            "und-Latn",
            "en-a",
            "en-12",
            "en-Latn-Latn",
            "en-u-ca-buddhist",
            " en",
            "ü",
            &format!("en-{}", ["abcdefgh"; 4].join("-")),
        ];
        // The reserved tags are a lookahead, which the regex crate lacks: it is read on its own.
        let rule = language_tag();
        let text = rule.keywords["pattern"].as_str().expect("a pattern");
        let (reserved, shape) =
            text.strip_prefix("^(?!").and_then(|rest| rest.split_once("$)")).expect("the reserved tags come first");
        let (reserved, shape) =
            (Regex::new(&format!("^(?:{reserved})$")).unwrap(), Regex::new(&format!("^{shape}")).unwrap());
        for sample in samples {
            let document = !reserved.is_match(sample) && shape.is_match(sample) && sample.len() <= max_length(&rule);
            let domain = atelier_domain::language::LanguageTag::parse(sample).is_ok();
            assert_eq!(document, domain, "{sample:?}");
        }
    }

    #[test]
    fn emails_follow_the_domain() {
        let long = format!("{}@example.com", "a".repeat(250));
        let samples = [
            "ana@example.com",
            " Ana@Example.COM ",
            "a.b+c@sub.example.co",
            "ana@",
            "@example.com",
            "ana@example",
            "ana@example.",
            "ana@.com",
            "ana@@example.com",
            "ana @example.com",
            "ana@exa\u{7}mple.com",
            "ana@ex\u{a0}ample.com",
            "élise@exemple.fr",
            "",
            "  ",
            &long,
        ];
        agree(&email(), |text| validation::email(text, "Email").is_ok(), &samples);
        agree(&optional_email(), |text| validation::optional_email(Some(text), "Email").is_ok(), &samples);
    }

    #[test]
    fn urls_and_images_follow_the_domain() {
        let long = format!("https://example.com/{}", "a".repeat(2048));
        let samples = [
            "",
            " ",
            "https://example.com",
            " http://example.com/a?b#c ",
            "https://",
            "https:///path",
            "https://?q",
            "ftp://example.com",
            "HTTPS://example.com",
            "https://exa mple.com",
            "https://example.com/\u{0}",
            "javascript:alert(1)",
            "/images/a.png",
            "/",
            "//example.com/a.png",
            "/a\\b.png",
            "/a b.png",
            "images/a.png",
            &long,
        ];
        agree(&url(), |text| validation::optional_url(Some(text), "Link").is_ok(), &samples);
        agree(&image(), |text| validation::optional_image(Some(text), "Image").is_ok(), &samples);
    }

    #[test]
    fn dates_follow_the_domain() {
        let samples = [
            "",
            " ",
            "2026-05-01T09:00:00Z",
            " 2026-05-01T09:00:00.123+02:00 ",
            "1970-01-01T00:00:00+01:00",
            "2100-12-31T23:59:59-05:00",
            "1969-12-31T23:59:59Z",
            "2101-01-01T00:00:00Z",
            "2024-02-29T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2000-02-29T00:00:00Z",
            "2100-02-29T00:00:00Z",
            "2026-04-31T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-05-01T24:00:00Z",
            "2026-05-01T09:00:00",
            "2026-05-01T09:00",
            "2026-05-01",
            "2026-5-1",
            "2026-05-01t09:00:00z",
            "2026-05-01 09:00:00Z",
            "2026-05-01T09:00:60Z",
            "2026-05-01T09:00:00+24:00",
            "+2026-05-01T09:00:00Z",
            "2026-05-01T09:00:00.Z",
            "yesterday",
        ];
        agree(&optional_date_time(), |text| validation::optional_date_time(text, "Publish time").is_ok(), &samples);
        agree(&date_or_date_time(), |text| content::parse_timestamp(text).is_ok(), &samples);
        agree(&completion_date(), |text| portfolio::parse_completed_at(text).is_ok(), &samples);
    }

    #[test]
    fn colours_follow_the_domain() {
        let samples = ["", " ", "#10B981", " #10b981 ", "#10B98", "#10B9811", "10B981", "#GGGGGG"];
        agree(&colour(), |text| tag::Color::parse(text).is_ok(), &samples);
        agree(&optional_colour(), |text| technology::parse_color(text).is_ok(), &samples);
    }

    #[test]
    fn every_body_the_api_takes_has_its_rules() {
        let document = crate::openapi::document();
        let rules = crate::api::rules();
        let described: Vec<&str> = rules.bodies.iter().map(|body| body.schema.as_ref()).collect();
        let mut taken = Vec::new();
        for item in document["paths"].as_object().unwrap().values() {
            for operation in item.as_object().unwrap().values() {
                let Some(content) = operation.pointer("/requestBody/content").and_then(Value::as_object) else {
                    continue;
                };
                for media in content.values() {
                    // An update's body is its input and the version (`crate::versions`).
                    let schema = media["schema"].pointer("/allOf/0").unwrap_or(&media["schema"]);
                    let name = schema["$ref"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
                    taken.push(name);
                }
            }
        }
        let creations: Vec<&str> = rules.bodies.iter().filter_map(|body| body.creation.map(|(name, _)| name)).collect();
        let unruled: Vec<&String> = taken
            .iter()
            .filter(|name| !described.contains(&name.as_str()) && !creations.contains(&name.as_str()))
            .collect();
        // Bodies of one required enum field are described by their own schema; a submission for
        // review carries nothing but the version (`crate::versions`).
        let known = ["ContactStatusChange", "ProjectRequestStatusChange", "BlogPostSubmission"];
        assert!(unruled.iter().all(|name| known.contains(&name.as_str())), "bodies without rules: {unruled:?}");
    }

    /// Every string schema under `schema` that is not an enumeration or a file, with where it is.
    fn strings<'a>(schema: &'a Value, at: &str, found: &mut Vec<(String, &'a Value)>) {
        let Some(object) = schema.as_object() else { return };
        let kind = object.get("type");
        let is_string = kind == Some(&json!("string"))
            || kind.and_then(Value::as_array).is_some_and(|kinds| kinds.contains(&json!("string")));
        if is_string && !object.contains_key("enum") && object.get("format") != Some(&json!("binary")) {
            found.push((at.to_owned(), schema));
        }
        for (key, inner) in object {
            match inner {
                Value::Object(_) if key != "properties" => strings(inner, &format!("{at}/{key}"), found),
                Value::Object(properties) => {
                    for (name, property) in properties {
                        strings(property, &format!("{at}/{name}"), found);
                    }
                }
                Value::Array(items) => {
                    for (index, item) in items.iter().enumerate() {
                        strings(item, &format!("{at}/{key}/{index}"), found);
                    }
                }
                _ => {}
            }
        }
    }

    #[test]
    fn every_string_a_request_carries_states_the_text_rule() {
        let document = crate::openapi::document();
        let mut found = Vec::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                for parameter in operation["parameters"].as_array().into_iter().flatten() {
                    strings(&parameter["schema"], &format!("{method} {path} {}", parameter["name"]), &mut found);
                }
            }
        }
        for name in
            ["NewBlogPost", "ContactInput", "LoginInput", "ContactDetailsInput", "ContentSectionInput", "MediaInput"]
        {
            strings(&document["components"]["schemas"][name], name, &mut found);
        }
        assert!(found.len() > 100, "{}", found.len());
        let plain = input::PATTERN.to_owned();
        let combined = format!("^(?![\\s\\S]*[{}])[\\s\\S]*?(?:", input::REFUSED_CLASS);
        for (at, schema) in found {
            let pattern = schema["pattern"].as_str().unwrap_or_else(|| panic!("{at} has no pattern"));
            assert!(pattern == plain || pattern.starts_with(&combined), "{at}: {pattern}");
        }
        let sent = &document["components"]["schemas"]["NewContact"]["properties"]["email"]["pattern"];
        assert!(sent.as_str().unwrap().ends_with(&format!("(?:{})", email().keywords["pattern"].as_str().unwrap())));
    }

    #[test]
    fn a_creation_requires_its_fields_and_an_update_keeps_them_optional() {
        let document = crate::openapi::document();
        let schemas = &document["components"]["schemas"];
        assert_eq!(schemas["NewFaq"]["required"], json!(["question", "answer"]));
        assert_eq!(schemas["NewFaq"]["properties"]["question"]["type"], json!("string"));
        assert!(schemas["FaqInput"].get("required").is_none());
        assert_eq!(schemas["FaqInput"]["properties"]["question"]["type"], json!(["string", "null"]));
        assert_eq!(schemas["FaqInput"]["properties"]["question"]["maxLength"], json!(faq::MAX_QUESTION_LEN));
        assert_eq!(
            document["paths"]["/faqs"]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"],
            json!("#/components/schemas/NewFaq")
        );
        assert_eq!(
            document["paths"]["/faqs/{id}"]["put"]["requestBody"]["content"]["application/json"]["schema"]["allOf"][0]
                ["$ref"],
            json!("#/components/schemas/FaqInput")
        );
        assert_eq!(schemas["LoginInput"]["required"], json!(["email", "password"]));
    }
}
