"""The leaderboard: the DuckDB store (schema, migrations, writes, queries) and the ratings derived from it."""
