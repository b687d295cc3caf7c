"""Rules as code: facts in, a ruling with citations out."""
