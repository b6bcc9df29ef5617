//! The secret that signs sign-in tokens: configured, or generated on first start and kept in the
//! data folder, readable by the owner only.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use secrecy::{ExposeSecret, SecretString};

/// The generated token secret's file name in the data folder.
pub const SECRET_FILE: &str = "jwt-secret";

/// The configured secret, else the one kept in `data_dir` (created on first use).
///
/// # Errors
/// When the secret file cannot be read or written.
pub fn token_secret(configured: Option<&SecretString>, data_dir: &Path) -> anyhow::Result<SecretString> {
    if let Some(secret) = configured {
        return Ok(secret.clone());
    }
    let path = data_dir.join(SECRET_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => return Ok(SecretString::from(text.trim().to_owned())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => return Err(error).with_context(|| format!("failed to read {}", path.display())),
    }
    private_folder(data_dir).with_context(|| format!("failed to create {}", data_dir.display()))?;
    let mut bytes = [0_u8; 48];
    getrandom::fill(&mut bytes).map_err(|error| anyhow::anyhow!("no random source: {error}"))?;
    let secret = bytes.iter().fold(String::with_capacity(96), |mut text, byte| {
        use std::fmt::Write as _;
        let _ = write!(text, "{byte:02x}");
        text
    });
    write_private(&path, &secret).with_context(|| format!("failed to write {}", path.display()))?;
    tracing::info!(path = %path.display(), "generated the token secret");
    Ok(SecretString::from(secret))
}

/// Creates `folder` (and any missing parent) readable by the owner only: the data folder holds the
/// database, the secret and the uploads.
///
/// # Errors
/// When the folder cannot be created.
pub fn private_folder(folder: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(folder)
}

#[cfg(unix)]
fn write_private(path: &Path, secret: &str) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    file.write_all(secret.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, secret: &str) -> std::io::Result<()> {
    std::fs::OpenOptions::new().write(true).create_new(true).open(path)?.write_all(secret.as_bytes())
}

/// The secret's bytes, for the token signer.
pub fn bytes(secret: &SecretString) -> &[u8] {
    secret.expose_secret().as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_secret_is_kept_owner_only_and_reused() {
        let folder = tempfile::tempdir().unwrap();
        let first = token_secret(None, folder.path()).unwrap();
        let second = token_secret(None, folder.path()).unwrap();
        assert_eq!(first.expose_secret(), second.expose_secret());
        assert_eq!(first.expose_secret().len(), 96);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(folder.path().join(SECRET_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_configured_secret_wins() {
        let folder = tempfile::tempdir().unwrap();
        let configured = SecretString::from("configured-secret-of-32-bytes-or-more");
        let secret = token_secret(Some(&configured), folder.path()).unwrap();
        assert_eq!(secret.expose_secret(), "configured-secret-of-32-bytes-or-more");
        assert!(!folder.path().join(SECRET_FILE).exists());
    }
}
