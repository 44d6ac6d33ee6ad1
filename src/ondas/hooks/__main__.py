"""The hook process: ``PYTHON -I -S <package>/ondas/hooks/__main__.py hook NAME``.

``ondas hooks install`` (and every run's ``--settings``) writes this form; Claude Code starts it
once per tool call.

- ``-I`` (isolated): the working directory is not on ``sys.path``. Claude Code starts hooks in
  the project, which the agent writes: with ``python -m ondas`` an ``enum.py`` planted in the
  project ran in the hook process, outside the OS sandbox, and could allow any call.
  ``PYTHON*`` variables and the user site directory are ignored too.
- ``-S``: ``site`` is not run (about a quarter of the interpreter's start-up, paid on every
  tool call); this file puts on ``sys.path`` what the hooks need: the directory holding the
  ``ondas`` package it belongs to and the interpreter's site-packages (where tree-sitter
  lives). ``.pth`` files are not read; when that leaves the hook without tree-sitter (an
  unusual install), ``site`` runs after all.
"""

import sys

if sys.flags.no_site:
    import os
    import site

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [os.path.dirname(os.path.dirname(here))]
    sys.path.extend(site.getsitepackages())
    if not any(os.path.isdir(os.path.join(entry, "tree_sitter")) for entry in sys.path):
        site.main()

from ondas.hooks.entry import run_hook

sys.exit(run_hook(sys.argv[2:] if sys.argv[1:2] == ["hook"] else sys.argv[1:]))
