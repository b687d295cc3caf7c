"""Rules for run_it_twice (placeholder module: rules are added here)."""
