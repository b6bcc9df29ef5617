//! Logging: text for a terminal or JSON for collectors, filtered by `ATELIER_LOG`. Request lines carry
//! the request span's id, method and path.
//!
//! With `ATELIER_OTLP_ENDPOINT` (and the `otlp` feature, which release builds enable), every
//! request's span and the database statements inside it are also exported as OpenTelemetry traces
//! over OTLP/HTTP (protobuf), whatever the log filter.

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::FmtSpan;

use crate::config::LogFormat;

/// Installs the global subscriber; a second call (as in tests) leaves the first in place.
pub fn init(filter: &str, format: LogFormat) {
    init_with_traces(filter, format, None);
}

fn log_filter(filter: &str) -> EnvFilter {
    EnvFilter::try_new(filter).unwrap_or_else(|error| {
        eprintln!("invalid log filter {filter:?} ({error}); using \"info\"");
        EnvFilter::new("info")
    })
}

/// [`init`], exporting traces to the OTLP/HTTP collector at `otlp_endpoint` when one is given.
pub fn init_with_traces(filter: &str, format: LogFormat, otlp_endpoint: Option<&str>) {
    if let Some(endpoint) = otlp_endpoint {
        traced(filter, format, endpoint);
        return;
    }
    let builder =
        tracing_subscriber::fmt().with_env_filter(log_filter(filter)).with_span_events(FmtSpan::NONE).with_target(true);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).try_init(),
    };
}

#[cfg(not(feature = "otlp"))]
fn traced(filter: &str, format: LogFormat, endpoint: &str) {
    init_with_traces(filter, format, None);
    tracing::warn!(endpoint, "this build has no OpenTelemetry support (cargo feature `otlp`): no traces are exported");
}

/// Flushes the traces not yet exported; call once before the process exits.
pub fn shutdown() {
    #[cfg(feature = "otlp")]
    otlp::shutdown();
}

#[cfg(feature = "otlp")]
fn traced(filter: &str, format: LogFormat, endpoint: &str) {
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;

    let tracer = match otlp::tracer(endpoint) {
        Ok(tracer) => tracer,
        Err(error) => {
            init_with_traces(filter, format, None);
            tracing::error!(error = %format!("{error:#}"), "traces cannot be exported; serving without them");
            return;
        }
    };
    let exported = tracing_opentelemetry::layer().with_tracer(tracer).with_filter(otlp::span_filter());
    let fmt = tracing_subscriber::fmt::layer().with_span_events(FmtSpan::NONE).with_target(true);
    let logs = match format {
        LogFormat::Text => fmt.with_filter(log_filter(filter)).boxed(),
        LogFormat::Json => {
            fmt.json().with_current_span(true).with_span_list(false).with_filter(log_filter(filter)).boxed()
        }
    };
    if tracing_subscriber::registry().with(logs).with(exported).try_init().is_ok() {
        tracing::info!(endpoint, "traces are exported over OTLP/HTTP");
    }
}

#[cfg(feature = "otlp")]
mod otlp {
    use std::sync::OnceLock;

    use anyhow::Context;
    use opentelemetry::trace::TracerProvider as _;
    use opentelemetry_otlp::{Protocol, WithExportConfig};
    use opentelemetry_sdk::Resource;
    use opentelemetry_sdk::trace::{SdkTracer, SdkTracerProvider};
    use tracing::Level;
    use tracing_subscriber::filter::Targets;

    static PROVIDER: OnceLock<SdkTracerProvider> = OnceLock::new();

    /// A tracer whose spans are batched and posted to `<endpoint>/v1/traces`.
    pub(super) fn tracer(endpoint: &str) -> anyhow::Result<SdkTracer> {
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_protocol(Protocol::HttpBinary)
            .with_endpoint(format!("{endpoint}/v1/traces"))
            .build()
            .context("ATELIER_OTLP_ENDPOINT")?;
        let resource = Resource::builder()
            .with_service_name("atelier")
            .with_attribute(opentelemetry::KeyValue::new("service.version", env!("CARGO_PKG_VERSION")))
            .build();
        let provider = SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource).build();
        let tracer = provider.tracer("atelier");
        let _ = PROVIDER.set(provider);
        Ok(tracer)
    }

    /// What becomes a span: the request span (and anything at `info` or above), and SeaORM's
    /// statement spans, which it opens at `trace`.
    pub(super) fn span_filter() -> Targets {
        Targets::new()
            .with_default(Level::INFO)
            .with_target("sea_orm::driver", Level::TRACE)
            .with_target("sqlx", Level::WARN)
    }

    pub(super) fn shutdown() {
        if let Some(provider) = PROVIDER.get()
            && let Err(error) = provider.shutdown()
        {
            eprintln!("failed to export the last traces: {error}");
        }
    }
}
