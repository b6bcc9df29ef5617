//! `atelier backup` while the server runs, `atelier restore` into a fresh folder: the restored site
//! answers exactly as the original did.

use crate::multipart::{Form, Multipart, Part};
use serde_json::{Value, json};

use crate::server::{Server, atelier};

fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".to_vec()
}

/// The answers a restored site must repeat: public content, the media library with one file's bytes,
/// and the inbox.
async fn answers(server: &Server, token: &str, file: &str) -> Vec<(String, u16, Value)> {
    let mut answers = Vec::new();
    for (path, token) in [
        ("/api/services", None),
        ("/api/blog/public/posts", None),
        ("/api/faqs", None),
        ("/api/blog/posts", Some(token)),
        ("/api/media", Some(token)),
        ("/api/contacts?limit=100", Some(token)),
    ] {
        let (status, body) = server.get_json(path, token).await;
        answers.push((path.to_owned(), status, body));
    }
    let response = server.client().get(server.url(file)).send().await.expect("answered");
    let status = response.status().as_u16();
    let bytes = response.bytes().await.expect("a body");
    answers.push((file.to_owned(), status, json!(bytes.to_vec())));
    answers
}

#[tokio::test]
async fn a_backup_taken_while_serving_restores_to_an_identical_site() {
    let folder = tempfile::tempdir().unwrap();
    let original = folder.path().join("original");
    let server = Server::start(&original, None);
    let token = server.sign_in().await;

    let form = Form::new().part("files", Part::bytes(pdf()).file_name("brief.pdf").mime_str("application/pdf"));
    let response =
        server.client().post(server.url("/api/media")).bearer_auth(&token).multipart(form).send().await.unwrap();
    assert_eq!(response.status(), 201, "uploaded");
    let uploaded: Value = response.json().await.unwrap();
    let file = uploaded["items"][0]["media"]["url"].as_str().expect("a file address").to_owned();
    let message = json!({
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": "A new website",
        "message": "We would like a quote for a new website."
    });
    let challenge: Value =
        server.client().get(server.url("/api/challenge")).send().await.unwrap().json().await.unwrap();
    let mut message = message;
    message["proofOfWork"] = crate::proof_of_work::solve(&challenge);
    let response = server.client().post(server.url("/api/contacts")).json(&message).send().await.unwrap();
    assert_eq!(response.status(), 201, "a contact message");

    let before = answers(&server, &token, &file).await;
    assert!(before.iter().all(|(path, status, _)| *status == 200 || panic!("{path}: {status}")));
    assert_eq!(before[4].2["totalItems"], 1, "one media item");
    let inbox = before[5].2["contacts"].as_array().expect("the inbox");
    assert!(inbox.iter().any(|item| item["name"] == "Ada Lovelace"), "the message is in the inbox");
    assert!(before[0].2.as_array().is_some_and(|services| !services.is_empty()), "demo services");

    // Back up while the server runs.
    let archive = folder.path().join("backups").join("atelier.tar.gz");
    let output = atelier(&original, None).arg("backup").arg(&archive).output().unwrap();
    assert!(output.status.success(), "backup: {}", String::from_utf8_lossy(&output.stderr));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&archive).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "only the owner reads the archive: it holds the token secret");
    }

    // Restoring over the running site's folder is refused without --force.
    let output = atelier(&original, None).arg("restore").arg(&archive).output().unwrap();
    assert!(!output.status.success(), "restore over a non-empty folder must fail");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("not empty") && said.contains("--force"), "{said}");
    server.stop();

    let restored = folder.path().join("restored");
    let output = atelier(&restored, None).arg("restore").arg(&archive).output().unwrap();
    assert!(output.status.success(), "restore: {}", String::from_utf8_lossy(&output.stderr));
    let server = Server::start(&restored, None);
    // The token secret came along: the original's token still works.
    let after = answers(&server, &token, &file).await;
    for (before, after) in before.iter().zip(&after) {
        assert_eq!(before, after, "{} differs after the restore", before.0);
    }

    // With --force, a non-empty folder is replaced.
    server.stop();
    let output = atelier(&restored, None).args(["restore", "--force"]).arg(&archive).output().unwrap();
    assert!(output.status.success(), "restore --force: {}", String::from_utf8_lossy(&output.stderr));
}

#[tokio::test]
async fn restore_refuses_a_file_that_is_not_a_backup() {
    let folder = tempfile::tempdir().unwrap();
    let not_a_backup = folder.path().join("notes.tar.gz");
    std::fs::write(&not_a_backup, b"not an archive").unwrap();
    let data_dir = folder.path().join("data");
    let output = atelier(&data_dir, None).arg("restore").arg(&not_a_backup).output().unwrap();
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("not an Atelier backup"), "{said}");
    assert!(!data_dir.join("atelier.db").exists(), "nothing was put in place");
}

/// On PostgreSQL a backup is the site's export archive (tests/api/backups.rs writes and restores
/// one); here, an unreachable server fails the command and a missing file is named.
#[tokio::test]
async fn backup_and_restore_on_postgresql_fail_clearly_without_a_server_or_a_file() {
    let folder = tempfile::tempdir().unwrap();
    let url = "postgres://atelier@127.0.0.1:1/atelier";
    for command in [&["backup", "out.tar.gz"][..], &["restore", "out.tar.gz"]] {
        let output = atelier(folder.path(), Some(url)).args(command).current_dir(folder.path()).output().unwrap();
        assert!(!output.status.success(), "{command:?} must fail");
        assert!(!folder.path().join("out.tar.gz").exists(), "{command:?} wrote nothing");
    }
    let output = atelier(folder.path(), Some(url)).args(["restore", "out.tar.gz"]).current_dir(folder.path()).output();
    let said = String::from_utf8_lossy(&output.unwrap().stderr).into_owned();
    assert!(said.contains("out.tar.gz"), "{said}");
}
