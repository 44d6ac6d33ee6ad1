"""Classes of round 7a of issue 30 (boucle's bash-guard tuned on), each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

BOTH_MODES = (False, True)


def refused_in_both_modes(command: str, rule: str) -> None:
    for unattended in BOTH_MODES:
        verdict = check(command, unattended=unattended)
        assert verdict.blocked and verdict.rule == rule, (command, unattended, verdict)


def refused_for_policy_in_both_modes(command: str, rule: str) -> None:
    refused_in_both_modes(command, rule)
    assert check(command).category == "policy", command


def allowed_in_both_modes(command: str) -> None:
    for unattended in BOTH_MODES:
        verdict = check(command, unattended=unattended)
        assert verdict.allowed, (command, unattended, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "php artisan migrate:refresh --seed",
        "php artisan migrate:rollback --step=3",
        "bin/rails db:migrate:redo && bin/rails db:rollback",
        "bundle exec rake db:fixtures:load",
        "php bin/console doctrine:fixtures:load --no-interaction",
        "npx sequelize-cli db:migrate:undo:all",
        "mix ecto.rollback --all",
        "flyway -url=jdbc:h2:mem:x clean",
        "wp db clean --yes",
    ],
)
def test_a_task_that_empties_or_rebuilds_a_database_is_refused_in_both_modes(
    command: str,
) -> None:
    refused_in_both_modes(command, "service-destroy")


@pytest.mark.parametrize(
    "command",
    [
        "npx prisma db push --accept-data-loss",
        "drizzle-kit push --allow-data-loss",
    ],
)
def test_an_option_accepting_data_loss_is_refused_in_both_modes(command: str) -> None:
    refused_in_both_modes(command, "service-destroy")


@pytest.mark.parametrize(
    "command",
    [
        "php artisan migrate --force",
        "bin/rails db:migrate",
        "bin/rails db:seed",
        "php bin/console doctrine:fixtures:load --append",
        "bin/rails db:schema:load",
        "php bin/console doctrine:schema:validate",
        "npx prisma db push",
        "mix ecto.migrate",
        "php artisan view:clear",
    ],
)
def test_database_tasks_that_keep_the_rows_pass(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "gh api -X PATCH repos/acme/site -f default_branch=next",
        "gh api --method=put repos/acme/site/collaborators/someone",
        "gh api -XPUT repos/acme/site/pulls/7/merge",
        "gh api graphql -f query='mutation { closeIssue(input: {issueId: \"I_1\"}) { id } }'",
    ],
)
def test_gh_api_edits_and_graphql_mutations_are_remote_changes_for_policy(command: str) -> None:
    refused_for_policy_in_both_modes(command, "remote-mutation")
    assert "policy" in (check(command).reason or "")


def test_a_graphql_mutation_named_for_a_deletion_is_dangerous() -> None:
    query = 'mutation { deleteRef(input: {refId: "R_1"}) { clientMutationId } }'
    refused_in_both_modes(f"gh api graphql -f query='{query}'", "service-destroy")


@pytest.mark.parametrize(
    "command",
    [
        'gh api graphql -f query=\'query { repository(owner: "acme", name: "site") { id } }\'',
        "gh api repos/acme/site/rulesets",
    ],
)
def test_gh_api_reads_on_a_whitelisted_host_pass(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "perl -e 'exec(\"frobnicate --now\")'",
        "perl -e 'exec \"frobnicate\"'",
        "ruby -e 'exec \"frobnicate\"'",
        "php -r 'exec(\"frobnicate\");'",
    ],
)
def test_exec_in_perl_ruby_and_php_runs_its_string_as_a_command(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program" and "frobnicate" in verdict.reason


def test_exec_in_python_runs_python_not_a_command() -> None:
    assert check("python3 -c 'exec(\"frobnicate = 1\")'", unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "service postgresql reload",
        "make build && service redis-server start",
        "launchctl kickstart -k gui/501/com.example.sync",
        "launchctl submit -l com.example.job -- /usr/bin/true",
        "rc-service nginx stop",
        "rc-update del cronie default",
        "sv down worker",
    ],
)
def test_service_managers_besides_systemctl_change_the_machine_in_both_modes(
    command: str,
) -> None:
    refused_in_both_modes(command, "system-change")


@pytest.mark.parametrize(
    "command",
    [
        "service postgresql status",
        "service --status-all",
        "launchctl list com.example.sync",
        "launchctl print system",
        "rc-update show default",
        "sv status worker",
    ],
)
def test_service_managers_reading_a_status_pass(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "passwd",
        "passwd -d builder",
        "echo 'builder:secret' | chpasswd",
        "useradd -m builder",
        "usermod -aG wheel builder",
        "groupadd deployers",
        "chsh -s /bin/fish",
    ],
)
def test_changing_accounts_and_passwords_is_refused_in_both_modes(command: str) -> None:
    refused_in_both_modes(command, "system-change")


@pytest.mark.parametrize("command", ["passwd -S builder", "chage -l builder", "passwd --help"])
def test_showing_an_account_passes(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "security find-internet-password -a builder -s registry.example.invalid -w",
        "security export -k login.keychain -t identities -f pkcs12 -o out.p12",
        "secret-tool lookup application npm",
        "pass show registry/token",
        "bw get password registry",
        "keyctl pipe 4242",
        "kwallet-query -r registry kdewallet",
        "lpass show registry",
    ],
)
def test_password_managers_showing_an_entry_are_credential_reads(command: str) -> None:
    refused_in_both_modes(command, "read-credentials")


def test_changing_the_keychain_is_refused_in_both_modes() -> None:
    refused_in_both_modes(
        "security add-internet-password -a builder -s ci.example.invalid -w hunter2",
        "secret-store-mutation",
    )


@pytest.mark.parametrize(
    "command", ["security list-keychains", "security find-certificate -a -p", "pass ls"]
)
def test_listing_a_store_or_its_public_certificates_passes(command: str) -> None:
    allowed_in_both_modes(command)


def test_writing_a_password_store_is_a_store_mutation() -> None:
    # round 18 (tune18) overrules round 7's "unknown unattended, allowed attended": pass asks
    # before overwriting an entry only on a terminal (``yesno``: ``[[ -t 0 ]] || return 0``),
    # and the agent's Bash tool gives none, so ``pass insert NAME`` replaces the password
    refused_in_both_modes("pass insert registry/token", "secret-store-mutation")


@pytest.mark.parametrize(
    "command",
    [
        "ssh-keygen -q -t ecdsa",
        "ssh-keygen -t ed25519 -N '' -C ci@example.invalid",
        "ssh-keygen -c -C renamed -f ~/.ssh/id_ed25519",
        "ssh-keygen -t ed25519 -f /etc/ssh/extra_host_key -N ''",
        "ssh-keygen -A",
        "ssh-keygen -Y sign -f ~/.ssh/id_ed25519 -n file ../release.tar",
    ],
)
def test_ssh_keygen_writing_keys_outside_the_project_is_refused(command: str) -> None:
    refused_in_both_modes(command, "write-outside-project")


@pytest.mark.parametrize(
    "command",
    [
        "ssh-keygen -t ed25519 -f ./ci_deploy_key -N ''",
        "ssh-keygen -qt ed25519 -f /tmp/scratch_key -N ''",
        "ssh-keygen -lf ~/.ssh/id_ed25519.pub",
        "ssh-keygen -y -f ./ci_deploy_key",
        "ssh-keygen -F git.example.invalid",
        "ssh-keygen -Y sign -f ./ci_deploy_key -n file dist/app.tar",
    ],
)
def test_ssh_keygen_reading_or_writing_inside_the_project_passes(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 build/cache.db",
        "sqlite3",
        "psql -h db.internal -U app app_dev",
        "mysql -u app -p app_dev",
        "redis-cli -h cache.internal",
        "mongosh mongodb://localhost/app",
        "cmd",
    ],
)
def test_a_database_client_or_cmd_given_no_statement_is_a_prompt_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "interactive-shell", verdict
    assert verdict.category == "unknown"
    assert check(command).allowed  # the sandbox holds what is typed at the prompt


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 build/cache.db '.schema'",
        "sqlite3 build/cache.db < migrations/001.sql",
        "psql -h db.internal app_dev -c 'select count(*) from jobs'",
        "psql --file=migrations/001.sql app_dev",
        "mysql -u app -eSELECT\\ 1 app_dev",
        "redis-cli -h cache.internal INFO memory",
        "mongosh --quiet scripts/report.js",
        "psql --version",
        "cmd /c ver",
    ],
)
def test_a_database_client_given_its_statements_is_judged_by_them(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule != "interactive-shell", verdict


@pytest.mark.parametrize(
    "command",
    [
        "cat <<NOTES",
        "tee -a CHANGES.txt <<'END'\nfixed the flaky test",
        "grep -c TODO <<-LIST\n\tTODO one",
    ],
)
def test_an_open_heredoc_read_as_data_is_read_to_the_end_as_bash_reads_it(command: str) -> None:
    allowed_in_both_modes(command)


def test_an_open_heredoc_still_has_its_writes_judged() -> None:
    refused_in_both_modes("cat <<END > ~/.profile\nexport X=1", "write-outside-project")


@pytest.mark.parametrize(
    "command",
    [
        "bash <<END",
        "sh <<'END'\nrm -rf ~/work",
        "python3 <<END\nprint(1)",
        "psql app_dev <<SQL\nselect 1;",
    ],
)
def test_an_open_heredoc_fed_to_a_shell_or_interpreter_stays_refused(command: str) -> None:
    refused_in_both_modes(command, "parse-error")


@pytest.mark.parametrize(
    "command", ["dd if=build/app.img of=/dev/zero bs=1M", "cat build/log > /dev/full"]
)
def test_writing_to_a_discarding_device_changes_nothing(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize("command", ["dd if=build/app.img of=/dev/sdb", "rm -f /dev/zero"])
def test_other_devices_stay_refused(command: str) -> None:
    refused_in_both_modes(command, "device-write")


@pytest.mark.parametrize(
    "command",
    [
        "base64 ~/.ssh/deploy_ci",
        "cp /home/builder/.ssh/github-actions ./k",
        "tail -n 50 ~/.psql_history",
        "grep token ~/.bash_history",
        "less /root/.python_history",
    ],
)
def test_any_private_file_of_an_ssh_directory_and_shell_histories_are_credential_stores(
    command: str,
) -> None:
    refused_in_both_modes(command, "read-credentials")


@pytest.mark.parametrize(
    "command",
    [
        "cat ~/.ssh/deploy_ci.pub",
        "cat ~/.ssh/config",
        "grep github.com ~/.ssh/known_hosts",
        "ssh -i ~/.ssh/deploy_ci git@github.com",
        "ls -la ~/.ssh",
    ],
)
def test_public_keys_ssh_settings_and_key_users_pass(command: str) -> None:
    for unattended in BOTH_MODES:
        assert check(command, unattended=unattended).rule != "read-credentials", command


@pytest.mark.parametrize("command", ["pnpm global add serve", "bun global add serve"])
def test_global_adds_spelled_as_yarn_spells_them_are_the_package_policy(command: str) -> None:
    refused_for_policy_in_both_modes(command, "package-install")


def test_listing_global_packages_passes() -> None:
    assert check("yarn global list").allowed


@pytest.mark.parametrize("command", ["heroku releases", "heroku addons", "heroku domains --json"])
def test_a_heroku_topic_alone_is_its_listing(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize("command", ["heroku releases:rollback v12", "heroku domains add x.io"])
def test_a_heroku_topic_with_a_command_is_judged_by_the_command(command: str) -> None:
    assert check(command, unattended=True).blocked
