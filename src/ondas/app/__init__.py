"""Use cases and wiring: run, resume, answer, detach, schema assembly."""
