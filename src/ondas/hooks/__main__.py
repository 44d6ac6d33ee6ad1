"""The hook process: ``PYTHON -I -S <package>/ondas/hooks/__main__.py hook NAME``, once per
tool call (why ``-I -S``, and what it runs: :mod:`ondas.hooks.launch`). A script is parsed and
compiled on every run, so this one only puts its package on ``sys.path`` and hands over; its
path (absolute, Python 3.9+) gives the package's parent without ``os``, which ``launch`` loads
lean (:func:`ondas.hooks.launch.lean_os`)."""

import sys

if __name__ == "__main__":
    if sys.flags.no_site:
        f = __file__
        if f[:1] == "/" and "//" not in f and "/./" not in f and "/../" not in f:
            sys.path.insert(0, f.rsplit("/", 3)[0] or "/")
        else:
            from os.path import abspath, dirname

            sys.path.insert(0, dirname(dirname(dirname(abspath(f)))))
    try:
        from ondas.hooks.launch import run
    except BaseException:
        if "pre-tool-use" in sys.argv:
            sys.exit(2)  # a broken install blocks the call: 1 would read as "allow"
        raise
    run()
