//! The application's ports as the server uses them. The handlers are generic over the store, and
//! sign-in also over the password hasher and the token issuer; [`Ports`] names the three once, so the
//! wiring picks their implementations (SeaORM, argon2, JWT) and this crate depends on none of them.

use atelier_application::accounts::Accounts;
use atelier_application::media::Media;
use atelier_application::media::ports::{BlobStorage, ImageProcessor};
use atelier_application::ports::{PasswordHasher, TokenIssuer};
use atelier_application::store::Store;

/// The implementations of the application's ports the server runs with.
pub trait Ports: 'static {
    type Store: Store;
    type Hasher: PasswordHasher;
    type Tokens: TokenIssuer;
    /// Where uploaded files are kept.
    type Blobs: BlobStorage;
    /// What reads images and makes their copies.
    type Images: ImageProcessor;
}

/// The account use cases with the server's hasher and tokens.
pub type AccountService<P> = Accounts<<P as Ports>::Store, <P as Ports>::Hasher, <P as Ports>::Tokens>;

/// The media library's use cases with the server's storage and image processor.
pub type MediaService<P> = Media<<P as Ports>::Store, <P as Ports>::Blobs, <P as Ports>::Images>;
