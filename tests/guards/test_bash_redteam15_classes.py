"""The classes round 15's red team found open (tests/guards/redteam15_cases.py), each proved on
commands that are not the red team's rows: the class, not the case. Commands are data for
``check_command``; none is run."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

UNATTENDED = {"unattended": True}


@pytest.mark.parametrize(
    "command",
    [
        "pylint --rcfile /var/tmp/rc src",
        "mypy --config-file=/dev/shm/m.ini src",
        "pre-commit run -c /tmp/hooks.yaml",
        "mkdocs serve -f /tmp/site/mkdocs.yml",
        "gunicorn --config /tmp/conf.py app:app",
        "nox --noxfile /tmp/n.py",
        "ninja -C /tmp/out all",
        "gradle --project-dir /tmp/p test",
        "cmake -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=/tmp/dep.cmake -S . -B build",
        "java -cp build/classes:/tmp/lib Main",
        "dotnet exec /tmp/tool.dll",
        "coverage run /var/tmp/job.py",
        "tmux source /tmp/x.conf",
        "bash --init-file /dev/shm/rc -i",
    ],
)
def test_a_code_or_configuration_file_from_a_temp_area_is_refused_unattended(
    command: str,
) -> None:
    assert check(command, **UNATTENDED).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "pylint --rcfile pyproject.toml src",
        "mkdocs build -f docs/mkdocs.yml",
        "ninja -C build test",
        "cmake -B /tmp/build -DCMAKE_INSTALL_PREFIX=/tmp/stage",
        "cmake -E copy_directory /tmp/cache build/cache",
        "java -cp build/classes Main",
        "coverage run -m pytest -q",
    ],
)
def test_the_same_tools_on_the_projects_own_files_pass_unattended(command: str) -> None:
    verdict = check(command, **UNATTENDED)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)


def test_a_program_built_from_standard_input_and_run_is_unseen_code() -> None:
    assert check("gcc -x c - -o /tmp/t <<< 'int main(){}' && /tmp/t", **UNATTENDED).blocked
    assert check("gcc -o build/app src/main.c && ./build/app", **UNATTENDED).allowed


@pytest.mark.parametrize(
    "command",
    [
        "ltrace -o ~/.profile ls",
        "valgrind --xml-file=/home/agent/.bashrc ./build/app",
        "script -q /home/agent/.zshrc -c true",
        "curl -w '%output{>>/home/agent/.profile}%{url}' https://pypi.org/",
        "sqlite3 :memory: \"select writefile('/home/agent/.bash_logout', 'x')\"",
        "lz4 -d p.lz4 -o ~/.bash_login",
        "mysql --tee=/home/agent/.profile -e 'select 1'",
        "tar -cvf build/a.tar src --index-file=/home/agent/.bash_profile",
    ],
)
def test_a_known_tools_output_option_over_a_home_file_is_a_write_outside(command: str) -> None:
    verdict = check(command)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "make install prefix=/usr/local",
        "gmake install DESTDIR=/",
        "cmake --install build --prefix /opt/tool",
        "python3 setup.py install --user",
        "python3 setup.py install --prefix=/home/agent/.local",
        "dotnet workload install wasm-tools",
        "pyenv global 3.11.9",
        "asdf plugin-add ruby",
        "pnpm link",
    ],
)
def test_an_install_for_the_user_or_the_machine_is_refused(command: str) -> None:
    assert check(command).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "make install DESTDIR=$PWD/build/stage",
        "python3 setup.py install",
        "pyenv local 3.12",
        "npm link ../shared",
        "dotnet tool restore",
    ],
)
def test_installs_into_the_project_or_its_environment_pass(command: str) -> None:
    verdict = check(command)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "cat ~/.config/acme/api_key",
        "cat ~/.local/share/tool/refresh-token",
        "less ~/.config/foo/credentials.yaml",
        "head ~/.someclient/secrets",
        "cat ~/.config/bar/auth.toml",
        "cat /etc/wireguard/home.conf",
        "npm config get //npm.pkg.github.com/:_authToken",
        "python -m keyring get pypi me",
        "git commit -F ~/.git-credentials",
        "git blame --contents=/home/agent/.netrc README.md",
        "gpg --decrypt ~/.netrc.gpg",
        "python3 -c \"import os; print(open(os.path.expanduser('~') + '/.pgpass').read())\"",
    ],
)
def test_a_credential_store_by_its_name_or_by_a_readers_option_is_refused(command: str) -> None:
    verdict = check(command)
    assert verdict.blocked and verdict.rule in {"read-credentials", "read-secret-file"}, (
        command,
        verdict.rule,
    )


@pytest.mark.parametrize(
    "command",
    [
        "cat ~/.config/acme/settings.yaml",
        "cat ~/.local/lib/python3.12/site-packages/botocore/credentials.py",
        "npm config get registry",
        "git commit -F .git/MERGE_MSG",
        "gpg --homedir ~/.gnupg --list-keys",
    ],
)
def test_ordinary_files_and_settings_under_the_home_pass(command: str) -> None:
    verdict = check(command)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "deno run --inspect-brk=0.0.0.0:9229 main.ts",
        "python -m debugpy --listen *:5678 -m pytest",
        "jupyter lab --ip='*'",
        "tensorboard --logdir runs --host 0.0.0.0",
    ],
)
def test_a_debugger_or_notebook_on_every_interface_is_refused_unattended(command: str) -> None:
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.rule == "network-listen", (command, verdict.rule)
    assert check(command, unattended=True, project="/work/project").blocked


@pytest.mark.parametrize(
    "command",
    ["node --inspect=127.0.0.1:9229 server.js", "jupyter lab --ip=127.0.0.1 --no-browser"],
)
def test_a_debugger_on_the_loopback_passes_unattended(command: str) -> None:
    assert check(command, **UNATTENDED).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "gh ssh-key add key.pub",
        "gh repo deploy-key add k.pub --allow-write",
        "gh auth refresh --scopes admin:org",
        "GITLAB_HOST=x.example.net glab api user",
        "ssh -J a@x.example.net:2222 git@github.com",
        "curl --dns-servers 198.51.100.2,198.51.100.3 https://pypi.org/",
        "curl --unix-socket /run/podman/podman.sock http://d/v4.0.0/libpod/info",
        "go env -w GOPROXY=https://x.example.net,direct",
        "docker context update x --docker host=tcp://x.example.net:2376",
        "ffprobe rtmp://x.example.net/live",
    ],
)
def test_account_keys_hosts_and_engine_sockets_are_refused(command: str) -> None:
    assert check(command).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "gh pr list",
        "ssh -J github.com git@github.com",
        "go env -w GOPROXY=direct",
        "ffprobe assets/in.mp4",
        "docker context ls",
    ],
)
def test_their_ordinary_neighbours_pass(command: str) -> None:
    verdict = check(command)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "pylint --init-hook='import shutil; shutil.rmtree(\"/home/agent\")' src",
        "ctest --build-and-test a b --build-generator Ninja --test-command rm -rf /home/agent",
        "meson devenv -C build rm -rf /home/agent",
        "npm explore left-pad -- rm -rf /home/agent",
        "psql --output='|rm -rf /home/agent' -c 'select 1'",
        "git instaweb -d 'rm -rf /home/agent #'",
        "kubectl config set-credentials u --exec-command=/dev/shm/x",
        "systemctl --user import-environment LD_PRELOAD",
        "make -C ~/work/other-repo all",
    ],
)
def test_a_command_or_program_in_a_known_tools_option_is_judged(command: str) -> None:
    assert check(command, **UNATTENDED).blocked, command


def test_ordinary_uses_of_those_options_pass() -> None:
    for command in (
        "pylint --init-hook='import sys; sys.path.append(\"src\")' src",
        "ctest --build-and-test a b --build-generator Ninja --test-command ctest",
        "psql -o build/out.txt -c 'select 1'",
        "make -C docs html",
    ):
        verdict = check(command, **UNATTENDED)
        assert verdict.allowed, (command, verdict.rule, verdict.reason)
