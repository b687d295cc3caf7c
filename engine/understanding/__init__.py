"""From a description in chat to facts, topics and intent (no I/O)."""
