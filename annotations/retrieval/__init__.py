"""Lexical retrieval over a unit's dialogue (no Django): evidence hints."""
