"""The pipeline engine: the wave loop over :mod:`ondas.pipeline`'s stage table, its gates, roles."""
