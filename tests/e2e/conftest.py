"""e2e fixtures: the scripted model server and the real ``claude`` CLI."""

from ondas.testing.pytest_plugin import claude_bin, fake_anthropic

__all__ = ["claude_bin", "fake_anthropic"]
