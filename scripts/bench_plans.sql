-- The statements behind the growth run's two calls, as crates/adapters-db/src/posts.rs builds them
-- (the store test query_plans.rs checks the list's plan on both databases on every test run):
-- the public list's page (GET /blog/public/posts?page=1&limit=6, on a cache miss), the admin
-- search's page and its count (GET /blog/posts?search=typography&page=2&limit=10).
EXPLAIN QUERY PLAN SELECT id FROM blog_posts WHERE status = 'published' AND (publish_at IS NULL OR publish_at <= '2100-01-01') ORDER BY COALESCE(publish_at, created_at) DESC, id DESC LIMIT 6;
EXPLAIN QUERY PLAN SELECT id FROM blog_posts WHERE lower(title) LIKE '%typography%' ESCAPE '\' OR lower(excerpt) LIKE '%typography%' ESCAPE '\' OR lower(author_name) LIKE '%typography%' ESCAPE '\' ORDER BY COALESCE(publish_at, created_at) DESC, id DESC LIMIT 10 OFFSET 10;
EXPLAIN QUERY PLAN SELECT COUNT(*) FROM (SELECT 1 FROM blog_posts WHERE lower(title) LIKE '%typography%' ESCAPE '\' OR lower(excerpt) LIKE '%typography%' ESCAPE '\' OR lower(author_name) LIKE '%typography%' ESCAPE '\' LIMIT 1020) AS bounded;
