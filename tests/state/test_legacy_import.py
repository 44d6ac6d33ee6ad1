"""Legacy Portuguese state files of the shell toolkit import with canonical English names,
and nothing in them is dropped."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ondas.runtime.schema import default_schema
from ondas.state.execution import get_execution
from ondas.state.legacy import KEYS, VALUES
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.state.conftest import LEGACY_FILE, CliResult

PORTUGUESE_VALUES = {
    "em_andamento",
    "aguardando_humano",
    "abortada",
    "concluida",
    "etapa_concluida_avancando",
    "threshold_proxy_atingido",
    "bloqueio_humano",
    "aborto",
    "concluido",
}
PORTUGUESE_KEYS = {
    "execucao",
    "ondas",
    "decisoes",
    "bloqueios",
    "proxima_instrucao",
    "etapa_corrente",
    "motivo_termino",
    "descricao",
    "caminho_projeto_alvo",
}


def _leaves(value: Any) -> Iterator[Any]:
    """Every scalar inside ``value``; JSON text held in a string is opened up too."""
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, str) and value[:1] in "[{":
        try:
            yield from _leaves(json.loads(value))
        except json.JSONDecodeError:
            yield value
    else:
        yield value


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)
    elif isinstance(value, str) and value[:1] == "{":
        try:
            yield from _keys(json.loads(value))
        except json.JSONDecodeError:
            return


@pytest.fixture
def legacy_file(tmp_path: Path) -> Path:
    """The fixture copied beside its sha256 sidecar, as the shell toolkit left it."""
    path = tmp_path / "estado.json"
    shutil.copy(LEGACY_FILE, path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    (tmp_path / "estado.json.sha256").write_text(f"{digest}  estado.json\n", encoding="utf-8")
    return path


def _import(cli: Callable[..., CliResult], path: Path, state_dir: Path) -> str:
    result = cli("state", "import", str(path), "--state-dir", str(state_dir), "--json")
    assert result.returncode == 0, result.stderr
    return str(json.loads(result.stdout)["execution_id"])


def test_fixture_uses_every_legacy_name_the_issue_lists() -> None:
    text = LEGACY_FILE.read_text(encoding="utf-8")
    legacy = json.loads(text)
    assert set(_keys(legacy)) >= PORTUGUESE_KEYS
    assert set(_leaves(legacy)) >= PORTUGUESE_VALUES


def test_legacy_file_imports_with_canonical_english_fields(
    legacy_file: Path, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    state_dir = tmp_path / ".ondas"
    exec_id = _import(cli, legacy_file, state_dir)
    with Store.open(state_dir, schema=default_schema()) as store:
        execution = get_execution(store, exec_id)
        assert verify(store).ok and validate(store).ok
    assert execution.id == "exec-20250312-091403"
    assert execution.status == "awaiting_human"
    assert execution.current_stage == "clarify"
    assert execution.next_instruction is not None
    assert execution.next_instruction.startswith("Aguardar resposta")
    assert execution.description.startswith("API REST de tarefas")
    assert execution.project_path == "/home/ana/projetos/tarefas-api"
    assert execution.project_name == "tarefas-api"
    assert execution.delivery_tier == "cloud-public"
    assert execution.atomic_commit is True and execution.roadmap_mode is False
    assert execution.started_at == "2025-03-12T09:14:03-03:00"
    assert execution.key_aspects["technical"] == ["autenticação JWT", "PostgreSQL 16"]
    assert execution.metrics["tool_calls"] == 412
    assert "original_id" not in execution.extra
    assert execution.extra["execution"]["operador"] == "ana.souza"
    assert execution.extra["execution"]["key_aspects"]["seguranca"] == [
        "LGPD: dados pessoais criptografados"
    ]
    assert execution.extra["execution"]["metrics"]["modelo_dominante"] == "claude-sonnet"
    assert execution.extra["notas_operador"].startswith("Rodar de novo")
    assert execution.extra["legacy_schema_version"] == "2.3"


def test_legacy_enum_values_map_to_english_everywhere(
    legacy_file: Path, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    state_dir = tmp_path / ".ondas"
    _import(cli, legacy_file, state_dir)
    out = tmp_path / "export.json"
    assert cli("state", "export", "--state-dir", str(state_dir), "-o", str(out)).returncode == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    leaves = set(_leaves(exported))
    assert not PORTUGUESE_VALUES & leaves
    assert not PORTUGUESE_KEYS & set(_keys(exported))
    waves = exported["tables"]["waves"]
    reasons = [w["reason"] for w in waves]
    assert reasons == [
        "stage_completed_advancing",
        "stage_completed_advancing",
        "threshold_proxy_reached",
        "stage_completed_advancing",
        "abort",
        "completed",
        "human_block",
    ]
    assert [json.loads(w["stages"]) for w in waves][:2] == [["briefing"], ["constitution"]]
    unmapped = {u["index"]: u["unmapped"] for u in exported["extra"]["waves.unmapped"]}
    statuses = [unmapped[i]["status"] for i in range(len(waves))]
    assert statuses[-3:] == ["aborted", "completed", "in_progress"]
    history = exported["extra"]["historico_execucoes"]
    assert [h["status"] for h in history] == ["aborted", "completed"]


def test_nothing_in_the_legacy_file_is_dropped(
    legacy_file: Path, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    state_dir = tmp_path / ".ondas"
    _import(cli, legacy_file, state_dir)
    out = tmp_path / "export.json"
    cli("state", "export", "--state-dir", str(state_dir), "-o", str(out))
    exported = list(_leaves(json.loads(out.read_text(encoding="utf-8"))))
    legacy = json.loads(legacy_file.read_text(encoding="utf-8"))
    for leaf in _leaves(legacy):
        if leaf is None:
            continue
        expected = VALUES.get(leaf, leaf) if isinstance(leaf, str) else leaf
        assert expected in exported or leaf in exported, leaf
    unknown = {k for k in _keys(legacy) if k not in KEYS}
    assert {"operador", "maquina", "seguranca", "revisado_por", "notas_operador"} <= unknown
    exported_keys = set(_keys(json.loads(out.read_text(encoding="utf-8"))))
    assert unknown <= exported_keys


def test_legacy_round_trip_through_export_and_reimport_is_stable(
    legacy_file: Path, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    first_dir, second_dir = tmp_path / "one", tmp_path / "two"
    _import(cli, legacy_file, first_dir)
    a = tmp_path / "a.json"
    cli("state", "export", "--state-dir", str(first_dir), "-o", str(a))
    _import(cli, a, second_dir)
    b = tmp_path / "b.json"
    cli("state", "export", "--state-dir", str(second_dir), "-o", str(b))
    first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    for doc in (first, second):
        doc.pop("exported_at")
        doc.pop("chain_head")
    assert second == first
    with Store.open(second_dir, schema=default_schema()) as store:
        assert verify(store).ok and validate(store).ok


def test_new_ids_continue_after_the_legacy_ones(
    legacy_file: Path, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    state_dir = tmp_path / ".ondas"
    exec_id = _import(cli, legacy_file, state_dir)
    with Store.open(state_dir, schema=default_schema()) as store:
        with store.transaction("ids", execution_id=exec_id) as tx:
            assert tx.next_id(exec_id, "dec") == "dec-004"
            assert tx.next_id(exec_id, "blk") == "blk-003"
        assert validate(store).ok


def test_legacy_file_with_a_tampered_sidecar_is_refused(
    legacy_file: Path, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    legacy_file.write_text(
        legacy_file.read_text(encoding="utf-8").replace("ana.souza", "mallory"), encoding="utf-8"
    )
    result = cli("state", "import", str(legacy_file), "--state-dir", str(tmp_path / ".ondas"))
    assert result.returncode == 4
    assert not (tmp_path / ".ondas").exists()


SPEC_FILE = LEGACY_FILE.with_name("spec_state.json")
SPEC_TOP = {"execution", "ondas", "decisoes", "bloqueios_humanos", "metricas", "orcamentos"}


def test_the_specifications_state_json_shape_imports_row_by_row_with_a_report(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    doc = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
    assert set(doc) >= SPEC_TOP and "execucao" not in doc
    state_dir = tmp_path / ".ondas"
    result = cli(
        "state", "import", str(SPEC_FILE), "--accept-unverified", "--state-dir", str(state_dir),
        "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["carried"] == {
        "waves": 6,
        "decisions": 2,
        "blocks": 1,
        "tasks": 0,
        "key_aspects": 3,
        "metrics": 5,
    }
    assert "budgets.custo_usd_por_onda" in out["not_carried"]
    assert "execution.operador" in out["not_carried"]
    with Store.open(state_dir, schema=default_schema()) as store:
        ex = get_execution(store, out["execution_id"])
        assert (ex.status, ex.current_stage, ex.delivery_tier) == (
            "in_progress",
            "plan",
            "cloud-internal",
        )
        assert ex.project_name == "estoque-farmacia"
        block = store.one("SELECT * FROM blocks WHERE execution_id = ?", (ex.id,))
        assert (block["status"], block["answer"]) == ("answered", "e-mail")
        waves = store.all(
            "SELECT number, reason, tool_calls FROM waves WHERE execution_id = ? ORDER BY number",
            (ex.id,),
        )
        assert [w["reason"] for w in waves][-2:] == ["human_block", "threshold_proxy_reached"]
        assert waves[2]["tool_calls"] == 120
        metric = store.one(
            "SELECT value FROM metrics WHERE execution_id = ? AND name = 'tool_calls'", (ex.id,)
        )
        assert metric["value"] == 420
        assert validate(store).ok and verify(store).ok


def test_an_import_reports_what_it_did_not_carry_on_stderr(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    result = cli(
        "state", "import", str(SPEC_FILE), "--accept-unverified",
        "--state-dir", str(tmp_path / ".ondas"),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().startswith("exec-")
    assert "carried: waves 6, decisions 2, blocks 1" in result.stderr
    assert "not carried (kept in extras): budgets.chamadas_ferramenta_por_onda" in result.stderr
