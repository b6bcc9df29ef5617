//! The error responses of the API, each defined once (`#/components/responses/...`), and the rule
//! that gives every operation the ones its kind can answer.
//!
//! An operation's kind follows from facts the document already holds, so no handler lists these by
//! hand and none can forget one:
//!
//! | The operation…                                   | answers too            |
//! |---------------------------------------------------|------------------------|
//! | any                                               | 500                    |
//! | needs a token (not in [`crate::access`]'s list)   | 401, 403               |
//! | takes a body (`request_body`)                     | 400, 413, 415, 422     |
//! | reads query parameters                            | 400                    |
//! | names a record in its path (`{id}`, `{slug}`, …)  | 404                    |
//!
//! A handler lists its successes and only the errors its kind does not imply, through the types
//! below: [`NotFound`] (a single record without a path parameter), [`Conflict`], [`TooManyRequests`]
//! (the public forms, sign-in), [`Unauthorized`] and [`Forbidden`] (public operations that check
//! credentials themselves): `responses((status = 201, ...), Conflict)`. [`StandardResponses`] adds
//! the rest when the document is built, and turns any error a handler wrote out by hand for one of
//! these statuses into the shared definition.

use std::collections::BTreeMap;

use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::{Object, OpenApi, Ref, RefOr, Type};
use utoipa::{IntoResponses, Modify, ToSchema};

use crate::error::{ErrorBody, FieldErrorsBody};

/// One shared error response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standard {
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    Conflict,
    PayloadTooLarge,
    UnsupportedMediaType,
    InvalidFields,
    TooManyRequests,
    Internal,
}

impl Standard {
    pub const ALL: [Self; 10] = [
        Self::BadRequest,
        Self::Unauthorized,
        Self::Forbidden,
        Self::NotFound,
        Self::Conflict,
        Self::PayloadTooLarge,
        Self::UnsupportedMediaType,
        Self::InvalidFields,
        Self::TooManyRequests,
        Self::Internal,
    ];

    pub const fn status(self) -> &'static str {
        match self {
            Self::BadRequest => "400",
            Self::Unauthorized => "401",
            Self::Forbidden => "403",
            Self::NotFound => "404",
            Self::Conflict => "409",
            Self::PayloadTooLarge => "413",
            Self::UnsupportedMediaType => "415",
            Self::InvalidFields => "422",
            Self::TooManyRequests => "429",
            Self::Internal => "500",
        }
    }

    /// Its name under `#/components/responses`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::BadRequest => "BadRequest",
            Self::Unauthorized => "Unauthorized",
            Self::Forbidden => "Forbidden",
            Self::NotFound => "NotFound",
            Self::Conflict => "Conflict",
            Self::PayloadTooLarge => "PayloadTooLarge",
            Self::UnsupportedMediaType => "UnsupportedMediaType",
            Self::InvalidFields => "InvalidFields",
            Self::TooManyRequests => "TooManyRequests",
            Self::Internal => "InternalError",
        }
    }

    fn description(self) -> &'static str {
        match self {
            Self::BadRequest => {
                "The body is not valid JSON (or an unreadable form), or a query parameter has a value of the wrong type"
            }
            Self::Unauthorized => {
                "No valid bearer token (missing, malformed, expired or revoked), or wrong credentials where the \
                 operation checks them"
            }
            Self::Forbidden => "The signed-in account may not do this",
            Self::NotFound => "No such record, or a malformed id",
            Self::Conflict => {
                "A value that must be unique is taken, or the record is still in use; the message says which"
            }
            Self::PayloadTooLarge => "The body is larger than the server accepts",
            Self::UnsupportedMediaType => "The body is not of the documented content type",
            Self::InvalidFields => "Fields failed validation; `errors` gives each one's message",
            Self::TooManyRequests => "Too many attempts; try again after the seconds in `Retry-After`",
            Self::Internal => "A fault of the server; `requestId` finds its log lines",
        }
    }

    fn definition(self) -> Response {
        let schema = match self {
            Self::InvalidFields => FieldErrorsBody::name(),
            _ => ErrorBody::name(),
        };
        let body = ContentBuilder::new().schema(Some(Ref::from_schema_name(schema))).build();
        let response = ResponseBuilder::new().description(self.description()).content("application/json", body);
        let header = |kind, description| {
            HeaderBuilder::new().schema(Some(Object::with_type(kind))).description(Some(description)).build()
        };
        match self {
            Self::Unauthorized => response.header("WWW-Authenticate", header(Type::String, "`Bearer`")),
            Self::TooManyRequests => {
                response.header("Retry-After", header(Type::Integer, "Seconds until the next attempt may succeed"))
            }
            _ => response,
        }
        .build()
    }

    fn reference(self) -> RefOr<Response> {
        RefOr::Ref(Ref::from_response_name(self.name()))
    }

    fn of_status(status: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|standard| standard.status() == status)
    }
}

/// The shared errors an operation answers because of its kind (see the module's table).
fn implied(operation: &Operation) -> Vec<Standard> {
    let mut implied = vec![Standard::Internal];
    if operation.security.as_ref().is_some_and(|requirements| !requirements.is_empty()) {
        implied.extend([Standard::Unauthorized, Standard::Forbidden]);
    }
    if operation.request_body.is_some() {
        implied.extend([
            Standard::BadRequest,
            Standard::PayloadTooLarge,
            Standard::UnsupportedMediaType,
            Standard::InvalidFields,
        ]);
    }
    let parameters = operation.parameters.iter().flatten().filter_map(|parameter| match parameter {
        RefOr::T(parameter) => Some(&parameter.parameter_in),
        RefOr::Ref(_) => None,
    });
    for location in parameters {
        match location {
            ParameterIn::Query => implied.push(Standard::BadRequest),
            ParameterIn::Path => implied.push(Standard::NotFound),
            _ => {}
        }
    }
    implied
}

/// Defines the shared responses and gives each operation those of its kind. Runs after
/// [`crate::access::SecurityMarkers`], which tells the protected operations.
#[derive(Debug)]
pub struct StandardResponses;

impl Modify for StandardResponses {
    fn modify(&self, document: &mut OpenApi) {
        let components = document.components.get_or_insert_with(Default::default);
        for standard in Standard::ALL {
            components.responses.insert(standard.name().to_owned(), RefOr::T(standard.definition()));
        }
        for item in document.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.options,
                &mut item.head,
                &mut item.patch,
                &mut item.trace,
            ];
            for operation in operations.into_iter().flatten() {
                let responses = &mut operation.responses.responses;
                let listed: Vec<Standard> = responses.keys().filter_map(|status| Standard::of_status(status)).collect();
                for standard in listed.into_iter().chain(implied(operation)) {
                    operation.responses.responses.insert(standard.status().to_owned(), standard.reference());
                }
            }
        }
    }
}

/// Declares shared responses an operation answers beyond those of its kind.
macro_rules! listed {
    ($($(#[$doc:meta])* $name:ident => $standard:ident),+ $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name;

        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                let standard = Standard::$standard;
                BTreeMap::from([(standard.status().to_owned(), standard.reference())])
            }
        }
    )+};
}

listed! {
    /// 404 from an operation without a path parameter (a single record that may not exist yet).
    NotFound => NotFound,
    /// 409: a unique value is taken, or the record is still in use.
    Conflict => Conflict,
    /// 429 with `Retry-After`: the public forms' limit, sign-in throttling.
    TooManyRequests => TooManyRequests,
    /// 401 from a public operation that checks credentials itself.
    Unauthorized => Unauthorized,
    /// 403 from a public operation that checks the caller's role itself.
    Forbidden => Forbidden,
}

/// 204: the record is gone.
#[derive(Debug)]
pub struct Deleted;

impl IntoResponses for Deleted {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([("204".to_owned(), RefOr::T(ResponseBuilder::new().description("Deleted").build()))])
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn document() -> Value {
        serde_json::from_str(&crate::openapi_json()).unwrap()
    }

    fn operations(document: &Value) -> Vec<(String, String, Value)> {
        let mut operations = Vec::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                operations.push((method.clone(), path.clone(), operation.clone()));
            }
        }
        operations
    }

    #[test]
    fn every_error_response_of_an_operation_is_a_shared_definition() {
        let document = document();
        for (method, path, operation) in operations(&document) {
            for (status, response) in operation["responses"].as_object().unwrap() {
                let Some(standard) = Standard::of_status(status) else { continue };
                let expected = format!("#/components/responses/{}", standard.name());
                assert_eq!(response["$ref"], expected.as_str(), "{method} {path} {status}");
            }
        }
        for standard in Standard::ALL {
            let definition = &document["components"]["responses"][standard.name()];
            assert!(definition["description"].is_string(), "{}", standard.name());
        }
    }

    #[test]
    fn an_operation_answers_the_errors_of_its_kind() {
        let document = document();
        for (method, path, operation) in operations(&document) {
            let statuses = operation["responses"].as_object().unwrap();
            let has = |status: &str| statuses.contains_key(status);
            let what = format!("{method} {path}");
            assert!(has("500"), "{what}");
            let protected = !crate::access::is_public(&method, &path);
            assert_eq!(protected, operation["security"].is_array(), "{what}");
            if protected {
                assert!(has("401") && has("403"), "{what}");
            }
            if operation["requestBody"].is_object() {
                assert!(["400", "413", "415", "422"].iter().all(|status| has(status)), "{what}");
            }
            let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
            if parameters.iter().any(|parameter| parameter["in"] == "path") {
                assert!(has("404"), "{what}");
            }
            if parameters.iter().any(|parameter| parameter["in"] == "query") {
                assert!(has("400"), "{what}");
            }
        }
    }

    #[test]
    fn the_throttled_and_unauthenticated_answers_carry_their_headers() {
        let document = document();
        let responses = &document["components"]["responses"];
        assert!(responses["TooManyRequests"]["headers"]["Retry-After"].is_object());
        assert!(responses["Unauthorized"]["headers"]["WWW-Authenticate"].is_object());
        assert_eq!(
            responses["InvalidFields"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/FieldErrorsBody"
        );
    }
}
