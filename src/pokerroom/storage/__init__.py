"""Storage: saved games and hand histories in SQLite (an adapter around the core)."""
