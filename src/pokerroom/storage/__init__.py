"""Storage adapters: SQLite files for saved games and for results."""
