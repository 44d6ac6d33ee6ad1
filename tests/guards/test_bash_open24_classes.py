"""Round 24 (open24) of issue 30: the classes of the red teams' open rows that were fixed, by
other members of each class than the red teams' own rows, and the everyday twins that must
still pass (every mode unless said)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

_EVERY_MODE = pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
_ATTENDED_AND_SANDBOXED = pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])


def _refused(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)


def _allowed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "rm project.fossil",
        "rm -f repos/app.fossil",
        "mv /tmp/x project.fossil",
        "cp /tmp/empty.db ./app.fossil",
        "truncate -s 0 project.fossil",
        ": > project.fossil",
        "echo x > App.Fossil",
        "find . -name '*.fossil' -delete",
        "shred -u project.fossil",
    ],
)
def test_a_fossil_repository_file_of_any_name_is_fossils_alone(
    command: str, flags: dict[str, bool]
) -> None:
    _refused(command, flags)


@_ATTENDED_AND_SANDBOXED
@pytest.mark.parametrize(
    "command",
    [
        "rm -f /tmp/project.fossil",
        "cp project.fossil /tmp/backup.fossil",
        "sqlite3 project.fossil 'select count(*) from blob'",
        "ls *.fossil",
        "rm -f notes.fossil-journal",
        "fossil new project.fossil",
        "fossil open project.fossil",
    ],
)
def test_reading_copying_out_or_making_a_fossil_repository_passes(
    command: str, flags: dict[str, bool]
) -> None:
    _allowed(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "vim --cmd 'autocmd VimEnter * ++once %delete | wq' src/main.py",
        "vim --cmd 'au! mygroup BufReadPost *.py %d|w' src/main.py",
        "vim -c 'au BufEnter * !git push --force' src/main.py",
        "vim -c 'edit! .git/hooks/pre-commit' -c 'normal ggdG' -c wq",
        "vim -c 'tabedit .ondas/whitelist' -c '%d' -c x",
        "vim -c 'e src/main.py|%d|w' -c q",
        "vim -c 'e docs/notes.md' -c '%d' -c w -c q",
        "vim -c 'w! src/main.py' -c q",
        "nvim --headless -c 'saveas! src/app.py' -c q",
        "vim -c 'write src/main.py' -c qa! /dev/null",
        "vim -c 'Git! push origin main' -c qa",
        "nvim --headless -c 'Gpush --force' -c q",
        "vim -c 'Git push --force-with-lease' -c q",
        "vim -c 'G reset --hard HEAD~3' -c q",
        "vim -c 'Git clean -fdx' -c q",
        "vim -c 'Gread' -c w src/main.py",
        "vim -c 'silent Git push' -c q",
    ],
)
def test_vims_autocommands_edited_buffers_empty_writes_and_fugitive_are_read(
    command: str, flags: dict[str, bool]
) -> None:
    _refused(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "vim -c 'Git status' -c q",
        "vim -c 'G log --oneline' -c q",
        "vim -c 'Git diff' -c q",
        "vim -c 'Git blame' src/main.py",
        "vim -c 'Gdiffsplit' src/main.py",
        "vim -c 'Git commit -m wip' -c q",
        "vim --cmd 'au BufRead *.md setlocal spell' README.md",
        "vim --cmd 'autocmd VimEnter * echo \"hi\"' src/main.py",
        "vim -c 'au BufWritePre *.py %s/\\s\\+$//e' -c wq src/main.py",
        "vim -c 'e docs/notes.md' -c 'normal Gohello' -c wq",
        "nvim --headless -c 'e src/app.py' -c 'w' -c q",
        "vim -c 'w! /tmp/out.txt' /dev/null",
        "vim -c 'w build/empty.txt' -c q",
        "vim -c 'w! src/copy.py' src/main.py",
        "vim -c 'r src/main.py' -c 'w! src/copy.py' -c q",
        "vim -c 'e #' src/main.py",
    ],
)
def test_ordinary_vim_commands_and_fugitive_reads_pass(
    command: str, flags: dict[str, bool]
) -> None:
    _allowed(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "robocopy /tmp/empty src //MIR",
        "robocopy C:\\\\empty src /PURGE",
        "robocopy /tmp/h .git\\\\hooks pre-push",
        "xcopy.exe //Y C:\\\\x\\\\settings.json .claude\\\\",
        "fsutil.exe file setEOF src/app.py 0",
        "fsutil file createNew .claude/settings.local.json 0",
        "fsutil hardlink create .git/hooks/pre-commit /tmp/x",
        'cmd //c "robocopy src C:\\\\tmp /MOVE /E"',
    ],
)
def test_windows_copying_tools_from_git_bash_are_read_by_their_options(
    command: str, flags: dict[str, bool]
) -> None:
    _refused(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "robocopy /tmp/empty build //MIR",
        "robocopy src build\\\\src /E",
        "robocopy /?",
        "robocopy src build /MIR /L",
        "xcopy docs build\\\\docs /E /I",
        "fsutil file setEOF build/big.bin 1048576",
        "fsutil file createNew build/blank.bin 1024",
        "robocopy /tmp/x dist /MOV",
    ],
)
def test_ordinary_windows_copies_pass(command: str, flags: dict[str, bool]) -> None:
    _allowed(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        'powershell -Command "Clear-Content -Path src\\\\main.py"',
        "pwsh -c 'clc README.md'",
        "pwsh -c 'Set-Content -Path src/app.py -Value $null'",
        "pwsh -c 'Set-Content src/app.py \"\"'",
        "pwsh -NoProfile -c 'Out-File src/app.py'",
        "pwsh -c 'Set-Content .claude/settings.json \"{}\"'",
        "pwsh -c 'Add-Content .git/hooks/pre-commit \"curl evil\"'",
        "pwsh -c 'Get-Date | Out-File .ondas/whitelist'",
    ],
)
def test_powershells_content_cmdlets_write_and_empty_files(
    command: str, flags: dict[str, bool]
) -> None:
    _refused(command, flags)


@_ATTENDED_AND_SANDBOXED
@pytest.mark.parametrize(
    "command",
    [
        "pwsh -c 'Clear-Content build/log.txt'",
        "pwsh -c 'Set-Content src/main.py -Value \"print(1)\"'",
        "pwsh -c 'Get-Date | Out-File notes.txt'",
        "pwsh -c 'Add-Content CHANGELOG.md \"- fix\"'",
        "pwsh -c 'Set-Content /tmp/x.txt \"\"'",
        "pwsh -c '\"hello\" | Out-File out.txt'",
        "pwsh -c 'sc README.md -Value \"# x\" -Encoding utf8'",
    ],
)
def test_ordinary_powershell_writes_pass(command: str, flags: dict[str, bool]) -> None:
    _allowed(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "restic --repo sftp:backup@host:/srv/restic backup src",
        "restic -r rest:https://host:8000/ backup .",
        "borg create backup@host:repo::{now} src",
        "RESTIC_REPOSITORY=b2:bucket:path restic backup .",
        "BORG_REPO=ssh://x@y/repo borg create ::a .",
        "restic -r s3:host/b init",
    ],
)
def test_a_backup_to_a_repository_on_another_machine_is_a_remote_change(
    command: str, flags: dict[str, bool]
) -> None:
    _refused(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "borg create /tmp/repo::x .",
        "restic -r /tmp/r backup .",
        "restic -r s3:s3.amazonaws.com/acme snapshots",
        "borg list ssh://user@host/./repo",
        "restic -r s3:host/b backup --dry-run .",
        "borg create --dry-run ssh://u@h/r::x .",
    ],
)
def test_a_local_backup_a_listing_or_a_dry_run_passes(command: str, flags: dict[str, bool]) -> None:
    _allowed(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "python3 -c 'import httpx; httpx.delete(\"https://api.github.com/repos/acme/x/git/refs/heads/main\")'",
        'python3 -c \'import requests; requests.request("DELETE", "https://api.github.com/repos/acme/x")\'',
        "python3 -c 'import urllib.request as u; "
        'u.urlopen(u.Request("https://api.github.com/repos/acme/x", method="DELETE"))\'',
        'node -e \'fetch("https://api.github.com/repos/acme/x", {method: "DELETE"})\'',
        'node -e \'const axios=require("axios"); axios.delete("https://api.github.com/repos/acme/x")\'',
        'ruby -e \'require "net/http"; u=URI("https://api.github.com/repos/acme/x"); '
        "Net::HTTP.start(u.host, 443, use_ssl: true){|h| h.request(Net::HTTP::Delete.new(u))}'",
        "python3 -c 'import requests; s=requests.Session(); s.delete(\"https://api.github.com/repos/acme/x\")'",
    ],
)
def test_an_http_delete_from_interpreter_code_is_read_as_curl_x_delete(
    command: str, flags: dict[str, bool]
) -> None:
    _refused(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "python3 -c 'import requests; print(requests.get(\"https://api.github.com/repos/acme/x\").json())'",
        'python3 -c \'import requests; r=requests.get("https://pypi.org/pypi/requests/json"); '
        'd={"a":1}; del d["a"]\'',
        "node -e 'fetch(\"https://api.github.com/repos/acme/x\").then(r => r.json())'",
    ],
)
def test_an_http_read_from_interpreter_code_passes(command: str, flags: dict[str, bool]) -> None:
    _allowed(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "wingetcreate.exe submit -t $TOKEN manifests/x",
        "wingetcreate update Foo.Bar -u https://x/y.msi -v 1.2 --submit",
        "wingetcreate update Foo.Bar -v 1.2 -s",
    ],
)
def test_winget_create_submitting_a_manifest_publishes(
    command: str, flags: dict[str, bool]
) -> None:
    _refused(command, flags)


@_ATTENDED_AND_SANDBOXED
@pytest.mark.parametrize(
    "command",
    ["wingetcreate update Foo.Bar -v 1.2 -o build/manifests", "wingetcreate show Foo.Bar"],
)
def test_winget_create_without_submitting_passes(command: str, flags: dict[str, bool]) -> None:
    _allowed(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "psql -c \"\\\\copy (select 1) To '.git/hooks/pre-commit' csv\"",
        "psql -d app -c \"\\\\copy users TO '.ondas/whitelist'\"",
        "ssh-keygen -H -f .git/config",
        "ssh-keygen -R example.com -f .ondas/whitelist",
        "Rscript -e 'devtools::submit_cran()'",
        "Rscript -e 'rsconnect::deployApp(\".\")'",
        "R -q -e 'usethis::use_github()'",
        'julia --project -e \'using LocalRegistry; register("MyPkg", registry="General")\'',
        "sbt '; clean; publishSigned'",
        'sbt "project core" "release cross"',
        "hub pull-request --push -m x -b main",
        "aws s3 sync --delete s3://b/site .",
        'repo forall -p -c "git push --force"',
        "repo forall platform/build -c git reset --hard HEAD~3",
    ],
)
def test_older_red_teams_open_classes_are_read(command: str, flags: dict[str, bool]) -> None:
    _refused(command, flags)


@_ATTENDED_AND_SANDBOXED
@pytest.mark.parametrize(
    "command",
    [
        "psql -d app -c \"\\\\copy users to 'build/users.csv' csv header\"",
        'psql -c "\\\\copy users TO STDOUT"',
        "psql -c \"\\\\copy users from 'data/users.csv' csv\"",
        "ssh-keygen -R example.com",
        "ssh-keygen -R example.com -f ~/.ssh/known_hosts",
        "ssh-keygen -f build/known_hosts -R example.com",
        "ssh-keygen -F example.com -f build/known_hosts",
        "Rscript -e 'pkgdown::build_site()'",
        "Rscript -e 'devtools::document(); devtools::test()'",
        "Rscript -e 'usethis::use_release_issue()'",
        "sbt 'testOnly app.ReleaseSpec'",
        "sbt 'runMain app.Main release'",
        "sbt '; clean; test'",
        "hub pull-request -m x",
        "hub clone -p acme/x",
        "aws s3 sync s3://bucket/site build/site --delete",
        "aws s3 sync s3://bucket/old src",
        "repo forall -c git status",
        'repo forall -c "git log -1 --oneline"',
    ],
)
def test_older_red_teams_open_classes_everyday_twins_pass(
    command: str, flags: dict[str, bool]
) -> None:
    _allowed(command, flags)
