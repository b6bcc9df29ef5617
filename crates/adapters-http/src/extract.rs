//! Request extraction with the API's error conventions: an unparseable body or query is a 400, a body
//! whose fields have the wrong types is a 422 naming each field, a body that is too large is a 413, a
//! body that is not JSON is a 415.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{StatusCode, header};
use actix_web::web::{self, Bytes};
use actix_web::{FromRequest, HttpRequest};
use atelier_domain::FieldErrors;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ApiError;
use crate::input;

/// For `#[serde(default, deserialize_with = "present")]` on an `Option<Option<T>>` field: tells a
/// field sent as `null` (`Some(None)`) from a field left out (`None`).
///
/// # Errors
/// When the value is neither `null` nor a `T`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    <Option<T> as serde::Deserialize>::deserialize(deserializer).map(Some)
}

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// A JSON request body, parsed with the API's error conventions.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<mime_guess::mime::Mime>().ok())
            .is_some_and(|mime| mime.subtype() == "json" || mime.suffix().is_some_and(|suffix| suffix == "json"));
        let bytes = Bytes::from_request(request, payload);
        Box::pin(async move {
            if !is_json {
                return Err(ApiError::client(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "The request body must be JSON (Content-Type: application/json)",
                ));
            }
            let bytes = bytes.await.map_err(|error| {
                if error.as_response_error().status_code() == StatusCode::PAYLOAD_TOO_LARGE {
                    too_large()
                } else {
                    ApiError::bad_request("The request body could not be read")
                }
            })?;
            parse_json(&bytes).map(JsonBody)
        })
    }
}

fn too_large() -> ApiError {
    ApiError::client(StatusCode::PAYLOAD_TOO_LARGE, format!("The request body must be at most {MAX_BODY_BYTES} bytes"))
}

/// Parses JSON, telling a malformed document (400) from fields of the wrong type (422) and texts
/// holding control characters (422 naming each, [`input`]). Every body
/// is a JSON object (an array is not read as a record's fields), and a number with a zero fraction
/// (`3.0`) is a whole number, as JSON Schema counts it.
fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut value = json_value(bytes)?;
    if !value.is_object() {
        return Err(ApiError::invalid_field("body", NOT_AN_OBJECT));
    }
    whole_numbers(&mut value);
    let mut ignored: Vec<Vec<Segment>> = Vec::new();
    let parsed = {
        let mut note = |path: serde_ignored::Path<'_>| ignored.push(segments(&path));
        serde_path_to_error::deserialize::<_, T>(serde_ignored::Deserializer::new(value.clone(), &mut note))
    };
    // The text rule holds for what the handler reads: fields it ignores (unknown ones, which the
    // document allows) are dropped, whatever they hold.
    for path in &ignored {
        remove(&mut value, path);
    }
    let controls = input::body_errors(&value);
    if !controls.is_empty() {
        return Err(ApiError::invalid(&controls));
    }
    parsed.map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if path == "." {
            ApiError::invalid_field("body", format!("The request body has the wrong shape: {}", readable(&inner)))
        } else {
            let mut errors = FieldErrors::new();
            errors.add(&path, readable(&inner));
            ApiError::invalid(&errors)
        }
    })
}

/// One step of a path into a JSON value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Key(String),
    Index(usize),
}

/// The steps from the body's root to what `path` names.
fn segments(path: &serde_ignored::Path<'_>) -> Vec<Segment> {
    let mut steps = Vec::new();
    let mut at = path;
    loop {
        match at {
            serde_ignored::Path::Root => break,
            serde_ignored::Path::Seq { parent, index } => {
                steps.push(Segment::Index(*index));
                at = parent;
            }
            serde_ignored::Path::Map { parent, key } => {
                steps.push(Segment::Key(key.clone()));
                at = parent;
            }
            serde_ignored::Path::Some { parent }
            | serde_ignored::Path::NewtypeStruct { parent }
            | serde_ignored::Path::NewtypeVariant { parent } => at = parent,
        }
    }
    steps.reverse();
    steps
}

/// Takes what `path` names out of `value` (nothing when it names nothing).
fn remove(value: &mut Value, path: &[Segment]) {
    let Some((last, parents)) = path.split_last() else { return };
    let mut at = value;
    for step in parents {
        let next = match (step, at) {
            (Segment::Key(key), Value::Object(fields)) => fields.get_mut(key),
            (Segment::Index(index), Value::Array(items)) => items.get_mut(*index),
            _ => None,
        };
        let Some(next) = next else { return };
        at = next;
    }
    match (last, at) {
        (Segment::Key(key), Value::Object(fields)) => {
            fields.remove(key);
        }
        (Segment::Index(index), Value::Array(items)) if *index < items.len() => items[*index] = Value::Null,
        _ => {}
    }
}

/// Turns every number with a zero fraction that fits an `i64` into an integer.
/// The 422 message of a body that is not a JSON object.
pub(crate) const NOT_AN_OBJECT: &str = "The request body must be a JSON object";

/// The body as a JSON value, or the 400 of a malformed document (one message for every reader of a
/// body: the handlers and the version check before them).
pub(crate) fn json_value(bytes: &[u8]) -> Result<Value, ApiError> {
    serde_json::from_slice(bytes)
        .map_err(|error| ApiError::bad_request(format!("The request body is not valid JSON: {}", readable(&error))))
}

pub(crate) fn whole_numbers(value: &mut Value) {
    match value {
        Value::Number(number) if !number.is_i64() && !number.is_u64() => {
            if let Some(float) = number.as_f64()
                && float.fract() == 0.0
                && float.abs() < 9_007_199_254_740_992.0
            {
                // Exact: a whole number below 2^53.
                #[allow(clippy::cast_possible_truncation)]
                let whole = float as i64;
                *value = Value::from(whole);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers),
        _ => {}
    }
}

/// For `#[serde(default, deserialize_with = "object")]` on an `Option<T>` field whose `T` is a
/// record: only a JSON object (or `null`) is read as one, never an array of its fields in order.
/// The record is read in place, so the body's reader still learns which of its fields are unknown.
///
/// # Errors
/// When the value is neither `null` nor an object that is a `T`.
pub fn object<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Record<T>>::deserialize(deserializer)?.map(|record| record.0))
}

/// Like [`object`], for a list of records.
///
/// # Errors
/// When the value is neither `null` nor a list of objects that are `T`s.
pub fn objects<'de, D, T>(deserializer: D) -> Result<Option<Vec<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Vec<Record<T>>>::deserialize(deserializer)?
        .map(|records| records.into_iter().map(|record| record.0).collect()))
}

/// A record read from a JSON object only.
struct Record<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Record<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(ObjectsOnly(deserializer)).map(Record)
    }
}

/// A deserializer that offers a struct's visitor a map and nothing else.
struct ObjectsOnly<D>(D);

impl<'de, D: serde::Deserializer<'de>> serde::Deserializer<'de> for ObjectsOnly<D> {
    type Error = D::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_any(MapVisitor(visitor))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

/// Passes a map on to a struct's visitor; anything else is "expected an object".
struct MapVisitor<V>(V);

impl<'de, V: serde::de::Visitor<'de>> serde::de::Visitor<'de> for MapVisitor<V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("an object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.visit_map(map)
    }
}

/// serde's message without its " at line 1 column 12" suffix.
fn readable(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(index) => text[..index].to_owned(),
        None => text,
    }
}

/// Extractor configuration: query and path errors answered as JSON with the right codes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .app_data(web::QueryConfig::default().error_handler(|error, _| {
            let message = match &error {
                QueryPayloadError::Deserialize(inner) => format!("Invalid query parameters: {inner}"),
                _ => "Invalid query parameters".to_owned(),
            };
            ApiError::bad_request(message).into()
        }))
        .app_data(web::PathConfig::default().error_handler(|_: PathError, _| ApiError::not_found("Not found").into()))
        .app_data(web::PayloadConfig::new(MAX_BODY_BYTES))
        .app_data(web::JsonConfig::default().limit(MAX_BODY_BYTES).error_handler(|error, _| match error {
            JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => too_large().into(),
            _ => ApiError::bad_request("The request body is not valid JSON").into(),
        }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::ResponseError;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Sample {
        title: Option<String>,
        nested: Option<Nested>,
        #[serde(default, deserialize_with = "object")]
        record: Option<Nested>,
        #[serde(default, deserialize_with = "objects")]
        records: Option<Vec<Nested>>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Nested {
        count: Option<i64>,
    }

    fn status(result: Result<Sample, ApiError>) -> u16 {
        result.unwrap_err().status_code().as_u16()
    }

    #[test]
    fn malformed_json_is_a_bad_request() {
        assert_eq!(status(parse_json(b"{\"title\": ")), 400);
        assert_eq!(status(parse_json(b"{} trailing")), 400);
    }

    #[test]
    fn a_field_of_the_wrong_type_is_named_in_a_422() {
        let error = parse_json::<Sample>(br#"{"nested": {"count": "many"}}"#).unwrap_err();
        let ApiError::Client { status, errors: Some(errors), .. } = error else { panic!("expected field errors") };
        assert_eq!(status.as_u16(), 422);
        assert!(errors.contains_key("nested.count"), "{errors:?}");
    }

    #[test]
    fn a_body_of_the_wrong_shape_is_a_422() {
        assert_eq!(status(parse_json(b"[1, 2]")), 422);
        assert_eq!(status(parse_json(b"\"text\"")), 422);
    }

    #[test]
    fn a_whole_number_may_be_written_with_a_zero_fraction() {
        let sample = parse_json::<Sample>(br#"{"nested": {"count": 370.0}}"#).unwrap();
        assert_eq!(sample.nested.and_then(|nested| nested.count), Some(370));
        assert_eq!(status(parse_json(br#"{"nested": {"count": 370.5}}"#)), 422);
    }

    #[test]
    fn records_are_objects_never_arrays_of_their_fields() {
        assert_eq!(status(parse_json(b"[null]")), 422);
        assert_eq!(status(parse_json(br#"{"record": [1]}"#)), 422);
        assert_eq!(status(parse_json(br#"{"records": [[1]]}"#)), 422);
        let sample = parse_json::<Sample>(br#"{"record": {"count": 1}, "records": [{"count": 2}]}"#).unwrap();
        assert_eq!(sample.record.and_then(|record| record.count), Some(1));
        assert_eq!(sample.records.map(|records| records.len()), Some(1));
        let empty = parse_json::<Sample>(br#"{"record": null}"#).unwrap();
        assert!(empty.record.is_none() && empty.records.is_none());
    }

    #[test]
    fn a_control_character_in_any_text_is_a_422_naming_each_field() {
        let error =
            parse_json::<Sample>(b"{\"title\": \"a\\u0000\", \"nested\": {\"count\": 1}, \"x\": [\"\\u001b\"]}")
                .unwrap_err();
        let ApiError::Client { status, errors: Some(errors), .. } = error else { panic!("expected field errors") };
        assert_eq!(status.as_u16(), 422);
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["title"], "an unknown field is ignored, whatever it holds");
        assert!(parse_json::<Sample>(b"{\"title\": \"a\\tb\\r\\nc\"}").is_ok());
    }

    #[test]
    fn unknown_fields_with_control_characters_are_ignored_like_any_unknown_field() {
        let body = b"{\"title\": \"x\", \"\\u0001\": [\"\\u0000\"], \"nested\": {\"count\": 1, \"extra\\u0002\": \"\\u0003\"}}";
        assert!(parse_json::<Sample>(body).is_ok());
    }

    #[test]
    fn unknown_fields_inside_records_are_ignored_like_any_unknown_field() {
        let body =
            b"{\"record\": {\"count\": 1, \"7\": {\"\\u0002\": \"\\u0001\"}}, \"records\": [{\"x\": \"\\u0003\"}]}";
        let sample = parse_json::<Sample>(body).unwrap();
        assert_eq!(sample.record.and_then(|record| record.count), Some(1));
        let known = parse_json::<Sample>(b"{\"record\": {\"count\": 1, \"name\": \"\\u0000\"}}");
        assert!(known.is_ok(), "Nested has no name field");
    }

    #[test]
    fn unknown_fields_are_ignored() {
        assert!(parse_json::<Sample>(br#"{"title": "x", "surprise": true}"#).is_ok());
    }
}
