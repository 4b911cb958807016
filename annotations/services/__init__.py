"""Services: every write to the domain goes through one, inside a transaction."""
