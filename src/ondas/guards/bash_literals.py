"""Static string expressions of interpreter code, evaluated as the interpreter would.

``os.system("r" + "m -rf .git")``, ``system(join " ", qw(rm -rf .git))``, ``os.execute(
string.char(114, 109) .. " -rf .git")``, ``system(base64_decode("..."))``: the command is built
from literals by concatenation, joins, reversal, character codes or a decoder, so it is known
before the code runs. :func:`fold_literals` rewrites each such expression into the one literal
it evaluates to, so :mod:`ondas.guards.bash_code` reads the command as if written whole.
:func:`computed_shell_calls` names the shell calls whose argument is still not a literal after
that: what they run is undecidable here.
"""

from __future__ import annotations

from ondas.guards.lazy_re import LazyPattern, re

_LIT = r"(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*')"
_LITS = _LIT + r"(?:\s*,\s*" + _LIT + r")*"

_CONCAT = LazyPattern(rf"({_LIT})(?:\s*(?:\+|\.\.|\.)\s*|[ \t]+)({_LIT})")
"""Two literals joined by ``+`` (Python, JavaScript, Ruby), ``.`` (Perl, PHP, Vim script),
``..`` (Lua) or written side by side (Python, awk)."""
_LIST_JOIN = LazyPattern(rf"\[\s*({_LITS})\s*,?\s*\]\s*\.\s*join\s*\(\s*({_LIT})?\s*\)")
_WORDS_JOIN = LazyPattern(
    r"%w\s*([\[({<])([^\]\)}>]*)[\]\)}>]\s*\.\s*join\s*\(\s*(" + _LIT + r")?\s*\)"
)
_STR_JOIN = LazyPattern(rf"({_LIT})\s*\.\s*join\s*\(\s*[\[(]\s*({_LITS})\s*,?\s*[\])]\s*\)")
_PERL_JOIN = LazyPattern(
    rf"\bjoin\s*\(?\s*({_LIT})\s*,\s*(?:qw\s*([(\[{{/])([^)\]}}/]*)[)\]}}/]|({_LITS}))\s*\)?"
)
_PATH_JOIN = LazyPattern(
    rf"\b(?:os\.path|posixpath|path|File|Path)\s*[.:]+\s*join\s*\(\s*({_LIT}(?:\s*,\s*{_LIT})+)\s*\)"
)
_REVERSED = LazyPattern(
    rf"\bscalar\s+reverse\s*\(?\s*({_LIT})\s*\)?|({_LIT})\s*\[\s*::\s*-1\s*\]"
    rf"|({_LIT})\s*\.\s*reverse\b(?:\s*\(\s*\))?"
    rf"|({_LIT})\s*\.\s*split\s*\(\s*(?:\"\"|'')\s*\)\s*\.\s*reverse\s*\(\s*\)\s*\.\s*join\s*\("
    r"\s*(?:\"\"|'')\s*\)"
)
_CHARS = LazyPattern(
    r"\b(?:chr|string\.char|String\.fromCharCode|pack\s*\(\s*[\"']C\*[\"']\s*,)\s*\(?\s*"
    r"(\d+(?:\s*,\s*\d+)*)\s*\)"
)
_DECODED = LazyPattern(
    rf"\b(?:base64_decode|(?:base64\.)?b64decode|decode_base64|atob|Base64\.decode64)\s*\(\s*b?"
    rf"({_LIT})\s*\)(?:\s*\.\s*decode\s*\(\s*(?:{_LIT})?\s*\))?"
    rf"|({_LIT})\s*\.\s*unpack1?\s*\(\s*[\"']m0?[\"']\s*\)(?:\s*\.\s*first|\s*\[\s*0\s*\])?"
    rf"|\bBuffer\.from\s*\(\s*({_LIT})\s*,\s*[\"']base64[\"']\s*\)"
    rf"(?:\s*\.\s*toString\s*\(\s*(?:{_LIT})?\s*\))?"
    rf"|\bbytes\.fromhex\s*\(\s*({_LIT})\s*\)\s*\.\s*decode\s*\(\s*(?:{_LIT})?\s*\)"
)
_ONE_LIT = LazyPattern(_LIT)
_MEMBER_BY_NAME = LazyPattern(
    rf"\bgetattr\s*\(\s*([A-Za-z_][\w.]*)\s*,\s*({_LIT})\s*\)"
    rf"|([\w)\]])\s*\[\s*({_LIT})\s*\](?=\s*\()"
)
"""A member looked up by its name in a literal and called (harm12): Python's ``getattr(os,
"chmod")(...)``, JavaScript's ``require("fs")["chmodSync"](...)``, ``obj['method'](...)``; the
language calls ``os.chmod``, ``require("fs").chmodSync``, so the code is read so."""
_ESCAPED_LITERAL = LazyPattern(
    r"\"(?:[^\"\\\n]|\\.)*\\(?:x\{?[0-9A-Fa-f]|u\{?[0-9A-Fa-f]|[0-7]{3})(?:[^\"\\\n]|\\.)*\""
    r"|'(?:[^'\\\n]|\\.)*\\(?:x\{?[0-9A-Fa-f]|u\{?[0-9A-Fa-f]|[0-7]{3})(?:[^'\\\n]|\\.)*'"
)
_CODE_ESCAPE = LazyPattern(
    r"\\(?:x\{([0-9A-Fa-f]{1,6})\}|x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})"
    r"|([0-7]{3}))"
)
"""Escapes by character code in a string literal (harm12): ``\\x{2f}`` (Perl), ``\\x2f``,
``\\u002f``, ``\\u{2f}`` (Python, JavaScript, Ruby, PHP), ``\\057`` (octal): the string holds the
character, so a path spelled in codes is the path."""


def literal_value(literal: str) -> str:
    """The text of a quoted literal, with the escapes every language here shares."""
    body = literal[1:-1]
    if "\\" not in body:
        return body
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), body)


def _quoted(text: str) -> str:
    if "\n" in text:
        text = text.replace("\n", "\\n")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _values(literals: str) -> list[str]:
    return [literal_value(m.group(0)) for m in _ONE_LIT.finditer(literals)]


def _decode(text: str, hex_: bool = False) -> str | None:
    import base64
    import binascii

    try:
        raw = bytes.fromhex(text) if hex_ else base64.b64decode(text.strip(), validate=True)
        return raw.decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None


def _concat(match: re.Match[str]) -> str:
    left, right = match.group(1), match.group(2)
    if left[0] == right[0]:
        return left[:-1] + right[1:]
    return _quoted(literal_value(left) + literal_value(right))


def _list_join(match: re.Match[str]) -> str:
    separator = literal_value(match.group(2)) if match.group(2) else ","
    return _quoted(separator.join(_values(match.group(1))))


def _words_join(match: re.Match[str]) -> str:
    separator = literal_value(match.group(3)) if match.group(3) else ""
    return _quoted(separator.join(match.group(2).split()))


def _str_join(match: re.Match[str]) -> str:
    return _quoted(literal_value(match.group(1)).join(_values(match.group(2))))


def _perl_join(match: re.Match[str]) -> str:
    separator = literal_value(match.group(1))
    items = match.group(3).split() if match.group(3) is not None else _values(match.group(4))
    return _quoted(separator.join(items))


def _path_join(match: re.Match[str]) -> str:
    import posixpath

    return _quoted(posixpath.join(*_values(match.group(1))))


def _reversed(match: re.Match[str]) -> str:
    literal = next(g for g in match.groups() if g is not None)
    return _quoted(literal_value(literal)[::-1])


def _chars(match: re.Match[str]) -> str:
    codes = [int(n) for n in match.group(1).split(",")]
    if any(c > 0x10FFFF for c in codes):
        return match.group(0)
    return _quoted("".join(chr(c) for c in codes))


def _decoded(match: re.Match[str]) -> str:
    literal = next(g for g in match.groups() if g is not None)
    text = _decode(literal_value(literal), hex_=match.group(4) is not None)
    return match.group(0) if text is None else _quoted(text)


def _member_by_name(match: re.Match[str]) -> str:
    owner, name = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
    value = literal_value(name)
    if not value.isidentifier():
        return match.group(0)
    if match.group(1) and re.search(
        rf"(?:^|[;\n])\s*{re.escape(owner)}\s*=(?!=)",
        match.string[max(0, match.start() - 2000) : match.start()],
    ):
        return match.group(0)  # ``os = types.SimpleNamespace(...)`` first: no longer the module
    return f"{owner}.{value}"


def _escaped_literal(match: re.Match[str]) -> str:
    prefix = re.search(
        r"(?<!\w)[A-Za-z]{1,2}$", match.string[max(0, match.start() - 3) : match.start()]
    )
    if prefix is not None and "r" in prefix.group(0).lower():
        return match.group(0)  # a raw string (``r"\\x2f"``, ``rb'...'``) keeps its backslashes

    def character(code: re.Match[str]) -> str:
        digits = next(g for g in code.groups() if g is not None)
        number = int(digits, 8 if code.group(5) is not None else 16)
        return chr(number) if number <= 0x10FFFF else code.group(0)

    return _quoted(literal_value(_CODE_ESCAPE.sub(character, match.group(0))))


_FOLDS = (
    (_ESCAPED_LITERAL, _escaped_literal, ("\\",)),
    (_MEMBER_BY_NAME, _member_by_name, ("getattr", "[")),
    (_CHARS, _chars, ("chr", "har", "pack")),
    (_DECODED, _decoded, ("64", "atob", "unpack", "fromhex")),
    (_REVERSED, _reversed, ("reverse", "::")),
    (_PATH_JOIN, _path_join, ("join",)),
    (_LIST_JOIN, _list_join, ("join",)),
    (_WORDS_JOIN, _words_join, ("join",)),
    (_STR_JOIN, _str_join, ("join",)),
    (_PERL_JOIN, _perl_join, ("join",)),
    (_CONCAT, _concat, ()),
)
"""Each fold with the words one of which any text it matches holds (round 25: a fold whose
words the code lacks is not tried, so its expression is not compiled for it; ``()``: tried on
code holding two literals, four quotes, round 26). ``chr``/``string.char``/
``String.fromCharCode``/``pack("C*", …)`` all hold ``chr``, ``har`` or ``pack``; every base64
spelling holds ``64`` (``Buffer.from(…, "base64")`` too)."""


def fold_literals(code: str) -> str:
    """``code`` with every static string expression replaced by the literal it evaluates to
    (a few passes, so ``chr(114) + chr(109)`` becomes ``"r" + "m"`` and then ``"rm"``)."""
    if len(code) > 20_000 or ("'" not in code and '"' not in code and "chr" not in code):
        return code
    for _ in range(6):
        before = code
        for pattern, fold, words in _FOLDS:
            if _tried(code, words):
                code = pattern.sub(fold, code)
        if code == before:
            break
    return _bound_once(code) if "=" in code and _BINDING.search(code) else code


def _tried(code: str, words: tuple[str, ...]) -> bool:
    """Whether a fold of ``words`` is tried on ``code``: one of its words is there (a loop,
    not ``any()``, run for every fold of every code read); :data:`_CONCAT`, of no words, needs
    two literals, so four quotes (round 26)."""
    if not words:
        return code.count('"') + code.count("'") >= 4
    for word in words:  # noqa: SIM110 (a generator costs more than the tests)
        if word in code:
            return True
    return False


_BINDING = LazyPattern(
    rf"(?:^|[;\n{{]|\bthen\b|\bdo\b)\s*(?:const\s+|let\s+|var\s+|my\s+|local\s+)?"
    rf"(\$?[A-Za-z_]\w*)\s*=\s*[rbu]?({_LIT})\s*(?=[;\n]|$)"
)
"""A name bound to one literal (``p = "/etc/x"``, ``const p = '...'``, ``my $p = "..."``)."""


_MAX_BOUND = 16
"""How many bound names :func:`_bound_once` follows (each costs a pass over the code)."""


def _bound_once(code: str) -> str:
    """``code`` with each name bound once to a literal, and never bound again, replaced by that
    literal where it is a call's argument after the binding (harm12): ``p = "/x"; os.chmod(p,
    0)`` calls ``os.chmod("/x", 0)``."""
    names = list(dict.fromkeys(m.group(1) for m in _BINDING.finditer(code)))
    for name in names[:_MAX_BOUND]:
        plain = re.escape(name)
        bindings = re.findall(rf"(?<![\w$.]){plain}\s*(?:[-+*/.|&]|\.\.)?=(?!=)", code)
        match = next((m for m in _BINDING.finditer(code) if m.group(1) == name), None)
        if len(bindings) != 1 or match is None:
            continue
        literal = match.group(2).replace("\\", "\\\\")
        head, tail = code[: match.end()], code[match.end() :]
        code = head + re.sub(rf"([(,]\s*){plain}(?=\s*[,)])", rf"\g<1>{literal}", tail)
    return code


_SHELL_CALL_OPEN = LazyPattern(
    r"(?:\bos\.system|\bos\.popen|(?<![.\w])system2?|\bpopen|\bexecSync|\bshell_exec|\bpassthru"
    r"|\bsubprocess\.getoutput|\bsubprocess\.getstatusoutput|\bos\.execute|\bos:cmd"
    r"|\bshell-command|\bio\.popen|\bIO\.popen|\bOpen3\.\w+"
    r"|\bsubprocess\.(?:run|call|check_call|check_output|Popen)|\b\w+\.(?:check_call|check_output|Popen)"
    r"|\b\w+\.(?:run|call)(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\bshell\s*=\s*True)"
    r"|\b(?:spawnSync|execFileSync|execFile|spawn)(?=\s*\()"
    r"|\b(?:child_process|cp)\.exec)"
    r"\s*(\(|[ \t]+(?=[$@%]|(?:join|scalar|reverse|sprintf|qw)\b"
    r"|[A-Za-z_][\w:.]*\s*\(|\[[^\]\n]*\]\s*\.))\s*"
)
"""A call that hands its argument to a shell (or, for a list, runs it): with Perl's and Ruby's
call without parentheses given a function's value or a list's method (``system pack("H*",
HEX)``, ``system [HEX].pack("H*")``: round 24), and
``subprocess``'s calls (``run``/``call`` only when given ``shell=True`` under another name, as
``s.run(c, shell=True)``; ``asyncio.run(main())`` is not one) and node's ``spawn``/``execFile``
(the program they run is their first argument)."""
_LITERAL_ARGUMENT = LazyPattern(rf"[rbu]?{_LIT}\s*(?:[,)}}]|$|;)|\[|\(|<<|`")


def computed_shell_calls(code: str) -> list[str]:
    """The shell calls of ``code`` whose argument is not a literal (``os.system(c + x)``,
    ``system(join ...)``, ``system $cmd``): what they run is known only at run time."""
    found: list[str] = []
    for match in _SHELL_CALL_OPEN.finditer(code):
        rest = code[match.end() : match.end() + 200]
        if not rest.strip() or rest.lstrip()[:1] in {")", ""}:
            continue
        if _LITERAL_ARGUMENT.match(rest.lstrip()) is not None and not _LIST_METHOD.match(
            rest.lstrip()
        ):
            continue
        found.append(code[match.start() : match.end() + 40].split("\n", 1)[0])
    if "$`" in code:
        found += [m.group(0)[:60] for m in _SHELL_TEMPLATE_COMPUTED.finditer(code)]
    return found


_LIST_METHOD = LazyPattern(r"\[[^\]\n]*\]\s*\.\s*[A-Za-z_]")
"""A list literal whose method computes the argument (Ruby's ``["HEX"].pack("H*")``,
``[...].join``): not the list itself (round 24)."""
_SHELL_TEMPLATE_COMPUTED = LazyPattern(r"(?<![\w\\])\$`[^`]*\$\{[^`]*`")
"""A shell template of Bun's and zx's (``Bun.$`rm -rf ${dir}```, ``$`cmd ${x}```) with a
value interpolated: the command it runs is known only at run time (round 24)."""


_EXEC_LITERAL = LazyPattern(rf"\b(?:exec|eval|Function)\s*\(\s*[rbu]?({_LIT})\s*[,)]")


def evaluated_literals(code: str) -> list[str]:
    """The code of ``exec("...")``/``eval("...")``/``new Function("...")`` given a literal."""
    if "exec" not in code and "eval" not in code and "Function" not in code:
        return []
    return [literal_value(m.group(1)) for m in _EXEC_LITERAL.finditer(code)]
