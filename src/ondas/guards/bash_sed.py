"""A sed script read as GNU sed reads it: which files it writes and whether it runs commands.

A sed script runs a shell command through its ``e`` command and the ``e`` flag of ``s``, and
writes files through ``w``/``W`` and the ``w`` flag of ``s``. Where those letters sit is a
matter of sed's grammar: the ``e`` of ``s~a~b;e x~g`` is inside the replacement, the text of
``a foo; e bar`` is data. :func:`sed_script` reads commands, addresses, ``s`` and ``y`` with any
delimiter and backslash escapes (as GNU sed's ``match_slash``: no bracket awareness), text and
file-name arguments to the end of the line; on anything it does not read with certainty it
answers ``None``, and the caller keeps its older, wider reading.
"""

from __future__ import annotations

_NO_ARGUMENT = frozenset("=dDgGhHnNpPxzF")
_TEXT = frozenset("aic")
_FILE_NAME = frozenset("rRwW")
_LABEL = frozenset("btTv:")
_NUMBER = frozenset("qQlL")
_S_FLAGS = frozenset("gpiImMe0123456789")
_LABEL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


class SedScript:
    """What a sed script does beyond printing: the files it writes and whether it executes."""

    __slots__ = ("executes", "writes")

    def __init__(self) -> None:
        self.writes: list[str] = []
        self.executes = False


class _Unread(Exception):
    """The script holds something this reader does not read with certainty."""


def sed_script(script: str) -> SedScript | None:
    """The script's writes and executions, or ``None`` when it cannot be read with certainty."""
    try:
        return _Reader(script).read()
    except _Unread:
        return None


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.out = SedScript()

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def take(self) -> str:
        char = self.peek()
        self.at += 1
        return char

    def blanks(self) -> None:
        while self.peek() in {" ", "\t"} and self.peek():
            self.at += 1

    def read(self) -> SedScript:
        while self.at < len(self.text):
            self.blanks()
            char = self.peek()
            if char in {"", ";", "\n", "}"}:
                self.at += 1
                continue
            if char == "#":
                self.rest_of_line()
                continue
            self.address()
            self.blanks()
            while self.peek() == "!":
                self.at += 1
                self.blanks()
            self.command()
        return self.out

    def rest_of_line(self) -> str:
        end = self.text.find("\n", self.at)
        end = len(self.text) if end < 0 else end
        line, self.at = self.text[self.at : end], end
        return line

    def address(self) -> None:
        if self.one_address():
            self.blanks()
            if self.peek() == ",":
                self.at += 1
                self.blanks()
                if self.peek() in {"+", "~"}:
                    self.at += 1
                    self.digits(required=True)
                elif not self.one_address():
                    raise _Unread

    def one_address(self) -> bool:
        char = self.peek()
        if char.isdigit():
            self.digits(required=True)
            if self.peek() == "~":
                self.at += 1
                self.digits(required=True)
            return True
        if char == "$":
            self.at += 1
            return True
        if char in {"/", "\\"}:
            self.at += 1
            if char == "\\":
                char = self.take()
                if char in {"", "\n", "\\"}:
                    raise _Unread
            self.delimited(char)
            while self.peek() in {"I", "M"}:
                self.at += 1
            return True
        return False

    def digits(self, required: bool = False) -> None:
        start = self.at
        while self.peek().isdigit():
            self.at += 1
        if required and self.at == start:
            raise _Unread

    def delimited(self, delimiter: str) -> None:
        """Up to the next ``delimiter`` not escaped by a backslash; an unescaped newline or the
        script's end before it is an error (GNU sed's "unterminated" command)."""
        while True:
            char = self.take()
            if char in {"", "\n"}:
                raise _Unread
            if char == "\\":
                if self.take() == "":
                    raise _Unread
            elif char == delimiter:
                return

    def command(self) -> None:
        name = self.take()
        if name == "{":
            return
        if name in _NO_ARGUMENT:
            self.end()
        elif name == "s":
            self.substitution()
        elif name == "y":
            delimiter = self.take()
            if delimiter in {"", "\n", "\\"}:
                raise _Unread
            self.delimited(delimiter)
            self.delimited(delimiter)
            self.end()
        elif name in _TEXT:
            self.text_argument()
        elif name in _FILE_NAME:
            self.blanks()
            target = self.rest_of_line()
            if name in {"w", "W"}:
                self.out.writes.append(target)
        elif name == "e":
            self.out.executes = True
            self.rest_of_line()
        elif name in _LABEL:
            self.blanks()
            while self.peek() and self.peek() not in {";", "\n"}:
                if self.take() not in _LABEL_CHARS:
                    raise _Unread
            self.end()
        elif name in _NUMBER:
            self.blanks()
            self.digits()
            self.end()
        else:
            raise _Unread

    def substitution(self) -> None:
        delimiter = self.take()
        if delimiter in {"", "\n", "\\"}:
            raise _Unread
        self.delimited(delimiter)
        self.delimited(delimiter)
        while self.peek() in _S_FLAGS and self.peek():
            if self.take() == "e":
                self.out.executes = True
        if self.peek() == "w":
            self.at += 1
            self.blanks()
            self.out.writes.append(self.rest_of_line())
            return
        self.end()

    def text_argument(self) -> None:
        """``a``, ``i`` and ``c``: their text, data, runs to a newline no backslash escapes."""
        while True:
            char = self.take()
            if char in {"", "\n"}:
                return
            if char == "\\":
                self.take()

    def end(self) -> None:
        self.blanks()
        if self.peek() not in {"", ";", "\n", "}", "#"}:
            raise _Unread
