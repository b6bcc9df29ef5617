//! The real binary, run with debug logging: no password or token ever reaches a log line.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::json;

#[tokio::test]
async fn passwords_and_tokens_never_appear_in_the_logs() {
    let folder = tempfile::tempdir().unwrap();
    let password = "log-probe-password-4242";
    let mut child = Command::new(env!("CARGO_BIN_EXE_atelier"))
        .arg("serve")
        .env("ATELIER_PORT", "0")
        .env("ATELIER_DATA_DIR", folder.path())
        .env("ATELIER_LOG", "debug")
        .env("ATELIER_ADMIN_EMAIL", "probe@atelier.test")
        .env("ATELIER_ADMIN_PASSWORD", password)
        .env("ATELIER_SEED_DEMO", "false")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let (lines, received) = mpsc::channel();
    for stream in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let lines = lines.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
    }
    let mut log = Vec::new();
    let address = loop {
        let line = received.recv_timeout(Duration::from_secs(30)).expect("the server reports its address");
        log.push(line.clone());
        if let Some(index) = line.find("http://127.0.0.1:") {
            break line[index..].split_whitespace().next().unwrap().trim_end_matches('"').to_owned();
        }
    };

    let client = reqwest::Client::new();
    let answer: serde_json::Value = client
        .post(format!("{address}/api/auth/login"))
        .json(&json!({"email": "probe@atelier.test", "password": password}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = answer["token"].as_str().expect("signed in").to_owned();
    let wrong = client
        .post(format!("{address}/api/auth/login"))
        .json(&json!({"email": "probe@atelier.test", "password": 12345}))
        .send();
    assert_eq!(wrong.await.unwrap().status().as_u16(), 422);
    let verified = client.get(format!("{address}/api/auth/verify")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(verified.status().as_u16(), 200);
    let change = json!({"currentPassword": password, "newPassword": "log-probe-new-password-4242"});
    client.put(format!("{address}/api/auth/change-password")).bearer_auth(&token).json(&change).send().await.unwrap();

    child.kill().unwrap();
    child.wait().unwrap();
    while let Ok(line) = received.recv_timeout(Duration::from_millis(500)) {
        log.push(line);
    }
    assert!(log.iter().any(|line| line.contains("/api/auth/verify")), "requests are logged");
    for line in &log {
        for secret in [password, "log-probe-new-password-4242", token.as_str(), "12345"] {
            assert!(!line.contains(secret), "a log line contains a secret: {line}");
        }
    }
}
