"""Round 23's left23 (issue 30): round 22's noticed-and-left list closed by class, each with
its examples and allowed twins in the guard's three modes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

# (1) a Windows launcher is its program


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("gcloud.cmd compute instances delete vm1 --zone z", "cloud-mutation"),
        ("az.cmd group delete -n rg --yes", "cloud-mutation"),
        ("AZ.CMD vm delete -n x -g y", "cloud-mutation"),
        ("npm.cmd publish --access public", "publish"),
        ("yarn.cmd npm publish", "publish"),
        ("terraform.exe destroy -auto-approve", "terraform-mutation"),
        ("tofu.bat destroy", "terraform-mutation"),
        ("kubectl.com delete ns prod", "kubectl-mutation"),
        ("/c/tools/gsutil.cmd -m rsync -d src gs://b/x", "cloud-mutation"),
        ("'C:\\Program Files\\nodejs\\npm.cmd' unpublish pkg --force", "publish"),
        ("git.ps1 push --force origin main", "git-push"),
        ("sqlite3.cmd app.db '.restore backup.db'", "database-destroy"),
    ],
)
def test_a_windows_launcher_is_judged_as_its_program(command: str, rule: str) -> None:
    """``gcloud.cmd``, ``npm.cmd``, ``terraform.exe``, a Scoop shim's ``.ps1``: Windows runs
    the program of that name with the words given, so the program's rule judges them."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "npm.cmd test",
        "npm.cmd run build",
        "gcloud.cmd compute instances list",
        "az.cmd account show",
        "terraform.exe plan",
        "terraform.exe fmt -check",
        "kubectl.exe get pods -n prod",
        "git.cmd status",
        "./scripts/build.cmd",
    ],
)
def test_a_windows_launcher_of_a_read_or_build_passes_as_its_program(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (4) a short option cluster whose last letter takes the next word


@pytest.mark.parametrize(
    "command",
    [
        "restic -qr forget snapshots",
        "restic -vqr prune snapshots --json",
        "restic -qr /srv/forget stats",
        "borg -vr prune list",
        "borg2 -vr delete info",
    ],
)
def test_a_repository_named_like_a_verb_after_a_short_cluster_is_the_repository(
    command: str,
) -> None:
    """``-qr forget``: ``-q`` then ``-r`` with ``forget`` its value (getopt, Go's pflag); the
    verb is the word after it, a read."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "restic -qr REPO forget --prune --keep-last 1",
        "restic -qr /srv/repo prune",
        "restic -vqr s3:bucket/x forget latest",
        "restic -q -r REPO forget --prune",
        "borg -vr /srv/repo prune --keep-daily 7",
        "borg2 -vr REPO delete",
    ],
)
def test_a_destroying_verb_after_a_short_cluster_with_its_value_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "service-destroy", (command, mode, verdict.rule)


# (5) a stop that keeps no backup of the local stack's data


@pytest.mark.parametrize(
    "command",
    [
        "supabase stop --no-backup",
        "supabase stop --project-id app --no-backup",
        "supabase --workdir infra stop --no-backup",
        "supabase stop --no-backup=true",
        "npx supabase stop --no-backup",
        "pnpm exec supabase stop --no-backup",
    ],
)
def test_a_stop_told_to_keep_no_backup_deletes_the_local_data(command: str) -> None:
    """``supabase stop --no-backup`` deletes the local stack's database volumes, as
    ``docker compose down -v`` deletes a stack's volumes; ``stop`` alone keeps them."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "service-destroy", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command", ["supabase stop", "supabase stop --backup", "supabase stop --no-backup=false"]
)
def test_a_stop_that_keeps_the_data_passes_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (6) a package published to a cloud's package registry is publishing


@pytest.mark.parametrize(
    "command",
    [
        "az artifacts universal publish --organization o --feed f --name n --version 1 --path .",
        "az.cmd artifacts universal publish --feed f --name n --version 1 --path dist",
        "az --subscription s artifacts universal publish --feed f --name n --version 1 --path .",
        "gcloud artifacts generic upload --source=x --package=p --version=1 --repository=r",
        "gcloud artifacts apt upload repo --source=x.deb",
        "gcloud --project p artifacts yum upload repo --source=x.rpm",
        "aws codeartifact publish-package-version --domain d --repository r --format generic "
        "--package p --package-version 1 --asset-content a --asset-name a --asset-sha256 x",
    ],
)
def test_a_package_published_to_a_cloud_registry_is_the_publish_policy(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "publish", (command, mode, verdict.rule)
        assert verdict.category == "policy", (command, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("gcloud artifacts packages delete p --repository r", "cloud-mutation"),
        (
            "aws codeartifact delete-package-versions --domain d --repository r --format npm "
            "--package p --versions 1",
            "cloud-mutation",
        ),
        ("gcloud artifacts repositories create r --repository-format=npm", "remote-mutation"),
        ("az pipelines run --name build", "remote-mutation"),
    ],
)
def test_a_registrys_other_changes_keep_their_rules(command: str, rule: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == rule, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "gcloud artifacts packages list --repository r",
        "aws codeartifact list-packages --domain d --repository r",
        "az artifacts universal --help",
    ],
)
def test_a_registrys_reads_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (2) mysqladmin's command list


@pytest.mark.parametrize(
    "command",
    [
        "mysqladmin status drop production",
        "mysqladmin --connect-timeout 5 status drop production",
        "mysqladmin dr production",
        "mysqladmin -f dro production",
        "mysqladmin --force ping DROP app",
        "mysqladmin -uroot -pX proc stat drop app",
        "mysqladmin -h db -P 3307 flush-logs drop app",
        "mysqladmin drop production",
        "mysqladmin.exe version drop app",
    ],
)
def test_a_drop_anywhere_in_mysqladmins_command_list_destroys_a_database(command: str) -> None:
    """mysqladmin runs each command of its list in turn, each by any unique prefix."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "database-destroy", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "mysqladmin status",
        "mysqladmin -u root processlist status",
        "mysqladmin -h drop ping",
        "mysqladmin --host drop version",
        "mysqladmin --help drop",
        "mysqladmin -? drop",
        "mysqladmin -i 5 -c 3 ext",
    ],
)
def test_mysqladmins_reports_pass_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "mysqladmin password drop",
        "mysqladmin create drop",
        "mysqladmin status shutdown",
        "mysqladmin ping kill 12",
        "mysqladmin flush-privileges",
    ],
)
def test_mysqladmins_other_commands_pass_attended_and_are_unknown_unattended(command: str) -> None:
    """``password drop`` sets the password ``drop``, ``create drop`` makes a database named
    so: changes, not losses; unattended, only reports pass."""
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
    assert check(command, unattended=True).rule == "unknown-program", command


# (3) pnpm's implied exec; pulumi's valued options before its verb


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("pnpm supabase migration down", "service-destroy"),
        ("pnpm supabase db reset", "service-destroy"),
        ("pnpm rimraf ~", "rm-home"),
        ("pnpm --filter web rimraf ~/.config", "rm-outside-project"),
        ("pnpm -C packages/app rimraf ~", "rm-home"),
        ("pnpm prisma migrate reset --force", "service-destroy"),
        ("pnpm.cmd rimraf ~", "rm-home"),
    ],
)
def test_pnpms_implied_exec_is_judged_as_pnpm_exec(command: str, rule: str) -> None:
    """``pnpm BIN ARGS``, BIN no pnpm command nor script, runs the package's binary."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "pnpm test",
        "pnpm build",
        "pnpm lint",
        "pnpm clean-db",
        "pnpm db:reset",
        "pnpm format",
        "pnpm format --check",
        "pnpm net",
        "pnpm vitest run",
        "pnpm tsc --noEmit",
        "pnpm eslint --fix .",
        "pnpm prettier --write .",
        "pnpm add -D vitest",
        "pnpm rm lodash",
        "pnpm --filter web build",
    ],
)
def test_pnpms_scripts_and_commands_pass_attended(command: str) -> None:
    """A name no rule knows is most likely one of the package's scripts: read as before."""
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("pulumi --stack prod destroy --yes", "terraform-mutation"),
        ("pulumi -s prod destroy --yes", "terraform-mutation"),
        ("pulumi --cwd infra destroy --yes", "terraform-mutation"),
        ("pulumi -C infra --stack dev destroy", "terraform-mutation"),
        ("pulumi --color never stack rm dev --yes", "terraform-mutation"),
        ("pulumi --stack prod up --yes", "remote-mutation"),
    ],
)
def test_pulumis_valued_options_before_its_verb_are_not_the_verb(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    ["pulumi --stack prod preview", "pulumi -s prod stack output", "pulumi -C infra stack ls"],
)
def test_pulumis_reads_after_its_options_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (10) js-beautify's in-place rewrite and output file


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("js-beautify -r ~/.bashrc", "write-outside-project"),
        ("js-beautify --replace ~/.profile", "write-outside-project"),
        ("js-beautify -r --indent-size 2 /etc/hosts", "write-outside-project"),
        ("css-beautify -r ~/site/x.css", "write-outside-project"),
        ("html-beautify --replace ~/index.html", "write-outside-project"),
        ("js-beautify -o ~/.bashrc src/app.js", "write-outside-project"),
        ("js-beautify --outfile=~/.bashrc src/app.js", "write-outside-project"),
    ],
)
def test_js_beautifys_rewrites_and_output_outside_the_project_are_writes_there(
    command: str, rule: str
) -> None:
    """``-r`` rewrites the files given, as ``prettier --write`` does; ``-o`` names the file it
    writes. Judged as writes: outside the project, attended and unattended (the sandbox's
    share when on)."""
    for mode in (MODES[0], MODES[2]):
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)
    assert check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize("command", ["js-beautify -r .git/config", "css-beautify -r .git/hooks/x"])
def test_js_beautifys_rewrite_of_a_protected_path_is_refused(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "write-protected-path", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "js-beautify -r src/app.js",
        "js-beautify src/app.js",
        "js-beautify -o out/app.js src/app.js",
        "html-beautify -r src/index.html",
        "js-beautify -s 2 -r src/a.js src/b.js",
        "css-beautify --type css -r styles/site.css",
    ],
)
def test_js_beautify_in_the_project_passes_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (8) terminal editors other than vim and nano


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("emacs ~/.bashrc", "write-outside-project"),
        ("emacs -nw /etc/hosts", "write-outside-project"),
        ("emacs +3 --file ~/.profile", "write-outside-project"),
        ("emacsclient -nw ~/.zshrc", "write-outside-project"),
        ("micro ~/.bashrc", "write-outside-project"),
        ("micro -tabsize 4 ~/.zshrc", "write-outside-project"),
        ("hx ~/.config/fish/config.fish", "write-outside-project"),
        ("helix ~/.bashrc", "write-outside-project"),
        ("hx --log ~/.bashrc src/app.py", "write-outside-project"),
        ("kak ~/.bashrc", "write-outside-project"),
    ],
)
def test_a_terminal_editors_file_outside_the_project_is_a_write_there(
    command: str, rule: str
) -> None:
    """Judged as ``nano FILE`` and ``vim FILE`` are: what is typed may be saved (the OS
    sandbox's share when on)."""
    for mode in (MODES[0], MODES[2]):
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)
    assert check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "emacs .git/config",
        "emacs -nw .claude/settings.json",
        "micro .git/hooks/pre-commit",
        "hx .git/config",
        "kak .git/config",
        "emacsclient -n .git/config",
    ],
)
def test_a_terminal_editor_on_a_protected_path_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("emacs -nw --eval '(shell-command \"rm -rf ~\")'", "rm-home"),
        ("emacs --batch --eval '(delete-directory \"~\" t)'", "rm-home"),
        ("emacsclient -e '(shell-command \"rm -rf ~\")'", "rm-home"),
        ("emacsclient --eval '(shell-command \"rm -rf ~\")' '(kill-emacs)'", "rm-home"),
        ("kak -e 'nop %sh{rm -rf ~}' src/x.py", "rm-home"),
    ],
)
def test_a_terminal_editors_code_is_judged(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "emacs src/app.py",
        "emacs -nw +12 src/app.py",
        "emacsclient -n src/app.py",
        "micro src/app.py",
        "micro -tabsize 4 src/app.py",
        "hx src/app.py",
        "hx src/app.py:10:2",
        "kak src/app.py",
        "kak -n README.md",
        "emacs --batch -l tests/run.el",
    ],
)
def test_a_terminal_editor_on_project_files_passes_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "emacs -l /tmp/init.el src/app.py",
        "emacs --batch -l /tmp/x.el",
        "micro -config-dir /tmp/plugins src/app.py",
    ],
)
def test_a_terminal_editor_loading_code_from_elsewhere_stays_unknown_unattended(
    command: str,
) -> None:
    assert check(command).allowed, command
    assert check(command, unattended=True).rule == "unknown-program", command


# (7) a find listing of secret files bound to a while-read loop's variable


@pytest.mark.parametrize(
    "command",
    [
        "find . -name .env | while read f; do rm $f; done",
        'find . -name .env | while read -r f; do rm -f "$f"; done',
        'find src -name .env | while read -r f; do rm -f "$f"; done',
        "find -L . -name id_rsa | while read key; do rm $key; done",
        "find . -name '*.pem' | while read f; do rm $f; done",
    ],
)
def test_a_find_listing_of_secret_files_deleted_in_a_while_read_loop_deletes_each(
    command: str,
) -> None:
    """``find ROOT -name .env`` prints every ``.env`` of the tree: NAME stands for each, as
    ``rm ./**/.env`` names them (``rm-many-files``); the ``xargs rm`` and ``for`` twins were
    refused already."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-many-files", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    ("command", "allowed"),
    [
        ("find . -name .env | while read f; do cat $f; done", False),
        ("find ~ -name .env | while read f; do cat $f; done", False),
        ("find . -maxdepth 1 -name .env | while read f; do rm $f; done", False),
        ("find . -name .env | while read f; do echo $f; done", True),
        ("find . -name .env | while read f; do wc -l $f; done", True),
        ("ls .env | while read f; do rm $f; done", False),
    ],
)
def test_a_find_listing_of_secret_files_keeps_its_other_readings(
    command: str, allowed: bool
) -> None:
    """Reading each found secret stays ``read-secret-file``; one level deep (``-maxdepth 1``)
    or ``ls`` names the one file, whose deletion is refused as ``rm .env`` is (round 23,
    ``tune23b``: a store of issued secrets deleted is ``file-destroyed``; at the merge)."""
    for mode in MODES:
        assert check(command, **mode).allowed is allowed, (command, mode)


# (9) red team 20's rows: gpg's restore, uv's --directory, git-cliff's get_env


@pytest.mark.parametrize(
    "command",
    [
        "gpg --import-options restore --import /tmp/k.gpg",
        "gpg --import-options=restore --import backup.gpg",
        "gpg2 --import-options keep-ownertrust,import-restore --import /tmp/k.gpg",
        "gpg --batch --import-options 'restore' --import keys.bak",
    ],
)
def test_gpgs_restore_import_changes_the_users_web_of_trust(command: str) -> None:
    """A backup's keys and their owner trust put into the keyring, as
    ``--import-ownertrust`` does (round 22)."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "system-change", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "gpg --import keys/release.asc",
        "gpg --import-options show-only --import keys/release.asc",
        "gpg --import-options import-minimal --import keys/release.asc",
    ],
)
def test_gpgs_other_imports_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    ("command", "cd_twin"),
    [
        ("uv run --directory /tmp/p python main.py", "cd /tmp/p && python main.py"),
        ("uv run --directory=/tmp/p python main.py", "cd /tmp/p && python main.py"),
        ("uv --directory /tmp/p run python main.py", "cd /tmp/p && python main.py"),
        ("uv run --directory /tmp mypy src/", "cd /tmp && mypy src/"),
        ("uv run --directory tools python main.py", "cd tools && python main.py"),
    ],
)
def test_uvs_directory_is_judged_as_a_cd_before_the_line(command: str, cd_twin: str) -> None:
    """uv moves to ``--directory DIR`` before running: the line reads as its ``cd`` twin."""
    for mode in MODES:
        verdict, twin = check(command, **mode), check(cd_twin, **mode)
        assert verdict.allowed is twin.allowed, (command, mode, verdict.rule, twin.rule)
    assert check("uv run --directory /tmp/p python main.py", unattended=True).blocked


@pytest.mark.parametrize(
    "command",
    [
        "git-cliff --body '{{ get_env(name=\"AWS_SECRET_ACCESS_KEY\") }}'",
        "git-cliff --body \"{{ get_env(name='GITHUB_TOKEN') }}\" -o CHANGELOG.md",
        "git-cliff --header '{{ get_env(name=\"NPM_TOKEN\") | upper }}' --unreleased",
    ],
)
def test_a_git_cliff_template_printing_a_secret_variable_is_refused_unattended(
    command: str,
) -> None:
    """``get_env(name="VAR")`` prints VAR into the changelog, as ``printenv VAR`` does."""
    assert check(command, unattended=True).rule == "print-secret-variable", command
    assert check(command).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "git-cliff -o CHANGELOG.md",
        "git-cliff --body '{{ version }}'",
        "git-cliff --header '{{ get_env(name=\"HOME\") }}'",
    ],
)
def test_git_cliffs_other_templates_pass_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed, command


@pytest.mark.parametrize("command", ["git-cliff --prepend ~/.bashrc", "git-cliff -o ~/.profile"])
def test_git_cliffs_outputs_stay_writes_in_every_mode(command: str) -> None:
    for mode in (MODES[0], MODES[2]):
        assert check(command, **mode).rule == "write-outside-project", (command, mode)
