"""Rules for order_of_play (placeholder module: rules are added here)."""
