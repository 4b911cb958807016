"""Helpers of bench/bench_peers.py: the side-by-side benchmark against Label Studio."""
