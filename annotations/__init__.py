"""The domain app: corpora, taxonomies, projects, rounds, judgements, reviews, releases."""
