//! Visitors without cookies: each request's visitor is the domain's [`Visitor`] hash of its address
//! and browser under the day's secret salt ([`VisitorSalt`]), which every instance reads from the
//! store (the first to need a day's salt makes it) and which is forgotten when the next day's is
//! made. An instance keeps the day's salt in memory, so identifying a visitor costs one hash, and
//! asks the store again only when the day changes. Post view counts use it; visitor statistics are
//! meant to take it as it is.

pub mod ports;

#[cfg(test)]
mod fake;

use std::sync::{Arc, Mutex};

use atelier_domain::visitor::{Visitor, VisitorSalt, salt_day};
use chrono::NaiveDate;

use crate::ports::Clock;
use ports::VisitorSaltRepository;

/// Identifies visitors by the day's salt.
#[derive(Debug, Clone)]
pub struct Visitors<S, C> {
    store: S,
    clock: C,
    /// The day's salt, once read.
    today: Arc<Mutex<Option<(NaiveDate, VisitorSalt)>>>,
}

impl<S: VisitorSaltRepository, C: Clock> Visitors<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock, today: Arc::default() }
    }

    /// The visitor behind a request from `address` with this `User-Agent` text, for today.
    ///
    /// # Errors
    /// When the day's salt cannot be read or stored.
    pub async fn identify(&self, address: &str, user_agent: &str) -> anyhow::Result<Visitor> {
        let salt = self.salt().await?;
        Ok(Visitor::identify(&salt, address, user_agent))
    }

    async fn salt(&self) -> anyhow::Result<VisitorSalt> {
        let day = salt_day(self.clock.now());
        if let Some((_, salt)) =
            self.today.lock().expect("the salt cache").as_ref().filter(|(cached, _)| *cached == day)
        {
            return Ok(salt.clone());
        }
        let salt = self.store.daily_salt(day, &VisitorSalt::generate()).await?;
        *self.today.lock().expect("the salt cache") = Some((day, salt.clone()));
        Ok(salt)
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    #[tokio::test]
    async fn instances_sharing_a_store_see_one_visitor_all_day_and_another_the_next() {
        let (store, clock) = (InMemoryStore::default(), FakeClock::default());
        let (one, two) = (Visitors::new(store.clone(), clock.clone()), Visitors::new(store.clone(), clock.clone()));
        let ana = one.identify("203.0.113.7", "Firefox").await.unwrap();
        assert_eq!(two.identify("203.0.113.7", "Firefox").await.unwrap(), ana, "one salt for every instance");
        assert_ne!(one.identify("203.0.113.8", "Firefox").await.unwrap(), ana);
        clock.advance(Duration::days(1));
        assert_ne!(two.identify("203.0.113.7", "Firefox").await.unwrap(), ana, "a new day, a new salt");
        assert_eq!(
            one.identify("203.0.113.7", "Firefox").await.unwrap(),
            two.identify("203.0.113.7", "Firefox").await.unwrap()
        );
    }
}
