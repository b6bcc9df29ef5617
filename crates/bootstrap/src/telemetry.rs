//! Logging: text for a terminal or JSON for collectors, filtered by `ATELIER_LOG`. Request lines carry
//! the request span's id, method and path.

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::FmtSpan;

use crate::config::LogFormat;

/// Installs the global subscriber; a second call (as in tests) leaves the first in place.
pub fn init(filter: &str, format: LogFormat) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|error| {
        eprintln!("invalid log filter {filter:?} ({error}); using \"info\"");
        EnvFilter::new("info")
    });
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_span_events(FmtSpan::NONE).with_target(true);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).try_init(),
    };
}
