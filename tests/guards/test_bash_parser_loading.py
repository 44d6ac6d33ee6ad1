"""How the bash guard loads tree-sitter: the stand-ins its extension gets for ``re`` and
``enum`` in a process that has not imported them, and the answers they give when called."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from ondas.guards.bash import _compile, _int_enum, _stand_ins

SRC = Path(__file__).resolve().parents[2] / "src"


def run_isolated(code: str) -> str:
    """``code``'s output in a fresh ``-I -S`` interpreter, as the installed hook starts."""
    prelude = f"import sys; sys.path[:0] = [{str(SRC)!r}]\n"
    site = "import site; sys.path.extend(site.getsitepackages())\n"
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", prelude + site + code],
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout.strip()


def test_a_fresh_process_parses_without_importing_re_or_enum() -> None:
    out = run_isolated(
        "from ondas.guards.bash import check_command\n"
        "verdict = check_command('ls -la && git status', project='/srv')\n"
        "print(verdict.allowed, sorted({'re', 'enum'} & set(sys.modules)))\n"
    )
    assert out == "True []"


def test_the_stand_ins_leave_sys_modules_once_the_parser_is_loaded() -> None:
    out = run_isolated(
        "from ondas.guards.bash import _parser\n"
        "_parser()\n"
        "import re, enum\n"
        "print(re.compile('a+').fullmatch('aa') is not None, hasattr(enum, 'Enum'))\n"
    )
    assert out == "True True"


def test_a_process_holding_re_and_enum_gets_no_stand_in() -> None:
    assert _stand_ins() == {}


def test_the_stand_ins_answer_as_the_real_functions() -> None:
    assert _compile(r"a+", re.IGNORECASE).pattern == re.compile(r"a+", re.IGNORECASE).pattern
    log_type = _int_enum("LogType", {"PARSE": 0, "LEX": 1})
    assert log_type(1).name == "LEX"
    assert log_type(0) == 0
