from __future__ import annotations

from pathlib import Path

from ondas.audit import blocks, decisions, tasks, waves
from ondas.runtime.schema import default_schema
from ondas.state.export import import_document
from ondas.state.store import Store
from tests.audit.conftest import assert_sound, decide


def legacy_doc(project: Path) -> dict:  # type: ignore[type-arg]
    return {
        "versao_schema": 3,
        "execucao": {
            "id": "exec-legacy",
            "status": "em_andamento",
            "caminho_projeto_alvo": str(project),
            "etapa_corrente": "plan",
            "descricao": "API de pedidos",
        },
        "ondas": [
            {
                "id": 1,
                "inicio": "2025-05-01T10:00:00+00:00",
                "fim": "2025-05-01T10:20:00+00:00",
                "motivo": "etapa_concluida_avancando",
                "etapas": ["briefing"],
                "metricas": {"chamadas_ferramenta": 42},
            },
            {
                "id": 2,
                "inicio": "2025-05-01T11:00:00+00:00",
                "fim": "2025-05-01T11:30:00+00:00",
                "motivo": "bloqueio_humano",
                "etapas": ["constitution"],
            },
        ],
        "decisoes": [
            {
                "id": "dec-001",
                "agente": "orquestrador",
                "etapa": "briefing",
                "contexto": "linguagem",
                "opcoes": ["pause-human", "python"],
                "escolha": "pause-human",
                "justificativa": "estrutural",
                "score": "1",
                "classe": "structural",
                "eixo": "language-runtime",
            },
            {
                "id": "dec-002",
                "agente": "orquestrador",
                "etapa": "plan",
                "contexto": "testes",
                "opcoes": ["pytest"],
                "escolha": "pytest",
                "justificativa": "padrão",
                "score": 2,
            },
        ],
        "bloqueios": [
            {
                "id": "block-001",
                "pergunta": "Qual linguagem?",
                "decisao": "dec-001",
                "resposta": "python",
                "status": "respondido",
                "respondido_em": "2025-05-01T10:30:00+00:00",
            },
        ],
        "tarefas": [
            {
                "id": "1.1",
                "titulo": "Setup",
                "resultado": "aprovado",
                "testes_executados": 3,
                "testes_aprovados": 3,
            }
        ],
    }


def test_legacy_audit_records_land_in_the_audit_tables(state_dir: Path, project: Path) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        import_document(store, legacy_doc(project))
        listed = decisions.list_decisions(store)
        assert [d.id for d in listed] == ["dec-001", "dec-002"]
        assert listed[0].class_ == "structural" and listed[0].axis == "language-runtime"
        assert listed[0].score == 1 and listed[0].options == ["pause-human", "python"]
        block = blocks.get_block(store, "block-001")
        assert block.status == "answered" and block.decision_id == "dec-001"
        assert block.answer == "python"
        legacy_waves = waves.list_waves(store)
        assert [w.id for w in legacy_waves] == ["wave-001", "wave-002"]
        assert legacy_waves[0].tool_calls == 42
        assert legacy_waves[1].reason == "human_block"
        assert tasks.get_task(store, "1.1").outcome == "pass"
        assert_sound(store)
        assert decide(store) == "dec-003"
        assert blocks.register_block(store, question="next?") == "block-002"
        assert waves.start_wave(store) == "wave-003"
        assert_sound(store)


def test_export_then_import_keeps_the_audit_rows(store: Store, tmp_path: Path) -> None:
    from ondas.audit import events
    from ondas.state.execution import terminate
    from ondas.state.export import export, read_verified

    waves.start_wave(store)
    events.observe(store, "Bash", "12 passed in 0.40s")
    decide(store, options=["pytest", "unittest"], references=["docs/plan.md"])
    blocks.register_block(store, question="db?", options=["pg", "sqlite"])
    waves.end_wave(store, "stage_completed_advancing", advance=True)
    tasks.record_task(store, "1.1", "Setup", "pass", 2, 2, True, ["a.py"])
    path = tmp_path / "state.json"
    export(store, path, outputs=True)
    before = {
        t: [dict(r) | {"execution_id": "-"} for r in store.all(f"SELECT * FROM {t} ORDER BY rowid")]
        for t in ("decisions", "blocks", "waves", "tasks", "observed_outputs")
    }
    terminate(store, status="completed", reason="done")
    new_id = import_document(store, read_verified(path))
    after = {
        t: [
            dict(r) | {"execution_id": "-"}
            for r in store.all(
                f"SELECT * FROM {t} WHERE execution_id = ? ORDER BY rowid", (new_id,)
            )
        ]
        for t in before
    }
    assert after == before
    assert decide(store) == "dec-002"
    assert_sound(store)


def test_the_default_export_summarises_observed_outputs_without_their_texts(
    store: Store, tmp_path: Path
) -> None:
    from ondas.audit import events
    from ondas.state.export import export

    waves.start_wave(store)
    events.observe(store, "Bash", "12 passed in 0.40s")
    events.observe(store, "Bash", "secret-free output number two")
    path = tmp_path / "state.json"
    doc = export(store, path)
    assert "observed_outputs" not in doc["tables"]
    assert doc["summaries"]["observed_outputs"] == {"count": 2, "last": "obs-002"}
    assert "12 passed" not in path.read_text(encoding="utf-8")
    full = export(store, tmp_path / "full.json", outputs=True)
    assert [r["output"] for r in full["tables"]["observed_outputs"]] == [
        "12 passed in 0.40s",
        "secret-free output number two",
    ]
