"""Issue drafts made from suggestions: redacted, deduplicated, published only by a person.

A draft is a Markdown file under ``.ondas/issues/``. Its body passes the secrets filter
twice (before and after the project's paths and names are replaced by placeholders), and
a draft whose redacted body was already drafted is refused by its hash. ``publish`` hands a
draft to ``gh issue create``; it refuses to run inside an agent session.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ondas.errors import RuleViolation, UsageError

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

ISSUES_DIR = "issues"
MARKER = "<!-- ondas-draft sha256:{digest} -->"
MARKER_RE = re.compile(r"^<!-- ondas-draft sha256:([0-9a-f]{64}) -->$", re.M)
AGENT_ENV = ("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "ONDAS_AGENT")
DRAFTABLE = ("improvement", "defect")


@dataclass(frozen=True)
class Draft:
    """A written issue draft."""

    path: str
    title: str
    sha256: str
    suggestions: list[str]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def redact(text: str, *, project: Path, project_name: str, env_values: list[str]) -> str:
    """``text`` scrubbed, with paths and names replaced, then scrubbed again."""
    from ondas.guards.secrets import sanitize_issue_body, scrub

    out = sanitize_issue_body(text, env_values=env_values)
    replacements = sorted(
        {str(project.resolve()): "<project>", str(project): "<project>"}.items(),
        key=lambda kv: -len(kv[0]),
    )
    for raw, placeholder in replacements:
        out = out.replace(raw, placeholder)
    home = str(Path.home())
    if len(home) > 1:
        out = out.replace(home, "~")
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    for name, placeholder in ((project_name, "<project-name>"), (project.name, "<project-name>")):
        if len(name) >= 3:
            out = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", placeholder, out)
    if len(user) >= 3:
        out = re.sub(rf"(?<![\w-]){re.escape(user)}(?![\w-])", "<user>", out)
    return str(scrub(out, env_values=env_values))


def _digest(body: str) -> str:
    return hashlib.sha256(" ".join(body.split()).encode()).hexdigest()


def existing(issues_dir: Path) -> dict[str, Path]:
    """Hash -> draft file of every draft already written."""
    found: dict[str, Path] = {}
    if not issues_dir.is_dir():
        return found
    for path in sorted(issues_dir.glob("*.md")):
        match = MARKER_RE.search(path.read_text(encoding="utf-8", errors="replace"))
        if match:
            found[match.group(1)] = path
    return found


def draft(
    store: StateStore,
    state_dir: Path,
    *,
    suggestion_ids: list[str] | None = None,
    title: str | None = None,
) -> Draft:
    """Write a redacted issue draft from suggestions (default: improvements and defects)."""
    from ondas import __version__
    from ondas.guards.secrets import find_secrets, load_env_values, sanitize_path_component
    from ondas.report.suggestions import list_suggestions
    from ondas.state.execution import get_execution
    from ondas.state.export import atomic_write

    every = list_suggestions(store)
    if suggestion_ids:
        by_id = {s.id: s for s in every}
        missing = [i for i in suggestion_ids if i not in by_id]
        if missing:
            raise UsageError(f"no suggestion {', '.join(missing)}")
        chosen = [by_id[i] for i in suggestion_ids]
    else:
        chosen = [s for s in every if s.severity in DRAFTABLE]
    if not chosen:
        raise UsageError("no suggestion to draft (record one with 'ondas suggestions add')")
    ex = get_execution(store)
    project = Path(ex.project_path)
    env_file = project / ".env"
    env_values = load_env_values(env_file) if env_file.is_file() else []
    heading = title or f"{chosen[0].severity}: {chosen[0].subject}"
    lines = [
        f"# {heading}",
        "",
        f"Reported from an ondas {__version__} run (stage {ex.current_stage}, status {ex.status}).",
        "",
        "## Suggestions",
        "",
    ]
    lines += [f"- **{s.severity}** {s.subject} ({s.source}): {s.text}" for s in chosen]
    body = redact(
        "\n".join(lines) + "\n",
        project=project,
        project_name=ex.project_name,
        env_values=env_values,
    )
    if find_secrets(body, env_values=env_values):
        raise RuleViolation("draft-secret", "the draft still holds a secret after redaction")
    digest = _digest(body)
    issues_dir = state_dir / ISSUES_DIR
    earlier = existing(issues_dir)
    if digest in earlier:
        raise RuleViolation("duplicate-draft", f"the same draft already exists: {earlier[digest]}")
    name = sanitize_path_component(heading, max_length=60)
    path = issues_dir / f"{name}-{digest[:8]}.md"
    issues_dir.mkdir(parents=True, exist_ok=True)
    atomic_write(path, (body + "\n" + MARKER.format(digest=digest) + "\n").encode())
    return Draft(str(path), body.splitlines()[0][2:], digest, [s.id for s in chosen])


def publish(path: Path, *, repo: str | None = None, yes: bool = False) -> str:
    """Create a GitHub issue from a draft with ``gh``; only a person may do this."""
    from ondas.guards.secrets import find_secrets

    agent = [name for name in AGENT_ENV if os.environ.get(name)]
    if agent:
        raise RuleViolation(
            "publish-operator-only",
            f"publishing is the operator's act; refused inside an agent session ({agent[0]})",
        )
    if not yes:
        raise UsageError("publishing needs --yes (read the draft first)")
    from ondas.pathpolicy import read_text

    try:
        text = read_text(path, what="draft")
    except OSError as exc:
        raise UsageError(f"cannot read draft {path}: {exc}") from exc
    if not MARKER_RE.search(text):
        raise UsageError(f"{path} is not an ondas issue draft")
    if find_secrets(text):
        raise RuleViolation("draft-secret", f"{path} holds a secret; redraft it")
    gh = shutil.which("gh")
    if gh is None:
        raise UsageError("gh is not installed; publish the draft by hand")
    body = MARKER_RE.sub("", text).strip() + "\n"
    first, _, rest = body.partition("\n")
    title = first.lstrip("# ").strip()
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False, encoding="utf-8") as tmp:
        tmp.write(rest.strip() + "\n")
    try:
        args = [gh, "issue", "create", "--title", title, "--body-file", tmp.name]
        if repo:
            args += ["--repo", repo]
        out = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    finally:
        os.unlink(tmp.name)
    if out.returncode != 0:
        raise RuleViolation("publish-failed", (out.stderr or out.stdout).strip()[:300])
    return out.stdout.strip()
