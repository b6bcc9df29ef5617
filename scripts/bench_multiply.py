#!/usr/bin/env python3
"""Grows a benchmark blog to N posts inside the database, in a few statements instead of N API calls.

    bench_multiply.py DATABASE_URL N

The database must hold the posts seeded through the API first (`bench_seed.py`: the peers' 100
texts). Each further copy ("lap") of them gets its own id, slug (`<slug>-<lap>`), title
(`<title> (<lap>)`) and the same texts, status, publish time and word-index entries, exactly as
`bench_seed.py BASE N` would store them (without the lap's number among a title's indexed words).
`sqlite://` URLs are written with Python's sqlite3, `postgres://` ones with `psql`. The server need not
be stopped; restart it (or make any administrator's write) so its content generation moves on.
Prints how many posts there are and how long it took.
"""

import re
import sqlite3
import subprocess
import sys
import time

ORIGINALS = "SELECT COUNT(*) FROM blog_posts WHERE slug NOT LIKE '%-lap-%'"
POST_COLUMNS = (
    "slug, title, excerpt, content, featured_image, category_id, author_name, status, featured, views, "
    "meta_title, meta_description, publish_at, created_at, updated_at, version, created_by_id, "
    "created_by_name, updated_by_id, updated_by_name, submitted_at, review_note, review_note_by_id, "
    "review_note_by_name, review_note_at"
)


def statements(laps, hex8):
    """The copy's statements: laps 1..`laps` of the posts whose slug has no lap suffix yet."""
    new_id = f"substr(p.id, 1, 8) || {hex8('l.lap')} || substr(p.id, 17, 8)"
    originals = "p.slug NOT LIKE '%-lap-%'"
    laps_cte = f"WITH RECURSIVE l(lap) AS (SELECT 1 UNION ALL SELECT lap + 1 FROM l WHERE lap < {laps}) "
    columns = POST_COLUMNS.replace("slug, title, ", "")
    selected = ", ".join("p." + column.strip() for column in columns.split(","))
    yield (
        f"INSERT INTO blog_posts (id, slug, title, {columns}) {laps_cte}"
        f"SELECT {new_id}, p.slug || '-lap-' || l.lap, p.title || ' (' || l.lap || ')', {selected} "
        f"FROM blog_posts p CROSS JOIN l WHERE {originals}"
    )
    yield (
        f"INSERT INTO blog_post_words (word, published, post_id, status, publish_at, category_id, featured) "
        f"{laps_cte}SELECT w.word, w.published, {new_id.replace('p.id', 'w.post_id')}, w.status, w.publish_at, "
        f"w.category_id, w.featured FROM blog_post_words w JOIN blog_posts p ON p.id = w.post_id "
        f"CROSS JOIN l WHERE {originals}"
    )
    yield (
        f"INSERT INTO blog_post_tags (post_id, tag_id, position) {laps_cte}"
        f"SELECT {new_id.replace('p.id', 't.post_id')}, t.tag_id, t.position FROM blog_post_tags t "
        f"JOIN blog_posts p ON p.id = t.post_id CROSS JOIN l WHERE {originals}"
    )


def main():
    url, total = sys.argv[1], int(sys.argv[2])
    started = time.monotonic()
    if url.startswith("sqlite:"):
        path = re.sub(r"^sqlite:(//)?", "", url).split("?")[0]
        db = sqlite3.connect(path, timeout=60)
        originals = db.execute(ORIGINALS).fetchone()[0]
        laps = max(0, -(-total // max(originals, 1)) - 1)
        if laps:
            with db:
                for statement in statements(laps, lambda lap: f"printf('%08x', {lap})"):
                    db.execute(statement)
        count = db.execute("SELECT COUNT(*) FROM blog_posts").fetchone()[0]
        db.execute("ANALYZE")
        db.close()
    else:
        psql = ["psql", url, "-v", "ON_ERROR_STOP=1", "-qtA"]
        originals = int(subprocess.check_output(psql + ["-c", ORIGINALS]).strip())
        laps = max(0, -(-total // max(originals, 1)) - 1)
        script = "BEGIN;\n"
        if laps:
            for statement in statements(laps, lambda lap: f"lpad(to_hex({lap}), 8, '0')"):
                script += statement + ";\n"
        script += "COMMIT;\nVACUUM ANALYZE blog_posts;\nVACUUM ANALYZE blog_post_words;\n"
        subprocess.run(psql, input=script.encode(), check=True)
        count = int(subprocess.check_output(psql + ["-c", "SELECT COUNT(*) FROM blog_posts"]).strip())
    print(f"{count} posts ({laps} copies added) in {time.monotonic() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
