"""Rulings as data: scenario files, one per rulebook section."""
