//! Responses many operations share, documented once. An operation lists them beside its own in
//! `#[utoipa::path(responses(...))]`: `responses((status = 201, ...), BodyErrors, InvalidFields)`.

use std::collections::BTreeMap;

use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{IntoResponses, ToSchema};

use crate::error::ErrorBody;

/// 400, 413 and 415: a JSON body the server could not read (see [`crate::extract::JsonBody`]).
#[derive(Debug)]
pub struct BodyErrors;

impl IntoResponses for BodyErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        errors(&[("400", "Unparseable body"), ("413", "Body too large"), ("415", "Body is not JSON")])
    }
}

/// 422: fields that failed validation, one message each.
#[derive(Debug)]
pub struct InvalidFields;

impl IntoResponses for InvalidFields {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        errors(&[("422", "Invalid fields")])
    }
}

/// 400: a query string the server could not read.
#[derive(Debug)]
pub struct QueryErrors;

impl IntoResponses for QueryErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        errors(&[("400", "Unparseable query")])
    }
}

/// 204: the record is gone.
#[derive(Debug)]
pub struct Deleted;

impl IntoResponses for Deleted {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([("204".to_owned(), RefOr::T(ResponseBuilder::new().description("Deleted").build()))])
    }
}

/// Responses whose body is an [`ErrorBody`], by status and description.
fn errors(responses: &[(&str, &str)]) -> BTreeMap<String, RefOr<Response>> {
    responses
        .iter()
        .map(|(status, description)| {
            let body = ContentBuilder::new().schema(Some(Ref::from_schema_name(ErrorBody::name()))).build();
            let response = ResponseBuilder::new().description(*description).content("application/json", body).build();
            ((*status).to_owned(), RefOr::T(response))
        })
        .collect()
}
