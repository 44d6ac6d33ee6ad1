"""Claude Code hook entry points (stdin JSON -> decision) and their installation.

``ondas hook pre-tool-use|post-tool-use|session-start`` is started once per tool call, so this
package imports only what a given hook needs; see :mod:`ondas.hooks.entry`.
"""
