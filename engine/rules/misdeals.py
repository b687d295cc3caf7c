"""Rules for misdeals (placeholder module: rules are added here)."""
