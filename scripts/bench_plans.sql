-- The statements behind the growth run's two calls, as crates/adapters-db/src/posts.rs and
-- post_words.rs build them (the store tests in query_plans.rs check these plans on both databases on
-- every test run): the public list's page (GET /blog/public/posts?page=1&limit=6, on a cache miss),
-- then the admin search (GET /blog/posts?search=typography&page=2&limit=10): the indexed words that
-- contain the term (a range of the endings' key, here one word), the page of that word's posts newest
-- first from the word index's key, and its count (the word's first 1,020). A term inside several
-- words reads each word's newest offset+limit posts and merges them (post_words.rs).
EXPLAIN QUERY PLAN SELECT id FROM blog_posts WHERE status = 'published' AND (publish_at IS NULL OR publish_at <= '2100-01-01') ORDER BY COALESCE(publish_at, created_at) DESC, id DESC LIMIT 6;
EXPLAIN QUERY PLAN SELECT word FROM blog_search_words WHERE ending >= 'typography' AND ending < 'typography~' ORDER BY ending LIMIT 1088;
EXPLAIN QUERY PLAN SELECT published, post_id FROM blog_post_words WHERE word = 'typography' ORDER BY published DESC, post_id DESC LIMIT 10 OFFSET 10;
EXPLAIN QUERY PLAN SELECT COUNT(*) FROM (SELECT published, post_id FROM (SELECT published, post_id FROM blog_post_words WHERE word = 'typography' ORDER BY published DESC, post_id DESC LIMIT 1020) AS word0) AS matched;
