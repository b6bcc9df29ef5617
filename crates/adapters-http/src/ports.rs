//! The application's ports as the server uses them. The handlers are generic over the store, and
//! sign-in also over the password hasher, the token issuer and the secret sealer; [`Ports`] names
//! them once, so the wiring picks their implementations (SeaORM, argon2, JWT, XChaCha20-Poly1305)
//! and this crate depends on none of them. Every use case runs on the clock the wiring chose, held as
//! a [`SharedClock`] and handed to [`crate::serve`] with the rest of the server's parts.

use atelier_application::accounts::Accounts;
use atelier_application::backups::ports::BackupRuns;
use atelier_application::media::Media;
use atelier_application::media::ports::{BlobStorage, ImageProcessor};
use atelier_application::ports::{PasswordHasher, SecretSealer, SharedClock, TokenIssuer};
use atelier_application::site_archive::ports::SiteArchiveRepository;
use atelier_application::store::Store;

/// The implementations of the application's ports the server runs with.
pub trait Ports: 'static {
    /// Every storage port, the site archive's reads and loads, and the scheduled backups' runs.
    type Store: Store + SiteArchiveRepository + BackupRuns;
    type Hasher: PasswordHasher;
    type Tokens: TokenIssuer;
    /// Keeps the accounts' TOTP secrets sealed at rest.
    type Sealer: SecretSealer;
    /// Where uploaded files are kept.
    type Blobs: BlobStorage;
    /// What reads images and makes their copies.
    type Images: ImageProcessor;
}

/// The account use cases with the server's hasher, tokens and sealer.
pub type AccountService<P> =
    Accounts<<P as Ports>::Store, <P as Ports>::Hasher, <P as Ports>::Tokens, <P as Ports>::Sealer, SharedClock>;

/// The media library's use cases with the server's storage and image processor.
pub type MediaService<P> = Media<<P as Ports>::Store, <P as Ports>::Blobs, <P as Ports>::Images, SharedClock>;
