"""ondas: a deterministic, audited pipeline that drives AI coding agents in resumable waves."""

__version__ = "0.1.0"
