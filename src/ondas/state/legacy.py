"""Translation of the earlier shell toolkit's Portuguese state files to canonical English."""

from __future__ import annotations

from typing import Any

KEYS: dict[str, str] = {
    "execucao": "execution",
    "ondas": "waves",
    "decisoes": "decisions",
    "bloqueios": "blocks",
    "bloqueios_humanos": "blocks",
    "orcamentos": "budgets",
    "tarefas": "tasks",
    "eventos": "events",
    "proxima_instrucao": "next_instruction",
    "etapa_corrente": "current_stage",
    "motivo_termino": "termination_reason",
    "descricao": "description",
    "caminho_projeto_alvo": "project_path",
    "nome_projeto": "project_name",
    "nome_canonico": "project_name",
    "stack_sugerida": "suggested_stack",
    "tipo_invocacao": "invocation_type",
    "iniciada_em": "started_at",
    "inicio": "started_at",
    "finalizada_em": "finished_at",
    "fim": "ended_at",
    "tier_entrega": "delivery_tier",
    "modo_roadmap": "roadmap_mode",
    "commit_atomico": "atomic_commit",
    "aspectos_chave": "key_aspects",
    "produto": "product",
    "tecnico": "technical",
    "operacional": "operational",
    "metricas": "metrics",
    "motivo": "reason",
    "etapas": "stages",
    "agente": "agent",
    "etapa": "stage",
    "contexto": "context",
    "opcoes": "options",
    "escolha": "choice",
    "justificativa": "justification",
    "evidencia": "evidence",
    "referencias": "references",
    "pergunta": "question",
    "resposta": "answer",
    "respondido_em": "answered_at",
    "criado_em": "created_at",
    "decisao": "decision",
    "severidade": "severity",
    "tipo": "type",
    "titulo": "title",
    "resultado": "outcome",
    "arquivos": "files",
    "testes_executados": "tests_run",
    "testes_aprovados": "tests_passed",
    "chamadas_ferramenta": "tool_calls",
    "ondas_total": "waves",
    "tempo_total_segundos": "wallclock_seconds",
    "decisoes_total": "decisions",
    "versao_schema": "legacy_schema_version",
    "numero": "number",
}

VALUES: dict[str, str] = {
    "em_andamento": "in_progress",
    "aguardando_humano": "awaiting_human",
    "abortada": "aborted",
    "abortado": "aborted",
    "concluida": "completed",
    "concluido": "completed",
    "etapa_concluida_avancando": "stage_completed_advancing",
    "threshold_proxy_atingido": "threshold_proxy_reached",
    "bloqueio_humano": "human_block",
    "aborto": "abort",
    "aguardando": "awaiting",
    "respondido": "answered",
    "respondida": "answered",
    "leve": "light",
    "aprovado": "pass",
    "rede_interna": "internal-network",
    "rede-interna": "internal-network",
    "nuvem_interna": "cloud-internal",
    "nuvem-interna": "cloud-internal",
    "nuvem_publica": "cloud-public",
    "nuvem-publica": "cloud-public",
    "falhou": "fail",
}

# Keys whose string values are enum tokens and get translated.
ENUM_KEYS = frozenset(
    {"status", "termination_reason", "reason", "severity", "outcome", "delivery_tier"}
)

# Canonical keys known at each level; anything else moves to an ``extra`` dict.
KNOWN_TOP = frozenset(
    {"execution", "waves", "decisions", "blocks", "tasks", "events", "legacy_schema_version"}
)


LEGACY_TOP = ("execucao", "ondas", "decisoes", "bloqueios", "bloqueios_humanos", "metricas")


def is_legacy(doc: dict[str, Any]) -> bool:
    """True when ``doc`` looks like a Portuguese state file: the shell toolkit's (keyed by
    ``execucao``) or the specification's own (keyed by ``execution``, Portuguese inside)."""
    return any(k in doc for k in LEGACY_TOP)


def _translate(value: Any, key: str | None = None) -> Any:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        # Canonical keys already present win; a legacy key that would overwrite one (or two
        # legacy synonyms of the same field) keeps its original name, so nothing is lost.
        for raw, item in sorted(value.items(), key=lambda pair: pair[0] in KEYS):
            original = str(raw)
            name = KEYS.get(original, original)
            if name in out:
                name = original
            out[name] = _translate(item, name)
        return out
    if isinstance(value, list):
        return [_translate(v, key) for v in value]
    if isinstance(value, str) and key in ENUM_KEYS:
        return VALUES.get(value, value)
    return value


def translate(doc: dict[str, Any]) -> dict[str, Any]:
    """Map a legacy document's keys and enum values to canonical English.

    Unknown top-level keys are kept under ``extra``; nothing is dropped.
    """
    out = _translate(doc)
    extra = {k: v for k, v in out.items() if k not in KNOWN_TOP}
    result: dict[str, Any] = {k: v for k, v in out.items() if k in KNOWN_TOP}
    execution = dict(result.get("execution") or {})
    # Top-level fields the toolkit sometimes kept beside ``execucao``.
    for field in (
        "next_instruction",
        "current_stage",
        "termination_reason",
        "description",
        "project_path",
        "status",
    ):
        if field in extra and field not in execution:
            execution[field] = extra.pop(field)
    # The specification's shape keeps ``metricas`` beside the execution, not inside it.
    metrics = extra.pop("metrics", None)
    if isinstance(metrics, dict) and isinstance(execution.get("metrics", {}), dict):
        execution["metrics"] = {**metrics, **(execution.get("metrics") or {})}
    elif metrics is not None:
        extra["metrics"] = metrics
    result["execution"] = execution
    if extra:
        result["extra"] = extra
    return result
