"""Endless loops that start background jobs without end, a fork bomb's effect (round 25: out
of ``bash``, imported only for a line holding a ``while``, ``until`` or ``for ((...))`` loop).

``while true; do work & done`` starts a job each time round and never reaps one: the machine
runs out of processes as under a fork bomb. A loop is endless when its condition never ends it
(``while true``, ``until false``, ``while [ 1 ]``, ``while ((1))``, ``for ((;;))``); it is
bounded by a ``wait``, ``break``, ``exit`` or ``return`` in its own shell that a branch bash
takes can reach.
"""

from __future__ import annotations

from ondas.guards.bash import _descendants, _short, _text
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from tree_sitter import Node

_ALWAYS_TRUE = LazyPattern(
    r"(?:/usr)?(?:/bin/)?true|:|\[\[? +[\w./-]+ +\]\]?|\(\( *0*[1-9]\d* *\)\)"
)
"""Conditions that never fail: ``true``, ``:``, a test of a non-empty literal word (``[ 1 ]``,
``[[ true ]]``), arithmetic on a non-zero constant (``((1))``)."""
_ALWAYS_FALSE = LazyPattern(r"(?:/usr)?(?:/bin/)?false")
_BOUNDS = frozenset({"wait", "break", "exit", "return"})
"""Commands that reap or end what a loop starts (``work & wait``, ``break``)."""


def _endless(node: Node) -> bool:
    """A loop whose condition never ends it: ``while true``, ``until false``, ``while [ 1 ]``,
    ``while ((1))``, ``for ((;;))`` and ``for ((i=0;;i++))`` (no condition)."""
    if node.type == "c_style_for_statement":
        kinds = [c.type for c in node.children]
        first = kinds.index(";") if ";" in kinds else -1
        return first >= 0 and kinds[first + 1 : first + 2] == [";"]
    condition = node.child_by_field_name("condition")
    if condition is None or not node.children:
        return False
    text = " ".join(_text(condition).split()).rstrip(";& ")
    until = node.children[0].type == "until"
    return (_ALWAYS_FALSE if until else _ALWAYS_TRUE).fullmatch(text) is not None


def endless_spawner(node: Node) -> Verdict:
    """An endless loop that starts a background job each time round and never waits for one,
    breaks or exits (``while true; do work & done``): jobs pile up until the machine has no
    processes left, as a fork bomb's do."""
    body = node.child_by_field_name("body")
    if body is None or not _endless(node):
        return ALLOW
    jobs = list(_descendants(body, "&"))
    if not jobs:
        return ALLOW
    # ``wait`` reaps the jobs of its own shell: a job started in a subshell (``(work &)``) is
    # reaped only by a ``wait`` in that subshell, and a disowned one by none; ``break`` and
    # ``exit`` end the loop only from the loop's own shell
    names = list(_descendants(body, "command_name"))
    disowned = any(_text(n) == "disown" for n in names)
    reaped: set[int] = set()
    for name in names:
        bound = _text(name)
        if bound not in _BOUNDS or _never_taken(name, body):
            continue
        if bound != "wait" and _shell_of(name, body).id == body.id:
            return ALLOW
        if bound == "wait" and not disowned:
            reaped.add(_shell_of(name, body).id)
    if all(_shell_of(job, body).id in reaped for job in jobs):
        return ALLOW
    return Verdict.block("fork-bomb", _short(_text(node)), "an endless loop of background jobs")


def _shell_of(node: Node, top: Node) -> Node:
    """The subshell below ``top`` that runs ``node``, or ``top`` (the loop's own shell)."""
    parent = node.parent
    while parent is not None and parent.id != top.id:
        if parent.type == "subshell":
            return parent
        parent = parent.parent
    return top


def _never_taken(node: Node, top: Node) -> bool:
    """Whether ``node`` is in a branch bash never takes: the body of ``if false``, or the
    right side of ``false &&`` (``if false; then wait; fi`` bounds nothing)."""
    child, parent = node, node.parent
    while parent is not None and parent.id != top.id:
        if parent.type in {"if_statement", "elif_clause"}:
            condition = parent.child_by_field_name("condition")
            guarded = condition is not None and child.id != condition.id
            if guarded and condition is not None and _always_false(condition):
                return True
        right = parent.type == "list" and len(parent.children) == 3
        right = right and child.id == parent.children[2].id
        if right and parent.children[1].type == "&&" and _always_false(parent.children[0]):
            return True
        child, parent = parent, parent.parent
    return False


def _always_false(condition: Node) -> bool:
    text = " ".join(_text(condition).split()).rstrip(";& ")
    return _ALWAYS_FALSE.fullmatch(text) is not None


_PRINTERS = frozenset({"echo", "printf", "print", "true", ":", "yes"})
"""Commands that print at once and return, neither waiting nor reading."""


def endless_printer(node: Node) -> bool:
    """An endless loop (``while :``, ``until false``, ``for ((;;))``) whose body only prints
    (``echo``, ``printf``): it writes without end, as ``yes`` does (round 26, left26a). A body
    that waits (``sleep 5``), reads or runs anything else is a poller and passes (``while
    true; do date; sleep 60; done >> log``)."""
    body = node.child_by_field_name("body")
    if body is None or not _endless(node):
        return False
    names = [_text(n) for n in _descendants(body, "command_name")]
    return bool(names) and all(name in _PRINTERS for name in names)
