"""Classes of round 16 of issue 30 (verbs16), each with its twins.

A service CLI's verb that takes operands (``set``, ``create``, ``deploy``, ``enable``,
``checkout``, ``download``, ``retry``, ``serve``, ``run`` under a group, ...) ends its
sub-command path: the workflow, job, function, secret, release tag or branch named after it is
a name even when it reads like a destroying verb (``gh workflow run cleanup-delete.yml``), so
the command is judged as its twin with a plain name is (the policy's ``remote-mutation``, or
allowed). A destroying verb itself, a group that only reads like a verb (``gh run delete``,
``aws deploy delete-application``), a destroying option (``--delete-branch``) and task runners
that run every task they are given (``just deploy destroy``) stay refused. Every case here is
data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    ("command", "twin"),
    [
        ("gh workflow run cleanup-delete.yml", "gh workflow run build.yml"),
        ("gh workflow run purge-cache.yml --ref main", "gh workflow run ci.yml --ref main"),
        ("gh workflow enable delete-old-branches.yml", "gh workflow enable build.yml"),
        ("gh workflow disable purge-cache", "gh workflow disable nightly"),
        ("gh release create destroy", "gh release create v1.2.0"),
        ("gh release download delete-me", "gh release download v1.2.0"),
        ("gh secret set DELETE_TOKEN", "gh secret set API_TOKEN"),
        ("gh variable set PURGE_URL --body x", "gh variable set BASE_URL --body x"),
        ("gh pr checkout delete-old-branches", "gh pr checkout feature-x"),
        ("glab ci retry delete-job", "glab ci retry build"),
        ("glab ci trace purge-cache", "glab ci trace build"),
        ("wrangler secret put DELETE_TOKEN", "wrangler secret put API_TOKEN"),
        ("supabase functions deploy delete-user", "supabase functions deploy hello"),
        ("supabase functions serve purge", "supabase functions serve hello"),
        ("npx supabase functions deploy remove-account", "npx supabase functions deploy hello"),
        ("gh pr merge delete-old-branches", "gh pr merge feature-x"),
        ("gh pr close purge-cache", "gh pr close feature-x"),
        ("glab mr checkout delete-old-branches", "glab mr checkout feature-x"),
        ("gh repo clone owner/delete-tool", "gh repo clone owner/tool"),
        ("fly machine start purge", "fly machine start web"),
        ("firebase use destroy", "firebase use prod"),
        ("railway link delete-me", "railway link web"),
        (
            "firebase hosting:channel:deploy delete-preview",
            "firebase hosting:channel:deploy preview",
        ),
        (
            "gh api repos/o/r/actions/workflows/purge.yml",
            "gh api repos/o/r/actions/workflows/ci.yml",
        ),
        ("glab api projects/42/jobs/purge", "glab api projects/42/jobs/build"),
    ],
)
def test_a_name_after_a_service_clis_operand_verb_is_judged_as_its_plain_twin(
    command: str, twin: str
) -> None:
    for mode in MODES:
        verdict, expected = check(command, **mode), check(twin, **mode)
        assert (verdict.blocked, verdict.rule) == (expected.blocked, expected.rule), (
            command,
            mode,
            verdict,
        )
        assert verdict.rule != "service-destroy", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "gh repo delete foo/bar --yes",
        "gh release delete v1 -y",
        "gh release delete-asset v1 app.zip",
        "gh run delete 123",
        "gh secret delete API_TOKEN",
        "gh label delete bug",
        "gh pr merge 12 --delete-branch",
        "gh pr close 12 --delete-branch",
        "glab ci delete 123",
        "kubectl delete pod web",
        "kubectl config delete-context staging",
        "helm uninstall app",
        "aws s3 rb --force s3://bucket",
        "aws s3 sync . s3://bucket --delete",
        "aws deploy delete-application --application-name app",
        "aws transfer delete-server --server-id s-1",
        "gcloud run services delete web",
        "gcloud deploy delivery-pipelines delete pipe",
        "az tag delete --name team",
        "terraform destroy",
        "terraform workspace delete dev",
        "heroku apps:destroy app",
        "fly apps destroy app",
        "fly secrets unset API_TOKEN",
        "vercel env rm API_TOKEN",
        "wrangler r2 bucket delete assets",
        "firebase functions:delete purge",
        "supabase db reset",
        "supabase functions delete hello",
        "vault write auth/token/revoke token=x",
        "gh api -X DELETE repos/o/r",
        "glab api --method=DELETE projects/1",
        "gh repo deploy-key delete 3",
        "az apim api delete --api-id x -g g -n n",
        "rails db:create db:drop",
        "rake assets:precompile db:reset",
    ],
)
def test_a_destroying_verb_after_or_before_an_operand_verb_stays_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode, verdict)


def test_gh_run_is_a_group_only_as_the_first_word() -> None:
    for mode in MODES:
        assert check("gh run delete 123", **mode).rule == "service-destroy", mode
        assert check("gh workflow run delete-stale.yml", **mode).rule == "remote-mutation", mode
