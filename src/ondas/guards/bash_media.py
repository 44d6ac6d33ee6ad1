"""Code and deletions inside the words of media tools (round 20, redteam20).

ImageMagick reads a file by a coder prefix, and two coders are more than a format: ``msl:FILE``
runs FILE as a Magick Scripting Language script (which reads and writes any file), and
``ephemeral:FILE`` deletes FILE once it has read it, as ``rm`` does; ``magick -script FILE``
runs a script of its own commands. ExifTool's tag expressions are Perl: ``${TAG;EXPR}`` in a
``-p`` format or a tag copy (``-FileName<${FileName;EXPR}``) and the ``-api Filter=EXPR``
option run EXPR for every file, as ``-if EXPR`` does (:mod:`ondas.guards.bash_runners` reads
``-if``). Each is judged as what it stands for: the script as code from where it lies
(:func:`~ondas.guards.bash_base.unseen_temp_code`), the deletion as ``rm -f FILE``, the
expressions as Perl (:func:`~ondas.guards.bash_code.check_code`).
"""

from __future__ import annotations

import shlex

from ondas.guards.bash_base import Ctx, Word, unseen_temp_code
from ondas.guards.verdict import ALLOW, Verdict

_API_CODE = ("filter=", "filterw=")


def media_words(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """ImageMagick's ``msl:``, ``ephemeral:`` and ``-script``, ExifTool's Perl expressions."""
    values = [a.value for a in args]
    if name == "exiftool":
        return _exif_code(values, ctx, depth, seg)
    for k, value in enumerate(values):
        if value is None:
            continue
        lowered = value.lower()
        if lowered.startswith("msl:"):
            verdict = unseen_temp_code(value[4:], ctx, seg)  # ``magick msl:/tmp/x.msl``
        elif lowered.startswith("ephemeral:"):
            path = value[10:]
            verdict = ctx.check_source(f"rm -f -- {shlex.quote(path)}", ctx, depth + 1)
        elif value == "-script" and k + 1 < len(values):
            verdict = unseen_temp_code(values[k + 1] or "", ctx, seg)
        else:
            continue
        if not verdict.allowed:
            return verdict
    return ALLOW


def _exif_code(values: list[str | None], ctx: Ctx, depth: int, seg: str) -> Verdict:
    from ondas.guards.bash_code import check_code

    for k, value in enumerate(values):
        if value is None:
            continue
        code: list[str] = []
        if "${" in value:
            code += _tag_expressions(value)
        if k > 0 and values[k - 1] == "-api" and value.lower().startswith(_API_CODE):
            code.append(value.partition("=")[2])  # ``-api Filter=EXPR``
        for expression in code:
            verdict = check_code(expression, ctx, depth, seg, family="perl")
            if not verdict.allowed:
                return verdict
    return ALLOW


def _tag_expressions(text: str) -> list[str]:
    """The Perl of each ``${TAG;EXPR}`` in ``text`` (braces inside EXPR balanced)."""
    found: list[str] = []
    start = text.find("${")
    while start >= 0:
        depth, end = 0, start + 1
        while end < len(text):
            if text[end] == "{":
                depth += 1
            elif text[end] == "}":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        inner = text[start + 2 : end]
        if ";" in inner:
            found.append(inner.partition(";")[2])
        start = text.find("${", end)
    return found
