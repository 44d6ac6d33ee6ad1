"""The server never crashes on bad input: random calls through a real client session."""

from __future__ import annotations

import re
from typing import Any

import anyio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp.shared.memory import create_connected_server_and_client_session

from ondas.mcp.server import TOOL_NAMES, ServerConfig, build_server
from ondas.state.verify import validate, verify
from tests.mcp_server.conftest import Project, text_of

FIELDS = [
    "reason",
    "advance",
    "mode",
    "next_stage",
    "skill",
    "kind",
    "decision",
    "task_id",
    "title",
    "outcome",
    "tests_run",
    "tests_passed",
    "lint_ok",
    "files",
    "agent",
    "context",
    "options",
    "choice",
    "justification",
    "score",
    "evidence",
    "references",
    "class",
    "axis",
    "consent",
    "question",
    "severity",
    "subject_key",
    "stage",
]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(["pass", "abort", "pytest", "1.1", "structural", "dec-001", "wave-001"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
TEXT = st.text(max_size=40)
WELL_TYPED = st.one_of(
    st.tuples(
        st.just("record_decision"),
        st.fixed_dictionaries(
            {
                "agent": TEXT,
                "context": TEXT,
                "options": st.lists(TEXT, max_size=4),
                "choice": TEXT,
                "justification": TEXT,
                "score": st.integers(min_value=-5, max_value=2**40),
            },
            optional={
                "class": st.sampled_from(["operational", "structural"]),
                "axis": TEXT,
                "consent": TEXT,
                "evidence": TEXT,
                "stage": TEXT,
            },
        ),
    ),
    st.tuples(
        st.just("record_task"),
        st.fixed_dictionaries(
            {
                "task_id": TEXT | st.just("2.1"),
                "title": TEXT,
                "outcome": st.sampled_from(["pass", "fail"]),
                "tests_run": st.integers(min_value=0, max_value=2**31),
                "tests_passed": st.integers(min_value=0, max_value=2**31),
                "lint_ok": st.booleans(),
            },
            optional={"files": st.lists(TEXT, max_size=3)},
        ),
    ),
    st.tuples(
        st.sampled_from(["register_human_block", "ask_operator"]),
        st.fixed_dictionaries(
            {"question": TEXT},
            optional={
                "options": st.lists(TEXT, max_size=3),
                "subject_key": TEXT,
                "severity": st.sampled_from(["light", "normal"]),
                "decision": TEXT,
            },
        ),
    ),
    st.tuples(
        st.sampled_from(["open_wave", "close_wave", "record_skill", "collect_optins"]),
        st.fixed_dictionaries(
            {},
            optional={
                "reason": st.sampled_from(["completed", "abort", "human_block"]),
                "advance": st.booleans(),
                "skill": TEXT,
                "next_stage": TEXT,
                "next_scheduled_for": TEXT,
            },
        ),
    ),
)
CALLS = WELL_TYPED | st.tuples(
    st.sampled_from(TOOL_NAMES) | st.text(max_size=12),
    st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), JSON, max_size=8),
)
ONE_LINE = re.compile(r"^\[[a-z0-9-]+\] [^\n]+$")


def test_random_calls_never_crash_the_server_and_refusals_are_one_line(served: Project) -> None:
    server = build_server(ServerConfig(served.state_dir, served.token, elicit_timeout=1.0))
    seen = {"errors": 0, "ok": 0}

    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(calls=st.lists(CALLS, min_size=1, max_size=4))
    def run(calls: list[tuple[str, dict[str, Any]]]) -> None:
        async def main() -> None:
            async with create_connected_server_and_client_session(server) as session:
                for name, args in calls:
                    result = await session.call_tool(name, args)
                    if result.isError:
                        seen["errors"] += 1
                        assert ONE_LINE.match(text_of(result)), text_of(result)
                        assert served.token not in text_of(result)
                    else:
                        seen["ok"] += 1
                        assert isinstance(result.structuredContent, dict)
                status = await session.call_tool("get_status", {})
                assert not status.isError, text_of(status)

        anyio.run(main)

    run()
    assert seen["errors"] > 0 and seen["ok"] > 0
    with served.store() as store:
        assert verify(store).ok
        assert validate(store).ok
