//! OpenTelemetry traces: with `ATELIER_OTLP_ENDPOINT` the server posts its spans over OTLP/HTTP
//! (protobuf) to a collector; here a tiny one in the test reads them. A request is one span, with
//! the database statements it ran as its children.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use prost::Message;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::server::{PATIENCE, Server};

/// One exported span: its name, ids and the `path` attribute, when it has one.
#[derive(Debug, Clone)]
struct Exported {
    name: String,
    trace_id: Vec<u8>,
    span_id: Vec<u8>,
    parent_span_id: Vec<u8>,
    path: Option<String>,
}

/// Answers every `POST /v1/traces` with 200 and keeps the spans it carried.
async fn collector() -> (String, Arc<Mutex<Vec<Exported>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let spans = Arc::new(Mutex::new(Vec::new()));
    let kept = spans.clone();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else { return };
            let kept = kept.clone();
            tokio::spawn(async move {
                let mut stream = BufReader::new(stream);
                loop {
                    let mut length = 0;
                    let mut line = String::new();
                    loop {
                        line.clear();
                        if stream.read_line(&mut line).await.unwrap_or(0) == 0 {
                            return;
                        }
                        if line == "\r\n" {
                            break;
                        }
                        if let Some((name, value)) = line.split_once(':')
                            && name.eq_ignore_ascii_case("content-length")
                        {
                            length = value.trim().parse().unwrap();
                        }
                    }
                    let mut body = vec![0; length];
                    stream.read_exact(&mut body).await.unwrap();
                    let request = ExportTraceServiceRequest::decode(body.as_slice()).expect("an OTLP trace export");
                    {
                        let mut spans = kept.lock().unwrap();
                        for span in request.resource_spans.iter().flat_map(|r| &r.scope_spans).flat_map(|s| &s.spans) {
                            let path = span.attributes.iter().find(|a| a.key == "path").and_then(|a| {
                                match a.value.as_ref()?.value.as_ref()? {
                                    opentelemetry_proto::tonic::common::v1::any_value::Value::StringValue(text) => {
                                        Some(text.clone())
                                    }
                                    _ => None,
                                }
                            });
                            spans.push(Exported {
                                name: span.name.clone(),
                                trace_id: span.trace_id.clone(),
                                span_id: span.span_id.clone(),
                                parent_span_id: span.parent_span_id.clone(),
                                path,
                            });
                        }
                    }
                    let answer =
                        b"HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 0\r\n\r\n";
                    if stream.get_mut().write_all(answer).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (address, spans)
}

#[tokio::test]
async fn each_request_is_one_span_with_its_database_statements_inside() {
    let (endpoint, spans) = collector().await;
    let folder = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        folder.path(),
        None,
        &[("ATELIER_OTLP_ENDPOINT", endpoint.as_str()), ("OTEL_BSP_SCHEDULE_DELAY", "100")],
    );
    let path = "/api/blog/public/posts/slug/designing-apis-people-enjoy-using";
    let (status, _) = server.get_json(path, None).await;
    assert_eq!(status, 200);

    let started = Instant::now();
    let (request, statements) = loop {
        let found = {
            let spans = spans.lock().unwrap();
            spans.iter().find(|span| span.name == "request" && span.path.as_deref() == Some(path)).cloned().map(
                |request| {
                    let inside: Vec<Exported> = spans
                        .iter()
                        .filter(|span| span.trace_id == request.trace_id && span.parent_span_id == request.span_id)
                        .cloned()
                        .collect();
                    (request, inside)
                },
            )
        };
        if let Some((request, inside)) = found
            && !inside.is_empty()
        {
            break (request, inside);
        }
        assert!(started.elapsed() < PATIENCE, "no request span with children: {:?}", spans.lock().unwrap());
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(request.parent_span_id.is_empty(), "the request span is a root: {request:?}");
    assert!(
        statements.iter().any(|span| span.name.starts_with("query") || span.name.starts_with("execute")),
        "database statements inside the request: {statements:?}"
    );
    server.stop();
}
