"""The constitution conflict check: a project's own constitution is never rewritten unasked.

When the constitution stage is about to run and ``docs/constitution.md`` already exists but
was not written by this execution's pipeline (no preflight baseline for it), a block with
three options asks a person first: keep it (the stage completes without an agent call),
merge (the agent keeps every existing principle and adds what the briefing needs) or
replace. The options are written in the language of the existing constitution (English or
Portuguese, told by counting common words), and the answer must be one of those tokens as
written (case and accents aside): an answer in another language or any other word is
refused, so consent is never guessed.
"""

from __future__ import annotations

import re
import unicodedata

from ondas.audit import blocks as blocks_mod
from ondas.audit import events as events_mod
from ondas.errors import UsageError
from ondas.orchestrator import preflight
from ondas.orchestrator.context import layout_for
from ondas.orchestrator.stage import StageEnv, StageRun, run_stage
from ondas.state.execution import get_execution
from ondas.state.store import Store

SUBJECT = "constitution:existing"
EVENT = "constitution_conflict"
STAGE = "constitution"
OPTIONS = {"en": ("keep", "merge", "replace"), "pt": ("manter", "mesclar", "substituir")}
MEANING = {token: OPTIONS["en"][i] for tokens in OPTIONS.values() for i, token in enumerate(tokens)}
QUESTIONS = {
    "en": "{path} already exists and was not written by this run. Keep it as it is, merge the "
    "briefing's needs into it (every existing principle kept), or replace it?",
    "pt": "{path} já existe e não foi escrita por esta execução. Manter como está, mesclar o "
    "que o briefing pede (mantendo todos os princípios) ou substituir?",
}
_WORDS = re.compile(r"[a-zà-ú]+")
_PT = frozenset(
    [
        "de",
        "que",
        "não",
        "para",
        "com",
        "os",
        "as",
        "uma",
        "um",
        "é",
        "são",
        "princípio",
        "princípios",
        "deve",
        "devem",
        "pelo",
    ]
)
_EN = frozenset(
    [
        "the",
        "of",
        "and",
        "to",
        "is",
        "are",
        "must",
        "be",
        "each",
        "every",
        "with",
        "for",
        "principle",
        "principles",
    ]
)


def language(text: str) -> str:
    """``pt`` when Portuguese words outnumber English ones in ``text``, else ``en``."""
    words = _WORDS.findall(text.lower())
    pt = sum(w in _PT for w in words)
    en = sum(w in _EN for w in words)
    return "pt" if pt > en else "en"


def _plain(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def meaning(answer: str, options: list[str]) -> str | None:
    """``keep``/``merge``/``replace`` when ``answer`` is one of ``options`` as written."""
    chosen = _plain(answer)
    for token in options:
        if _plain(token) == chosen:
            return MEANING.get(token)
    return None


def check_answer(store: Store, block_id: str | None, answer: str) -> None:
    """Refuse an answer to the constitution block that is not one of its option tokens."""
    awaiting = blocks_mod.list_blocks(store, status="awaiting")
    normal = [b for b in awaiting if b.severity == "normal"] or awaiting
    target = next((b for b in awaiting if b.id == block_id), None) if block_id else None
    if target is None and block_id is None and normal:
        target = normal[0]
    if target is not None and target.subject_key == SUBJECT:
        options = list(target.options or [])
        if meaning(answer, options) is None:
            raise UsageError(f"answer one of: {', '.join(options)} (got {answer.strip()!r})")


def decide(store: Store, env: StageEnv) -> str | None:
    """``None`` (no existing constitution), ``pending`` (a person is asked), or the answer's
    meaning (``keep``, ``merge``, ``replace``)."""
    ex = get_execution(store)
    rel = layout_for(ex).paths()["constitution"]
    path = env.project / rel
    if not path.is_file() or rel in preflight.baselines(store, ex.id):
        return None
    mine = [b for b in blocks_mod.list_blocks(store) if b.subject_key == SUBJECT]
    if mine and mine[-1].status == "awaiting":
        return "pending"
    if mine:
        chosen = meaning(mine[-1].answer or "", list(mine[-1].options or []))
        if chosen is not None:
            return chosen
    lang = language(path.read_text(encoding="utf-8", errors="replace"))
    block_id = blocks_mod.register_block(
        store,
        question=QUESTIONS[lang].format(path=rel),
        options=list(OPTIONS[lang]),
        context_for_answer=f"options in {lang}: {', '.join(OPTIONS[lang])}",
        subject_key=SUBJECT,
    )
    env.progress.emit("block", message=f"{block_id}: {rel} exists; keep, merge or replace?")
    return "pending"


def run_constitution(store: Store, env: StageEnv) -> StageRun:
    """The constitution stage behind the conflict check."""
    chosen = decide(store, env)
    if chosen == "pending":
        return StageRun(blocked=True)
    if chosen is not None:
        events_mod.add_event(
            store, EVENT, f"existing constitution: {chosen}", data={"choice": chosen}
        )
    if chosen == "keep":
        return StageRun(completed=True)
    extra = {"constitution_mode": chosen} if chosen else None
    return run_stage(store, env, STAGE, extra)
