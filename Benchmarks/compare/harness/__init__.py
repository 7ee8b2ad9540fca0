"""The comparison harness behind Benchmarks/compare/run: builds the release timing tools, runs
every scenario with Fitsize and with its peer alternately, and writes BENCHMARKS.md with
tables, targets and scaling charts. See Benchmarks/compare/README.md."""
