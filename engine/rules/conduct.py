"""Rules for conduct (placeholder module: rules are added here)."""
