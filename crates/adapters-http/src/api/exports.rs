//! The back office's CSV exports: the contact inbox, the project requests and the newsletter list,
//! each as every record its list's search and filters let through (not just the page on screen).
//! Each export is recorded in the audit log (the gate runs it in an audit scope, the use case
//! appends the entry); one that cannot be recorded is not handed out.
//!
//! The file is RFC 4180 CSV written by the `csv` crate: UTF-8 with a byte-order mark (so spreadsheets
//! read accents), CRLF line ends, a header line, then one line per record, every value as the JSON
//! API spells it. A cell a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a
//! tab or a carriage return: OWASP's "CSV injection") is prefixed with `'`, so it shows as text.
//!
//! These routes are registered before their resources' `/{id}` routes, which would take `export`
//! for an id.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::contacts::{ContactInbox, ContactQuery};
use atelier_application::export::ExportError;
use atelier_application::newsletter::{Newsletter, SubscriberQuery};
use atelier_application::ports::{Clock, SharedClock};
use atelier_application::project_requests::{ProjectRequestQuery, SalesPipeline};
use atelier_application::store::Store;
use atelier_domain::contact::ContactStatus;
use atelier_domain::project_request::{ProjectPriority, ProjectRequestStatus, choice_label};
use atelier_domain::subscriber::SubscriberStatus;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi};

use super::contacts::{ContactMessageDto, ContactStatusDto};
use super::newsletter::{SubscriberDto, SubscriberStatusDto};
use super::project_requests::{ProjectPriorityDto, ProjectRequestDto, ProjectRequestStatusDto};
use super::views::AttributionDto;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::hosts::HostPolicy;
use crate::ports::Ports;

/// A cell a spreadsheet would run as a formula.
pub(super) fn is_formula(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// One column of an export: its heading and how a record fills it.
struct Column<T> {
    header: &'static str,
    value: fn(&T) -> String,
}

/// A contact message or a project request: after its own columns, an export lists the visit that
/// brought it (landing page, referrer, UTM), when it last changed and its id.
trait Lead: Sized + 'static {
    fn attribution(&self) -> Option<&AttributionDto>;
    fn updated_at(&self) -> &DateTime<Utc>;
    fn id(&self) -> &str;

    const TAIL: &'static [Column<Self>] = &[
        Column { header: "Landing Page", value: |row| visit(row, |a| Some(&a.landing_page)) },
        Column { header: "Referrer", value: |row| visit(row, |a| a.referrer.as_ref()) },
        Column { header: "UTM Source", value: |row| visit(row, |a| a.utm_source.as_ref()) },
        Column { header: "UTM Medium", value: |row| visit(row, |a| a.utm_medium.as_ref()) },
        Column { header: "UTM Campaign", value: |row| visit(row, |a| a.utm_campaign.as_ref()) },
        Column { header: "Updated", value: |row| time(row.updated_at()) },
        Column { header: "ID", value: |row| row.id().to_owned() },
    ];
}

/// One part of the visit that brought `lead`, blank when it is not known.
fn visit<T: Lead>(lead: &T, part: fn(&AttributionDto) -> Option<&String>) -> String {
    lead.attribution().and_then(part).cloned().unwrap_or_default()
}

impl Lead for ContactMessageDto {
    fn attribution(&self) -> Option<&AttributionDto> {
        self.attribution.as_ref()
    }
    fn updated_at(&self) -> &DateTime<Utc> {
        &self.updated_at
    }
    fn id(&self) -> &str {
        &self.id
    }
}

impl Lead for ProjectRequestDto {
    fn attribution(&self) -> Option<&AttributionDto> {
        self.attribution.as_ref()
    }
    fn updated_at(&self) -> &DateTime<Utc> {
        &self.updated_at
    }
    fn id(&self) -> &str {
        &self.id
    }
}

/// The records as a CSV file (see the module's notes), its columns given in parts.
fn csv<T>(rows: &[T], parts: &[&[Column<T>]]) -> anyhow::Result<Vec<u8>> {
    let columns: Vec<&Column<T>> = parts.iter().flat_map(|part| part.iter()).collect();
    let mut file = Vec::from("\u{feff}".as_bytes());
    let mut writer = ::csv::WriterBuilder::new().terminator(::csv::Terminator::CRLF).from_writer(&mut file);
    writer.write_record(columns.iter().map(|column| column.header))?;
    for row in rows {
        writer.write_record(columns.iter().map(|column| {
            let cell = (column.value)(row);
            if is_formula(&cell) { format!("'{cell}") } else { cell }
        }))?;
    }
    writer.flush()?;
    drop(writer);
    Ok(file)
}

/// A value as the JSON API spells it: an enum's wire name, a time in RFC 3339.
fn wire<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        Ok(serde_json::Value::Null) | Err(_) => String::new(),
        Ok(other) => other.to_string(),
    }
}

fn time(value: &DateTime<Utc>) -> String {
    wire(value)
}

/// The clock that dates the exports' file names (the one the wiring chose).
#[derive(Debug, Clone)]
pub struct ExportClock(SharedClock);

/// The file as a download named `<name>-<day>.csv`, the day (UTC) on `clock` (like every
/// administrator's answer, the server marks it `private, no-store`).
pub(super) fn attachment(clock: &ExportClock, name: &str, body: Vec<u8>) -> HttpResponse {
    let day = clock.0.now().format("%Y-%m-%d");
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}-{day}.csv\"")))
        .body(body)
}

fn exported<T>(rows: Result<Vec<T>, ExportError>) -> Result<Vec<T>, ApiError> {
    rows.map_err(|error| match error {
        ExportError::TooMany { .. } => ApiError::bad_request(error.to_string()),
        ExportError::Unexpected(error) => ApiError::Unexpected(error),
    })
}

fn file<T>(rows: &[T], columns: &[&[Column<T>]]) -> Result<Vec<u8>, ApiError> {
    csv(rows, columns).map_err(|error| ApiError::Unexpected(error.context("failed to write a CSV export")))
}

const CONTACT_COLUMNS: &[Column<ContactMessageDto>] = &[
    Column { header: "Received", value: |row| time(&row.created_at) },
    Column { header: "Name", value: |row| row.name.clone() },
    Column { header: "Email", value: |row| row.email.clone() },
    Column { header: "Phone", value: |row| row.phone.clone() },
    Column { header: "Subject", value: |row| row.subject.clone() },
    Column { header: "Message", value: |row| row.message.clone() },
    Column { header: "Status", value: |row| wire(&row.status) },
    Column { header: "Priority", value: |row| wire(&row.priority) },
    Column { header: "Source", value: |row| wire(&row.source) },
    Column { header: "Tags", value: |row| row.tags.join(", ") },
    Column { header: "Notes", value: |row| row.notes.clone() },
];

const PROJECT_REQUEST_COLUMNS: &[Column<ProjectRequestDto>] = &[
    Column { header: "Received", value: |row| time(&row.created_at) },
    Column { header: "Client", value: |row| row.client_name.clone() },
    Column { header: "Company", value: |row| row.company_name.clone() },
    Column { header: "Email", value: |row| row.email.clone() },
    Column { header: "Phone", value: |row| row.phone.clone() },
    Column { header: "Project Type", value: |row| choice_label(&row.project_type).to_owned() },
    Column { header: "Budget", value: |row| choice_label(&row.budget).to_owned() },
    Column { header: "Timeline", value: |row| choice_label(&row.timeline).to_owned() },
    Column { header: "Description", value: |row| row.description.clone() },
    Column { header: "Status", value: |row| wire(&row.status) },
    Column { header: "Priority", value: |row| wire(&row.priority) },
    Column { header: "Source", value: |row| wire(&row.source) },
    Column { header: "Notes", value: |row| row.notes.clone() },
];

const SUBSCRIBER_COLUMNS: &[Column<SubscriberDto>] = &[
    Column { header: "Email", value: |row| row.email.clone() },
    Column { header: "Status", value: |row| wire(&row.status) },
    Column { header: "Signed up", value: |row| time(&row.created_at) },
    Column { header: "Confirmed", value: |row| row.confirmed_at.as_ref().map(time).unwrap_or_default() },
    Column { header: "Unsubscribe URL", value: |row| row.unsubscribe_url.clone() },
];

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContactExportParams {
    /// Only messages with this status.
    pub status: Option<ContactStatusDto>,
    /// Matched case-insensitively anywhere in the name, email or subject.
    pub search: Option<String>,
}

/// Export contact messages as CSV
///
/// Every message the search and status filter let through, newest first, as a CSV file (UTF-8 with
/// a byte-order mark; cells that would start a spreadsheet formula are prefixed with `'`). At most
/// 100 000 messages: more matches are refused with 400. Recorded in the audit log.
#[utoipa::path(
    get, path = "/contacts/export", tag = "contacts", operation_id = "exportContacts",
    params(ContactExportParams),
    responses((status = 200, description = "The CSV file, as an attachment", content_type = "text/csv", body = String))
)]
pub async fn export_contacts<S: Store>(
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    clock: web::Data<ExportClock>,
    params: web::Query<ContactExportParams>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let query = ContactQuery {
        status: params.status.map(ContactStatus::from),
        search: params.search,
        ..ContactQuery::default()
    };
    let rows: Vec<ContactMessageDto> = exported(inbox.export(query).await)?.into_iter().map(Into::into).collect();
    Ok(attachment(&clock, "contact-messages", file(&rows, &[CONTACT_COLUMNS, ContactMessageDto::TAIL])?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectRequestExportParams {
    /// Only requests with this status.
    pub status: Option<ProjectRequestStatusDto>,
    /// Only requests with this priority.
    pub priority: Option<ProjectPriorityDto>,
    /// Matched case-insensitively anywhere in the client name, company name, email or description.
    pub search: Option<String>,
}

/// Export project requests as CSV
///
/// Every request the search, status and priority filters let through, newest first, as a CSV file
/// (UTF-8 with a byte-order mark; project type, budget and timeline as the form's labels; cells that
/// would start a spreadsheet formula are prefixed with `'`). At most 100 000 requests: more matches
/// are refused with 400. Recorded in the audit log.
#[utoipa::path(
    get, path = "/project-requests/export", tag = "project-requests", operation_id = "exportProjectRequests",
    params(ProjectRequestExportParams),
    responses((status = 200, description = "The CSV file, as an attachment", content_type = "text/csv", body = String))
)]
pub async fn export_project_requests<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    clock: web::Data<ExportClock>,
    params: web::Query<ProjectRequestExportParams>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let query = ProjectRequestQuery {
        status: params.status.map(ProjectRequestStatus::from),
        priority: params.priority.map(ProjectPriority::from),
        search: params.search,
        ..ProjectRequestQuery::default()
    };
    let rows: Vec<ProjectRequestDto> = exported(pipeline.export(query).await)?.into_iter().map(Into::into).collect();
    Ok(attachment(&clock, "project-requests", file(&rows, &[PROJECT_REQUEST_COLUMNS, ProjectRequestDto::TAIL])?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubscriberExportParams {
    /// Only addresses with this status.
    pub status: Option<SubscriberStatusDto>,
    /// Matched case-insensitively anywhere in the address.
    pub search: Option<String>,
}

/// Export newsletter subscribers as CSV
///
/// Every address the search and status filter let through, newest first, with its unsubscribe link
/// for a mailing tool, as a CSV file (UTF-8 with a byte-order mark; cells that would start a
/// spreadsheet formula are prefixed with `'`). At most 100 000 addresses: more matches are refused
/// with 400. Recorded in the audit log.
#[utoipa::path(
    get, path = "/newsletter/subscribers/export", tag = "newsletter", operation_id = "exportNewsletterSubscribers",
    params(SubscriberExportParams),
    responses((status = 200, description = "The CSV file, as an attachment", content_type = "text/csv", body = String))
)]
pub async fn export_subscribers<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    clock: web::Data<ExportClock>,
    hosts: web::Data<HostPolicy>,
    request: HttpRequest,
    params: web::Query<SubscriberExportParams>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let query = SubscriberQuery {
        status: params.status.map(SubscriberStatus::from),
        search: params.search,
        ..SubscriberQuery::default()
    };
    let base = hosts.address(&request);
    let rows: Vec<SubscriberDto> = exported(newsletter.export(query).await)?
        .iter()
        .map(|subscriber| SubscriberDto::of(subscriber, &base))
        .collect();
    Ok(attachment(&clock, "newsletter-subscribers", file(&rows, &[SUBSCRIBER_COLUMNS])?))
}

/// The exports, documented under their resources' tags.
#[derive(Debug, OpenApi)]
#[openapi(paths(export_contacts, export_project_requests, export_subscribers))]
pub struct Doc;

/// This resource's request rules ([`crate::contract`]): none, it takes no body and its parameters'
/// schemas say enough. Collected by [`super::rules`].
pub fn rules() -> Rules {
    Rules::none()
}

/// Registered before the resources whose `/{id}` routes would take `export` for an id.
pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, clock: &SharedClock) {
    config
        .app_data(web::Data::new(ExportClock(clock.clone())))
        .service(super::resource("/contacts/export").get(export_contacts::<P::Store>))
        .service(super::resource("/project-requests/export").get(export_project_requests::<P::Store>))
        .service(super::resource("/newsletter/subscribers/export").get(export_subscribers::<P::Store>));
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Row(&'static str, &'static str);

    const COLUMNS: &[Column<Row>] = &[
        Column { header: "Name", value: |row| row.0.to_owned() },
        Column { header: "Note", value: |row| row.1.to_owned() },
    ];

    fn text(rows: &[Row]) -> String {
        String::from_utf8(csv(rows, &[COLUMNS]).unwrap()).unwrap()
    }

    #[test]
    fn a_file_is_a_bom_a_header_and_crlf_lines_quoted_where_needed() {
        let file = text(&[Row("Ana", "plain"), Row("Ben, Jr.", "said \"hi\"\nthen left")]);
        assert_eq!(file, "\u{feff}Name,Note\r\nAna,plain\r\n\"Ben, Jr.\",\"said \"\"hi\"\"\nthen left\"\r\n");
    }

    #[test]
    fn cells_a_spreadsheet_would_run_are_prefixed_with_a_quote() {
        for hostile in ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            let file = text(&[Row("Ana", hostile)]);
            let line = file.split("\r\n").nth(1).unwrap();
            assert!(line.trim_start_matches("Ana,").trim_start_matches('"').starts_with('\''), "{hostile:?}: {line:?}");
        }
        assert!(text(&[Row("Ana", "a=b")]).contains("Ana,a=b\r\n"), "only a leading sign counts");
    }

    #[test]
    fn values_read_as_the_api_spells_them() {
        assert_eq!(wire(&ContactStatusDto::from(ContactStatus::New)), "new");
        let at = DateTime::parse_from_rfc3339("2026-11-24T08:30:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(time(&at), "2026-11-24T08:30:00Z");
    }
}
