"""Rules for showdown (placeholder module: rules are added here)."""
