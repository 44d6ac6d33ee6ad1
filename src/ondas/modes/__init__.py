"""Claude Code permission-regime activator with a forward-only ratchet (``ondas mode``)."""

from ondas.modes.core import Activation, Paths, activate, check, install_hook, status
from ondas.modes.state_file import MANUAL_DOWNGRADE, ModeState, config_dir, read_state
from ondas.modes.templates import ALIASES, MODES, allowed_targets, canonical_mode, load_templates

__all__ = [
    "ALIASES",
    "MANUAL_DOWNGRADE",
    "MODES",
    "Activation",
    "ModeState",
    "Paths",
    "activate",
    "allowed_targets",
    "canonical_mode",
    "check",
    "config_dir",
    "install_hook",
    "load_templates",
    "read_state",
    "status",
]
