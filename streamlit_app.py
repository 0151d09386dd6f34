"""The Whodunit Arena leaderboard service: `streamlit run streamlit_app.py` (database from ARENA_DB).

The pages live in `leaderboard/ui/`; this file only starts the navigation.
"""

from leaderboard.ui.nav import main

main()
