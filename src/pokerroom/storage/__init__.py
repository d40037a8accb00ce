"""Storage adapters: SQLite files for saved games, hand histories and results."""
