"""Files named as text by their whole name (round 19, termaxa tuned on).

Zeros or noise from a device written over a file of the project named as text destroy it
(red team 11c's class, ``file-destroyed``), but "named as text" meant a suffix (``.py``,
``.md``, ``.toml``): ``dd if=/dev/zero of=.env`` and ``head -c 1M /dev/urandom > Makefile``
passed in every mode. The project's environment file (``.env``, ``.env.local``), configuration
dotfiles, build and container recipes and a project's notices are text by their name. Data
files (``disk.img``, ``noise.bin``), sizes given to a file of the build's, and a link over a
file (judged as before) still pass. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

FILLED = [
    "dd if=/dev/urandom of=.env.production bs=4k count=1",
    "dd if=/dev/zero of=.envrc",
    "head -c 4096 /dev/zero > .gitignore",
    "cat /dev/urandom | head -c 1M > Dockerfile",
    "dd if=/dev/random of=services/api/Makefile bs=1k count=8",
    "head -c 100 /dev/urandom > LICENSE",
    "dd if=/dev/zero of=./Justfile bs=512 count=1",
]


@pytest.mark.parametrize("command", FILLED)
def test_device_bytes_over_a_file_named_as_text_destroy_it(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "file-destroyed", (command, mode)


TWINS = [
    "dd if=/dev/zero of=disk.img bs=1M count=100",
    "dd if=/dev/urandom of=tests/fixtures/random.bin bs=1k count=4",
    "head -c 1M /dev/urandom > build/noise",
    "echo API_URL=http://localhost > .env",
    "cp .env.example .env",
    "printf 'all:\\n\\ttrue\\n' > Makefile",
    "ln -sf .env.development .env",
    "dd if=/dev/zero of=/tmp/.env bs=1 count=10",
]


@pytest.mark.parametrize("command", TWINS)
def test_data_files_and_ordinary_writes_of_such_names_still_pass(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
