"""Session stores: SQLite on the board (embedded default)."""
