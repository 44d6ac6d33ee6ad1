"""The one path policy: regular files only, size-capped reads that never block, symlink loops
refused; a refused write leaves the path exactly as it was (a FIFO stands in for a device
node: a test that failed would otherwise replace /dev/null)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from ondas.config import load_config
from ondas.errors import UsageError
from ondas.guards.whitelist import load as load_whitelist
from ondas.jsonfile import read_object
from ondas.modes.core import activate, install_hook
from ondas.pathpolicy import read_bytes, read_text, refusal
from ondas.runtime.gitops import project_env_values
from ondas.state.atomic import atomic_write
from ondas.state.export import read_verified


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.fixture
def loop(tmp_path: Path) -> Path:
    path = tmp_path / "loop"
    path.symlink_to(path.name)
    return path


def _still_a_fifo(path: Path) -> bool:
    return stat.S_ISFIFO(os.lstat(path).st_mode)


def test_reading_a_fifo_is_refused_at_once_instead_of_blocking(fifo: Path) -> None:
    with pytest.raises(UsageError, match="FIFO"):
        read_bytes(fifo)


def test_reading_dev_zero_is_refused_instead_of_filling_memory() -> None:
    with pytest.raises(UsageError, match="character device"):
        read_bytes("/dev/zero")


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2048)
    with pytest.raises(UsageError, match="larger than"):
        read_bytes(big, limit=1024)
    assert read_bytes(big, limit=4096) == b"x" * 2048


def test_a_symlink_loop_is_named(loop: Path) -> None:
    with pytest.raises(UsageError, match="symlink loop"):
        read_text(loop)
    with pytest.raises(UsageError, match="symlink loop"):
        atomic_write(loop, b"{}")
    assert refusal(str(loop)) == "is a symlink loop"


def test_invalid_utf8_text_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "bad"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(UsageError, match="UTF-8"):
        read_text(path)


def test_an_atomic_write_never_replaces_what_is_not_a_regular_file(fifo: Path) -> None:
    with pytest.raises(UsageError, match="not a regular file"):
        atomic_write(fifo, b"data")
    assert _still_a_fifo(fifo)
    assert [p.name for p in fifo.parent.iterdir()] == ["fifo"]


def test_settings_that_are_not_a_regular_file_are_left_untouched(
    fifo: Path, tmp_path: Path
) -> None:
    config = tmp_path / "claude"
    with pytest.raises(UsageError):
        activate("default", config=config, settings=fifo, as_root=False)
    with pytest.raises(UsageError):
        install_hook(config=config, settings=fifo)
    assert _still_a_fifo(fifo)
    assert not config.exists()


def test_every_reader_refuses_a_fifo_and_a_device(fifo: Path, tmp_path: Path) -> None:
    for source in (fifo, Path("/dev/zero")):
        with pytest.raises(UsageError):
            load_whitelist(source)
        with pytest.raises(UsageError):
            read_object(source)
        with pytest.raises(UsageError):
            read_verified(source, accept_unverified=True)
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    os.mkfifo(state_dir / "config.toml")
    with pytest.raises(UsageError, match="FIFO"):
        load_config(state_dir)


def test_a_project_env_file_pointing_at_dev_zero_redacts_nothing_and_returns(
    tmp_path: Path,
) -> None:
    (tmp_path / ".env").symlink_to("/dev/zero")
    assert project_env_values(tmp_path) == []
