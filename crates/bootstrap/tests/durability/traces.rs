//! OpenTelemetry traces: with `ATELIER_OTLP_ENDPOINT` the server posts its spans over OTLP/HTTP
//! (protobuf) to a collector; here a tiny one in the test reads them. A request is one span, with
//! the database statements it ran as its children.
//!
//! The collector reads the few fields it needs from the protobuf by their numbers in the OTLP
//! schema (`opentelemetry/proto/trace/v1/trace.proto`), so the tests need no generated code.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// The fields of a protobuf message: each field's number with its varint or its bytes (fixed-size
/// fields are skipped; OTLP's spans carry what the test reads as varints and byte strings).
fn fields(mut message: &[u8]) -> Vec<(u64, &[u8])> {
    fn varint(bytes: &mut &[u8]) -> u64 {
        let mut value = 0;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = bytes.split_first().expect("a complete varint");
            *bytes = rest;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                break;
            }
        }
        value
    }
    let mut found = Vec::new();
    while !message.is_empty() {
        let key = varint(&mut message);
        match key & 7 {
            0 => {
                varint(&mut message);
            }
            1 => message = &message[8..],
            2 => {
                let length = usize::try_from(varint(&mut message)).unwrap();
                let (value, rest) = message.split_at(length);
                found.push((key >> 3, value));
                message = rest;
            }
            5 => message = &message[4..],
            other => panic!("protobuf wire type {other} in an OTLP export"),
        }
    }
    found
}

/// The byte strings of field `number` in `message`.
fn field(message: &[u8], number: u64) -> impl Iterator<Item = &[u8]> {
    fields(message).into_iter().filter(move |(found, _)| *found == number).map(|(_, value)| value)
}

/// The spans of an `ExportTraceServiceRequest`: resource spans (1), their scope spans (2), their
/// spans (2): trace id (1), span id (2), parent span id (4), name (5) and attributes (9), each a key
/// (1) and a value (2) whose string value is field 1.
fn exported_spans(request: &[u8]) -> Vec<Exported> {
    let text = |bytes: &[u8]| String::from_utf8(bytes.to_vec()).expect("UTF-8 text in an OTLP export");
    let first = |message: &[u8], number| field(message, number).next().map(<[u8]>::to_vec).unwrap_or_default();
    let mut spans = Vec::new();
    for resource in field(request, 1) {
        for scope in field(resource, 2) {
            for span in field(scope, 2) {
                let path = field(span, 9)
                    .find(|attribute| first(attribute, 1) == b"path")
                    .and_then(|attribute| field(attribute, 2).next().and_then(|value| field(value, 1).next()))
                    .map(text);
                spans.push(Exported {
                    name: text(&first(span, 5)),
                    trace_id: first(span, 1),
                    span_id: first(span, 2),
                    parent_span_id: first(span, 4),
                    path,
                });
            }
        }
    }
    spans
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
                    kept.lock().unwrap().extend(exported_spans(&body));
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
