"""Use cases and wiring: run, resume, answer, abort, detach, roadmap, feature and sovai runs.

The only layer that imports the engines (:mod:`ondas.orchestrator`, :mod:`ondas.sovai`) together
with the adapters (fleet, MCP, hooks); the engines get answer-wakers and backends from here.
"""
