use atelier_adapters_db::SeaOrmStore;
use atelier_application::submissions::ports::{CountedSubmission, SubmissionLog};
use atelier_domain::EntityId;
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

fn at(seconds: i64) -> DateTime<Utc> {
    let start = Utc::now().duration_trunc(TimeDelta::seconds(1)).unwrap();
    start + TimeDelta::seconds(seconds)
}

#[tokio::test]
async fn submissions_are_counted_per_client_taken_back_and_forgotten_once_old() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let base = at(0);
        let id = |n: u8| EntityId::from_parts(1, [0, 0, 0, 0, 0, 0, 0, n]);
        let long_ago = base - TimeDelta::hours(1);
        store.record_submission(id(1), "203.0.113.7", base, long_ago).await.unwrap();
        store.record_submission(id(2), "203.0.113.7", base + TimeDelta::seconds(5), long_ago).await.unwrap();
        store.record_submission(id(3), "2001:db8:1:2::", base + TimeDelta::seconds(5), long_ago).await.unwrap();

        let mut mine = store.submissions_since("203.0.113.7", base).await.unwrap();
        mine.sort_by_key(|counted| counted.at);
        assert_eq!(
            mine,
            [
                CountedSubmission { id: id(1), at: base },
                CountedSubmission { id: id(2), at: base + TimeDelta::seconds(5) }
            ],
            "{db}"
        );
        let later = store.submissions_since("203.0.113.7", base + TimeDelta::seconds(1)).await.unwrap();
        assert_eq!(later.len(), 1, "{db}");

        store.forget_submission(id(2)).await.unwrap();
        assert_eq!(store.submissions_since("203.0.113.7", base).await.unwrap().len(), 1, "{db}");

        // Recording forgets every entry at or before the given time, whoever sent it.
        store
            .record_submission(id(4), "198.51.100.1", base + TimeDelta::seconds(10), base + TimeDelta::seconds(5))
            .await
            .unwrap();
        assert_eq!(store.submissions_since("203.0.113.7", long_ago).await.unwrap(), [], "{db}");
        assert_eq!(store.submissions_since("2001:db8:1:2::", long_ago).await.unwrap(), [], "{db}");
        assert_eq!(store.submissions_since("198.51.100.1", long_ago).await.unwrap().len(), 1, "{db}");
    })
    .await;
}
