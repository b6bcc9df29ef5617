//! SIGTERM: a request in flight when the signal arrives completes, new connections are refused, and
//! the process exits with status 0.

use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::server::{PATIENCE, Server};

const BOUNDARY: &str = "durability-boundary";

/// A valid PDF of about 256 KiB, padded with comment lines.
fn large_pdf() -> Vec<u8> {
    let mut pdf = b"%PDF-1.4\n".to_vec();
    while pdf.len() < 256 * 1024 {
        pdf.extend_from_slice(b"% padding that makes this upload take a while to send\n");
    }
    pdf.extend_from_slice(b"1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    pdf
}

fn multipart_body() -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"slow-brief.pdf\"\r\n\
         Content-Type: application/pdf\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&large_pdf());
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// Reads until the end of the headers (the blank line); answers them.
async fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut byte = [0_u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let read = tokio::time::timeout(PATIENCE, stream.read(&mut byte)).await.expect("an answer in time").unwrap();
        assert_eq!(read, 1, "the connection closed early: {}", String::from_utf8_lossy(&head));
        head.push(byte[0]);
    }
    String::from_utf8(head).unwrap()
}

#[tokio::test]
async fn sigterm_lets_a_slow_upload_finish_refuses_new_connections_and_exits_0() {
    let folder = tempfile::tempdir().unwrap();
    let data_dir = folder.path().join("data");
    let server = Server::start(&data_dir, None);
    let token = server.sign_in().await;
    let host = server.address.trim_start_matches("http://").to_owned();

    // Start the upload, and wait for the server to take it up: it answers `100 Continue`.
    let body = multipart_body();
    let mut stream = TcpStream::connect(&host).await.unwrap();
    let head = format!(
        "POST /api/media HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {}\r\n\
         Expect: 100-continue\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let interim = read_head(&mut stream).await;
    assert!(interim.starts_with("HTTP/1.1 100"), "{interim}");
    let (first, rest) = body.split_at(body.len() / 3);
    stream.write_all(first).await.unwrap();
    stream.flush().await.unwrap();

    // SIGTERM mid-upload: new connections are refused from then on.
    server.terminate();
    let signalled = Instant::now();
    while TcpStream::connect(&host).await.is_ok() {
        assert!(signalled.elapsed() < PATIENCE, "new connections are still accepted after SIGTERM");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // The rest of the upload, slowly: the request in flight still completes.
    for chunk in rest.chunks(rest.len() / 4 + 1) {
        stream.write_all(chunk).await.unwrap();
        stream.flush().await.unwrap();
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let mut answer = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut answer)).await.expect("answered in time").unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 201"), "the upload in flight completes: {answer}");
    let status = server.wait_for_exit();
    assert_eq!(status.code(), Some(0), "a graceful stop exits 0");

    // The upload was stored.
    let server = Server::start(&data_dir, None);
    let token = server.sign_in().await;
    let (status, media): (u16, Value) = server.get_json("/api/media", Some(&token)).await;
    assert_eq!(status, 200);
    let items = media["media"].as_array().expect("the library");
    let stored = items.iter().find(|item| item["fileName"] == "slow-brief.pdf").expect("the upload is stored");
    assert_eq!(stored["size"].as_u64(), Some(large_pdf().len() as u64), "whole");
    server.stop();
}
