"""Round 25 (tune25a): classes two held-out peers (acai, cc-toolgate) showed once tuned on.
A copy that never ends into a file (an endless device, ``yes``, or a filter fed either, with
nothing to bound it) fills the disk; and a here-document or here-string passed through a bare
``cat`` into a shell or an interpreter is the code they run, judged as ``bash <<EOF`` is,
instead of as text generated unseen. Every case is data handed to the guard; none is ever
run."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]


@pytest.mark.parametrize(
    "command",
    [
        # dd without count=: it copies until a write fails, at a full disk
        "dd if=/dev/zero of=big.img",
        "dd if=/dev/urandom of=build/noise.bin bs=1M",
        "dd if=/dev/zero of=/tmp/fill bs=4k status=progress",
        "/bin/dd bs=1M if=/dev/random of=data/blob",
        "dd of=scratch.bin < /dev/zero",
        "yes | dd of=answers.log",
        "echo start; dd if=/dev/full of=zeros.dat",
        # a redirect of an endless producer
        "cat /dev/zero > big",
        "cat /dev/urandom >> build/noise.bin",
        "< /dev/zero cat > out.bin",
        "yes > y.txt",
        "yes n >> build/answers",
        "yes 'line of text' 1> spam.log",
        "cat /dev/zero &> fill.img",
        "tr -dc 'a-z0-9' < /dev/urandom > words",
        "cat /dev/urandom | base64 -w 0 > blob.b64",
        "yes | tr y n > nos",
        "pv /dev/zero > image.raw",
        "base64 /dev/urandom | fold -w 76 > random.dat",
        "make prep && cat /dev/zero > /tmp/pad",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_an_endless_copy_into_a_file_is_refused(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "disk-fill", (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        # bounded copies of the same devices
        "dd if=/dev/zero of=disk.img bs=1M count=64",
        "dd if=/dev/urandom of=key.bin bs=32 count=1",
        "dd if=build/app.img of=copy.img bs=4M",
        "head -c 1M /dev/zero > build/pad.bin",
        "head -c 32 /dev/urandom > build/key.bin",
        "yes | head -n 100 > build/y.txt",
        "tr -dc 'a-z0-9' < /dev/urandom | head -c 24 > build/token",
        "od -N 16 -An -tx1 /dev/urandom > build/hex",
        "xxd -l 32 -p /dev/urandom > build/key.hex",
        "hexdump -n 64 /dev/urandom > build/dump",
        "hexdump -vn16 -e '4/4 \"%08X\"' /dev/urandom > build/id",
        "od -vAn -N4 -tu4 < /dev/urandom > build/seed",
        "xxd -l16 -p /dev/urandom > build/nonce",
        "pv -S -s 1G /dev/zero > build/image.raw",
        "timeout 5 cat /dev/zero > build/f",
        # endless output thrown away, or not into a file
        "yes > /dev/null",
        "dd if=/dev/zero of=/dev/null bs=1M",
        "yes 2> build/err.log",
        "yes | npm init",
        "yes | head -n 3",
        # ordinary redirects that only mention the words
        "echo yes > answer.txt",
        "ls /dev/ > build/devices.txt",
        "cat config/yes.conf > build/out.conf",
        "make > build.log 2>&1",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_bounded_copy_or_a_copy_into_a_device_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.blocked, (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "cat <<'EOF' | bash\nmake test\ngit status\nEOF",
        'cat <<"EOF" | sh -s\nls -la\npytest -q\nEOF',
        "cat <<EOF | bash\necho building $HOME\nEOF",
        "cat <<-EOF | bash\n\tgit log --oneline -5\n\tEOF",
        "cat <<< 'git diff --stat' | sh",
        "cat - <<< 'make lint' | bash",
        "cat -u <<< 'ls src' | bash",
        "cat <<< 'ls' 2>/dev/null | bash",
        "cat <<'PY' | python3 -\nprint(sum(range(10)))\nPY",
        "cat <<'EOF' | xargs rm\nbuild/a.o\nbuild/b.o\nEOF",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_literal_text_catted_into_a_shell_is_judged_as_its_code(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.blocked, (command, flags, verdict.rule)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("cat <<'EOF' | bash\nrm -rf ~\nEOF", "rm-home"),
        ("cat <<EOF | sh\ngit reset --hard HEAD~3\nEOF", "git-reset-hard"),
        ("cat <<< 'rm -rf /' | bash", "rm-root"),
        ("cat - <<'EOF' | bash -s\ngit push --force origin main\nEOF", "git-push"),
        ("cat <<'PY' | python3 -\nimport shutil; shutil.rmtree('/')\nPY", "rm-root"),
        ("cat <<'EOF' | xargs rm -rf\n/\nEOF", "rm-root"),
        # what the guard cannot read stays generated text piped into a shell
        ("cat <<EOF | bash\nrm -rf $TARGET\nEOF", "pipe-to-shell"),
        ("cat -n <<< 'ls' | bash", "pipe-to-shell"),
        ("cat script.sh <<< 'ls' | bash", "pipe-to-shell"),
        ("cat <<< 'ls' | tee log | bash", "pipe-to-shell"),
        ("cat() { echo rm -rf ~; }; cat <<< ls | bash", "pipe-to-shell"),
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_catted_text_is_refused_by_what_it_runs(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)
