"""Benchmarks: `make bench` prints the figures the issues ask for."""
