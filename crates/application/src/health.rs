//! Readiness: whether the application can serve requests that need its store.

use crate::store::StoreStatus;

/// Reports whether the store answers.
#[derive(Debug, Clone)]
pub struct Readiness<S> {
    store: S,
}

impl<S: StoreStatus> Readiness<S> {
    pub fn new(store: S) -> Self {
        Self { store }
    }

    /// # Errors
    /// The store's fault, when it does not answer.
    pub async fn check(&self) -> anyhow::Result<()> {
        self.store.ping().await
    }
}
