"""Public test helpers: the scripted Anthropic-compatible server and a headless ``claude`` runner.

Users can test their own hooks and plugins offline with the same tools ondas's e2e tests use;
add ``pytest_plugins = ["ondas.testing.pytest_plugin"]`` to a root ``conftest.py`` to get the
``fake_anthropic`` and ``claude_bin`` fixtures.
"""
