"""The Streamlit leaderboard service: one module per page, cached read-only queries, charts.

Run it with `streamlit run streamlit_app.py` (database from `ARENA_DB` or the sidebar). The UI only
displays: it reads the DuckDB file read-only and never writes or fits ratings (see docs/leaderboard.md).
"""
