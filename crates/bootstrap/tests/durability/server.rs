//! The built `atelier` binary as a child process, so a test can really kill it.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const ADMIN_EMAIL: &str = "admin@atelier.test";
pub const ADMIN_PASSWORD: &str = "correct-horse-battery-staple";

/// How long a test waits for any one condition before failing.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// Runs `atelier` with a clean environment: only the settings given here.
pub fn atelier(data_dir: &Path, database_url: Option<&str>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_atelier"));
    command
        .env_clear()
        .env("ATELIER_DATA_DIR", data_dir)
        .env("ATELIER_HOST", "127.0.0.1")
        .env("ATELIER_PORT", "0")
        .env("ATELIER_LOG", "info")
        .env("ATELIER_LOG_FORMAT", "json")
        .env("ATELIER_ADMIN_EMAIL", ADMIN_EMAIL)
        .env("ATELIER_ADMIN_PASSWORD", ADMIN_PASSWORD)
        // Real challenges, quick to answer in a debug build.
        .env("ATELIER_CHALLENGE_MAX_NUMBER", "1000");
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    command
}

/// A running server.
pub struct Server {
    child: Child,
    pub address: String,
    client: reqwest::Client,
    /// The warnings and errors the server logged so far, as logged (JSON lines).
    warnings: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts `atelier` on the data folder (and database, when given) and waits until it listens.
    pub fn start(data_dir: &Path, database_url: Option<&str>) -> Self {
        Self::start_with(data_dir, database_url, &[])
    }

    /// [`Server::start`] with more environment variables.
    pub fn start_with(data_dir: &Path, database_url: Option<&str>, env: &[(&str, &str)]) -> Self {
        let mut child = atelier(data_dir, database_url)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the atelier binary starts");
        let stdout = child.stdout.take().expect("piped");
        let (sender, receiver) = std::sync::mpsc::channel();
        let warnings = Arc::new(Mutex::new(Vec::new()));
        let logged = Arc::clone(&warnings);
        // Reads the log to the end, so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let Ok(entry) = serde_json::from_str::<Value>(&line) else { continue };
                if entry["level"] == "WARN" || entry["level"] == "ERROR" {
                    logged.lock().expect("the log's warnings").push(line.clone());
                }
                if entry["fields"]["message"] == "Atelier is listening" {
                    let _ = sender.send(entry["fields"]["address"].as_str().unwrap_or_default().to_owned());
                }
            }
        });
        let Ok(address) = receiver.recv_timeout(PATIENCE) else {
            let _ = child.kill();
            panic!("atelier did not start listening: {:?}", child.wait());
        };
        Self { child, address, client: reqwest::Client::new(), warnings }
    }

    /// The warnings and errors the server logs, as they come (still readable once it has exited).
    pub fn warnings(&self) -> Arc<Mutex<Vec<String>>> {
        Arc::clone(&self.warnings)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

    pub async fn sign_in(&self) -> String {
        let response = self
            .client
            .post(self.url("/api/auth/login"))
            .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
            .send()
            .await
            .expect("answered");
        assert_eq!(response.status(), 200, "sign-in");
        let body: Value = response.json().await.expect("JSON");
        body["token"].as_str().expect("a token").to_owned()
    }

    /// `GET` with an optional bearer token: the status and the JSON body.
    pub async fn get_json(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("answered");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// SIGKILL: the process ends at once, whatever it was doing.
    pub fn kill(mut self) {
        self.child.kill().expect("killed");
        self.child.wait().expect("reaped");
    }

    /// SIGTERM: the process is asked to stop.
    pub fn terminate(&self) {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("kill runs");
        assert!(status.success(), "SIGTERM sent");
    }

    /// Waits for the process to end on its own.
    pub fn wait_for_exit(mut self) -> ExitStatus {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("waitable") {
                return status;
            }
            assert!(started.elapsed() < PATIENCE, "atelier did not stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Stops the server gracefully and checks it stopped cleanly.
    pub fn stop(self) {
        self.terminate();
        let status = self.wait_for_exit();
        assert!(status.success(), "atelier stopped with {status}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // A test that failed midway leaves no server behind.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A PostgreSQL schema of its own on the test server (`TEST_DATABASE_URL`), dropped at the end.
pub struct Schema {
    admin: sea_orm::DatabaseConnection,
    name: String,
    pub url: String,
}

impl Schema {
    /// `None` without a PostgreSQL server to test on.
    pub async fn create(prefix: &str) -> Option<Self> {
        use sea_orm::ConnectionTrait;
        let server = std::env::var("TEST_DATABASE_URL").ok()?;
        let admin = atelier_adapters_db::connect(&server).await.expect("the PostgreSQL test server answers");
        let name = format!("{prefix}_{}", atelier_domain::EntityId::generate(chrono::Utc::now()));
        admin.execute_unprepared(&format!("CREATE SCHEMA \"{name}\"")).await.expect("a fresh schema");
        let separator = if server.contains('?') { '&' } else { '?' };
        let url = format!("{server}{separator}options=-c%20search_path%3D{name}");
        Some(Self { admin, name, url })
    }

    /// PostgreSQL's integrity check (the `amcheck` extension, created in the test database when
    /// missing): every B-tree index of the schema matches its table, and no table has a damaged page.
    pub async fn assert_sound(&self) {
        use sea_orm::{ConnectionTrait, DbBackend, Statement};
        if self.admin.execute_unprepared("CREATE EXTENSION IF NOT EXISTS amcheck").await.is_err() {
            // Another run created it at the same moment; it must be there now.
            self.admin.execute_unprepared("CREATE EXTENSION IF NOT EXISTS amcheck").await.expect("amcheck");
        }
        let count = |sql: &str| {
            let statement = Statement::from_sql_and_values(DbBackend::Postgres, sql, [self.name.clone().into()]);
            async move {
                let row = self.admin.query_one_raw(statement).await.expect("checked").expect("a count");
                row.try_get_by_index::<i64>(0).unwrap()
            }
        };
        // `bt_index_check` raises an error on the first inconsistency; `heapallindexed` also checks
        // that every row is in the index.
        let indexes = count(
            "SELECT count(*) FROM (SELECT bt_index_check(c.oid, true) FROM pg_class c \
             JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am am ON am.oid = c.relam \
             WHERE n.nspname = $1 AND c.relkind = 'i' AND am.amname = 'btree') AS checked",
        )
        .await;
        assert!(indexes > 0, "the schema's indexes were checked");
        let damaged = count(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, \
             LATERAL verify_heapam(c.oid) WHERE n.nspname = $1 AND c.relkind = 'r'",
        )
        .await;
        assert_eq!(damaged, 0, "damaged table pages");
    }

    pub async fn drop(self) {
        use sea_orm::ConnectionTrait;
        self.admin.execute_unprepared(&format!("DROP SCHEMA \"{}\" CASCADE", self.name)).await.expect("dropped");
    }
}
