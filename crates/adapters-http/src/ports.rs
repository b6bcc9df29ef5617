//! The application's ports as the server uses them. The handlers are generic over the store, and
//! sign-in also over the password hasher and the token issuer; [`Ports`] names the three once, so the
//! wiring picks their implementations (SeaORM, argon2, JWT) and this crate depends on none of them.

use atelier_application::accounts::Accounts;
use atelier_application::ports::{PasswordHasher, TokenIssuer};
use atelier_application::store::Store;

/// The implementations of the application's ports the server runs with.
pub trait Ports: 'static {
    type Store: Store;
    type Hasher: PasswordHasher;
    type Tokens: TokenIssuer;
}

/// The account use cases with the server's hasher and tokens.
pub type AccountService<P> = Accounts<<P as Ports>::Store, <P as Ports>::Hasher, <P as Ports>::Tokens>;
