"""The hook process: ``PYTHON -I -S <package>/ondas/hooks/__main__.py hook NAME``, once per
tool call (why ``-I -S``, and what it runs: :mod:`ondas.hooks.launch`). A script is parsed and
compiled on every run, so this one only puts its package on ``sys.path`` and hands over."""

import sys

if __name__ == "__main__":
    if sys.flags.no_site:
        from os.path import abspath, dirname

        sys.path.insert(0, dirname(dirname(dirname(abspath(__file__)))))
    try:
        from ondas.hooks.launch import run
    except BaseException:
        if "pre-tool-use" in sys.argv:
            sys.exit(2)  # a broken install blocks the call: 1 would read as "allow"
        raise
    run()
