"""Readers and writers of corpus and benchmark formats. Pure: no Django imports, so they
test in milliseconds and can be reused outside the site."""
