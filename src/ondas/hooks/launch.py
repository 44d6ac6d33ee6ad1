"""What the hook process runs: ``PYTHON -I -S <package>/ondas/hooks/__main__.py hook NAME``.

``ondas hooks install`` (and every run's ``--settings``) writes this form; Claude Code starts it
once per tool call.

- ``-I`` (isolated): the working directory is not on ``sys.path``. Claude Code starts hooks in
  the project, which the agent writes: with ``python -m ondas`` an ``enum.py`` planted in the
  project ran in the hook process, outside the OS sandbox, and could allow any call.
  ``PYTHON*`` variables and the user site directory are ignored too.
- ``-S``: ``site`` is not run (about a quarter of the interpreter's start-up, paid on every
  tool call); this file puts on ``sys.path`` what the hooks need: the directory holding the
  ``ondas`` package it belongs to and the interpreter's site-packages (where tree-sitter
  lives). In a virtual environment ``sys.prefix`` is the base interpreter's under ``-S``
  (``site`` is what reads ``pyvenv.cfg``), so the venv is found here as ``site`` finds it:
  a ``pyvenv.cfg`` beside the interpreter or one directory up; its site-packages come first,
  the base interpreter's only with ``include-system-site-packages = true``. ``.pth`` files
  are not read; when that leaves the hook without tree-sitter (an unusual install), ``site``
  runs after all.

``__main__.py`` itself only puts this package on ``sys.path`` and calls :func:`run`: a script
is parsed and compiled on every run, its bytecode never cached, and this module's was about
3.6 M instructions of every hook call there (round 21).
"""

import sys


def getsitepackages(prefixes: list[str] | None = None) -> list[str]:
    """``site.getsitepackages(prefixes)``, computed as ``site`` computes it on a POSIX system
    without importing ``site`` (its module was about 0.45 M instructions, near 1% of a Bash
    call); elsewhere, and on a free-threaded build (whose directory name differs), ``site``'s
    own. A wrong answer is caught below: without ``tree_sitter`` on the path, ``site`` runs."""
    import os

    if os.sep != "/" or "t" in getattr(sys, "abiflags", ""):
        import site

        return site.getsitepackages(prefixes)
    libdirs = [sys.platlibdir] if sys.platlibdir == "lib" else [sys.platlibdir, "lib"]
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    found: list[str] = []
    seen: set[str] = set()
    for prefix in [sys.prefix, sys.exec_prefix] if prefixes is None else prefixes:
        if not prefix or prefix in seen:
            continue
        seen.add(prefix)
        found.extend(os.path.join(prefix, libdir, version, "site-packages") for libdir in libdirs)
    return found


def site_packages() -> list[str]:
    """The site-packages directories ``site`` would add, the venv's included (no ``.pth``)."""
    import os

    exe_dir = os.path.dirname(sys.executable)
    for config in (os.path.join(exe_dir, "pyvenv.cfg"), os.path.join(exe_dir, "..", "pyvenv.cfg")):
        try:
            with open(config, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except OSError:
            continue
        venv = getsitepackages([os.path.dirname(exe_dir)])
        for line in lines:
            key, _, value = line.partition("=")
            if key.strip().lower() == "include-system-site-packages":
                if value.strip().lower() != "true":
                    break
                return venv + [p for p in getsitepackages() if p not in venv]
        return venv
    return getsitepackages()


class _DeferredFeature:
    """What ``from __future__ import annotations`` binds in the hook process until something
    reads it: every attribute (``compiler_flag``, ``getOptionalRelease``), its text, equality
    and hash are the real feature's, which loads :mod:`__future__` on that first read."""

    __slots__ = ()

    def __getattr__(self, name: str) -> object:
        return getattr(_feature(), name)

    def __repr__(self) -> str:
        return repr(_feature())

    def __eq__(self, other: object) -> bool:
        return bool(_feature() == other)

    def __hash__(self) -> int:
        return hash(_feature())


def _feature() -> object:
    """The real ``__future__.annotations``."""
    _drop_stand_in()
    import __future__

    return __future__.annotations


def _drop_stand_in() -> None:
    """Take the stand-in out of ``sys.modules``: ``import __future__`` then loads the real one
    (``vars``, not ``hasattr``, which would ask the stand-in's ``__getattr__``)."""
    held = sys.modules.get("__future__")
    if held is not None and "__file__" not in vars(held):
        del sys.modules["__future__"]


def defer_future() -> None:
    """Put in ``sys.modules`` a stand-in for :mod:`__future__` that imports the real module on
    its first use.

    Every module of ondas begins ``from __future__ import annotations``: the compiler acts on
    it, and at run time the statement only imports :mod:`__future__` and binds the name
    ``annotations``, which nothing reads. Finding, reading and running that module was about
    0.55 M instructions of every hook call (round 22). The stand-in holds ``annotations`` as a
    :class:`_DeferredFeature`, which reads through to the real feature (round 23: it was a
    placeholder string, a sharp edge for code that inspects the feature); any other attribute
    (``all_feature_names``, ``division``) replaces the stand-in with the real module in
    ``sys.modules`` and is read from that, so a later import of :mod:`__future__` gets the
    real module. It has no ``__path__``, as the real module has none (the import system asks
    for it and must not load the module then).
    """
    if "__future__" in sys.modules:
        return
    stand_in = type(sys)("__future__")

    def real(name: str) -> object:
        if name == "__path__":
            raise AttributeError(name)
        _drop_stand_in()
        import __future__

        return getattr(__future__, name)

    vars(stand_in).update(__getattr__=real, annotations=_DeferredFeature())
    sys.modules["__future__"] = stand_in


_MAPPING_MIXINS = ("keys", "items", "values", "__eq__")
_MUTABLE_MAPPING_MIXINS = ("pop", "popitem", "clear", "update", "setdefault")


class _StandInABC(type):
    """The metaclass of :func:`lean_os`'s stand-in ``Mapping`` and ``MutableMapping``: an
    ``isinstance`` or ``issubclass`` test against one asks the real class of that name; one
    against a class built on them (``os._Environ``) is ``type``'s own."""

    def __instancecheck__(cls, instance: object) -> bool:
        if cls.__module__ != __name__:
            return type.__instancecheck__(cls, instance)
        return isinstance(instance, _real_abc(cls.__name__))

    def __subclasscheck__(cls, subclass: type) -> bool:
        if cls.__module__ != __name__:
            return type.__subclasscheck__(cls, subclass)
        return issubclass(subclass, _real_abc(cls.__name__))


def _real_abc(name: str) -> type:
    """The real ``_collections_abc`` class ``name``; its first call imports the module and
    registers ``os.environ``'s class as the real ``MutableMapping`` it stands for."""
    import _collections_abc

    if not _REGISTERED:
        _REGISTERED.append(True)
        environ_class = getattr(sys.modules.get("os"), "_Environ", None)
        if isinstance(environ_class, _StandInABC):
            _collections_abc.MutableMapping.register(environ_class)  # type: ignore[arg-type]
        # ``pop``'s default, which the real mixin reads off ``self`` by its mangled name
        marker = vars(_collections_abc.MutableMapping)["_MutableMapping__marker"]
        for stand_in in _STAND_INS:
            stand_in._MutableMapping__marker = marker  # type: ignore[attr-defined]
    found: type = getattr(_collections_abc, name)
    return found


_REGISTERED: list[bool] = []
_STAND_INS: list[type] = []


def _mixin(owner: str, name: str) -> object:
    def method(self: object, *args: object, **kwargs: object) -> object:
        return getattr(_real_abc(owner), name)(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    return method


def _stand_in_abc() -> object:
    """A stand-in for ``_collections_abc`` holding the three names ``os`` takes from it."""

    class Mapping(metaclass=_StandInABC):
        __slots__ = ()
        __hash__ = None  # type: ignore[assignment]  # as the real Mapping's (it defines __eq__)
        __reversed__ = None

        def get(self, key: object, default: object = None) -> object:  # the real mixin's code
            try:
                return self[key]  # type: ignore[index]
            except KeyError:
                return default

        def __contains__(self, key: object) -> bool:  # the real mixin's code
            try:
                self[key]  # type: ignore[index]
            except KeyError:
                return False
            else:
                return True

    class MutableMapping(Mapping):
        __slots__ = ()

    _STAND_INS.append(MutableMapping)

    for name in _MAPPING_MIXINS:
        setattr(Mapping, name, _mixin("Mapping", name))
    for name in _MUTABLE_MAPPING_MIXINS:
        setattr(MutableMapping, name, _mixin("MutableMapping", name))

    def _check_methods(klass: type, *methods: str) -> object:
        return _real_abc("_check_methods")(klass, *methods)

    module = type(sys)("_collections_abc")
    vars(module).update(
        Mapping=Mapping, MutableMapping=MutableMapping, _check_methods=_check_methods
    )
    return module


def lean_os() -> None:
    """Import :mod:`os` with a stand-in for ``_collections_abc`` while it loads.

    ``os`` takes three names from ``_collections_abc``: ``MutableMapping`` and ``Mapping``
    (``os.environ``'s class and its ``|`` operators) and ``_check_methods`` (``PathLike``).
    That module builds 26 abstract classes, about 3.3 M instructions, 6% of an allowed Bash
    call and a tenth of a Write (round 24), for an environment mapping the hook reads with
    ``[]``, ``get`` and ``in``. The stand-in's ``get`` and ``in`` are the real mixins' code;
    its other mixins (``keys``, ``items``, ``update``...), ``_check_methods`` and an
    ``isinstance`` test against its classes import the real module, register
    ``os.environ``'s class as its ``MutableMapping`` and answer as it does. It leaves
    ``sys.modules`` once ``os`` is loaded, so a later import gets the real module; a process
    that already holds ``os`` (``site`` ran) is left as it is.
    """
    if "os" in sys.modules or "_collections_abc" in sys.modules:
        return
    sys.modules["_collections_abc"] = _stand_in_abc()  # type: ignore[assignment]
    try:
        import os
    except Exception:  # a Python whose os takes more from it: load os as it is, every hook
        for name in ("os", "os.path"):  # still runs (a failure here would refuse every call)
            sys.modules.pop(name, None)
        del sys.modules["_collections_abc"]
        import os
    else:
        del sys.modules["_collections_abc"]
    del os


def main() -> int:
    """Put the hooks' import path in place (under ``-S``) and run the hook named by argv."""
    import gc

    defer_future()
    lean_os()

    # One short process per tool call: reference counting frees what it makes, and the cyclic
    # collector's passes, run while the guard's modules load, were about 6% of its instructions.
    gc.disable()
    if sys.flags.no_site:
        import os

        here = os.path.dirname(os.path.abspath(__file__))
        package_parent = os.path.dirname(os.path.dirname(here))
        if package_parent not in sys.path:  # ``__main__.py`` put it first
            sys.path.insert(0, package_parent)
        sys.path.extend(site_packages())
        if not any(os.path.isdir(os.path.join(entry, "tree_sitter")) for entry in sys.path):
            import site

            site.main()

    from ondas.hooks.entry import run_hook

    return run_hook(sys.argv[2:] if sys.argv[1:2] == ["hook"] else sys.argv[1:])


def exit_now(code: int) -> None:
    """End the process with ``code`` once stdout and stderr are flushed, without the
    interpreter's finalisation.

    The PreToolUse hook has written all it writes by then (its refusal is committed and the
    store closed, see :func:`ondas.hooks.pre_tool_use.record_refused`), and the finalisation
    (every module torn down, a full collection of the cyclic garbage ``gc.disable`` left) was
    about a sixth of an allowed call and more of a refused one. A stream that cannot be flushed
    does not change the code: a normal exit would turn it into 120, which Claude Code reads as
    "allow" for a refused call.
    """
    import os

    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 - contextlib.suppress would import contextlib in every hook process
            stream.flush()
        except BaseException:
            pass
    os._exit(code)


def pre_tool_use() -> None:
    """Run the PreToolUse hook and end the process, closed on failure: an exception that
    escapes it (a refusal's reason that cannot be written, stderr closed) exits 2, which
    blocks the call; Python's own exit for it would be 1, which Claude Code reads as "allow"
    (round 18)."""
    try:
        code = main()
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 2
    except BaseException:
        code = 2
    exit_now(code)


def run() -> None:
    """The process's work: the PreToolUse hook ends it itself (:func:`pre_tool_use`), every
    other hook exits with :func:`main`'s code."""
    if sys.argv[1:] in (["hook", "pre-tool-use"], ["pre-tool-use"]):
        pre_tool_use()
    sys.exit(main())
