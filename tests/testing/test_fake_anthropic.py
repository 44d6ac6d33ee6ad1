"""The scripted Messages API server, spoken to over real HTTP."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

from ondas.testing.fake_anthropic import (
    FakeAnthropicServer,
    Request,
    Rule,
    Script,
    Turn,
    after_tool_result,
    first_turn,
    iter_sse_events,
    prompt_contains,
)


def post(url: str, body: dict[str, Any]) -> tuple[int, str, str]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.headers["Content-Type"], resp.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read().decode()


def conversation(*messages: dict[str, Any], stream: bool = False) -> dict[str, Any]:
    return {"model": "claude-x", "max_tokens": 100, "stream": stream, "messages": list(messages)}


def tool_result(tool_use_id: str, text: str) -> dict[str, Any]:
    return {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": tool_use_id, "content": text}],
    }


SCRIPT = Script(
    [
        Rule(after_tool_result("t1", contains="42"), Turn.text("the answer is 42")),
        Rule(after_tool_result("t1"), Turn.text("no answer")),
        Rule(prompt_contains("greet"), Turn.text("hello")),
        Rule(first_turn(), Turn.tool_use("Bash", {"command": "echo 42"}, id="t1")),
    ]
)


def test_non_streaming_answer_carries_scripted_tool_use_and_usage() -> None:
    with FakeAnthropicServer(SCRIPT) as server:
        status, ctype, body = post(
            f"{server.url}/v1/messages", conversation({"role": "user", "content": "go"})
        )
    message = json.loads(body)
    assert (status, ctype) == (200, "application/json")
    assert message["stop_reason"] == "tool_use"
    assert message["content"] == [
        {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "echo 42"}}
    ]
    assert message["usage"]["input_tokens"] > 0 and message["usage"]["output_tokens"] > 0


def test_streaming_answer_reassembles_into_the_scripted_turn() -> None:
    with FakeAnthropicServer(SCRIPT) as server:
        status, ctype, body = post(
            f"{server.url}/v1/messages?beta=true",
            conversation({"role": "user", "content": "go"}, stream=True),
        )
    assert (status, ctype) == (200, "text/event-stream")
    events = list(iter_sse_events(body))
    names = [name for name, _ in events]
    assert names[0] == "message_start" and names[-2:] == ["message_delta", "message_stop"]
    partial = "".join(
        d["delta"]["partial_json"]
        for name, d in events
        if name == "content_block_delta" and d["delta"]["type"] == "input_json_delta"
    )
    assert json.loads(partial) == {"command": "echo 42"}
    delta = next(d for name, d in events if name == "message_delta")
    assert delta["delta"]["stop_reason"] == "tool_use"


def test_rules_match_tool_results_by_id_and_content_in_order() -> None:
    opening = {"role": "user", "content": "go"}
    call = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Bash"}]}
    with FakeAnthropicServer(SCRIPT) as server:
        hit = post(
            f"{server.url}/v1/messages", conversation(opening, call, tool_result("t1", "42"))
        )
        miss = post(
            f"{server.url}/v1/messages", conversation(opening, call, tool_result("t1", "7"))
        )
        greet = post(
            f"{server.url}/v1/messages", conversation({"role": "user", "content": "greet"})
        )
        assert len(server.message_requests) == 3
        assert server.tool_results()[0]["tool_use_id"] == "t1"
    assert json.loads(hit[2])["content"][0]["text"] == "the answer is 42"
    assert json.loads(miss[2])["content"][0]["text"] == "no answer"
    assert json.loads(greet[2])["content"][0]["text"] == "hello"


def test_a_rule_with_times_is_used_up_and_a_callable_turn_sees_the_request() -> None:
    seen: list[Request] = []

    def echo(request: Request) -> Turn:
        seen.append(request)
        return Turn.text(f"echo {request.last_user_text()}")

    script = Script([Rule(first_turn(), Turn.text("once"), times=1)], default=echo)
    with FakeAnthropicServer(script) as server:
        first = post(f"{server.url}/v1/messages", conversation({"role": "user", "content": "a"}))
        second = post(f"{server.url}/v1/messages", conversation({"role": "user", "content": "b"}))
    assert json.loads(first[2])["content"][0]["text"] == "once"
    assert json.loads(second[2])["content"][0]["text"] == "echo b"
    assert len(seen) == 1


def test_count_tokens_models_and_probes_answer_and_unknown_paths_are_404() -> None:
    with FakeAnthropicServer() as server:
        count = post(f"{server.url}/v1/messages/count_tokens", {"messages": []})
        unknown = post(f"{server.url}/v1/unknown", {})
        with urllib.request.urlopen(f"{server.url}/v1/models", timeout=10) as resp:
            models = json.loads(resp.read())
        probe = urllib.request.Request(server.url, method="HEAD")
        with urllib.request.urlopen(probe, timeout=10) as head:
            head_status = head.status
        assert [r.path for r in server.requests][-1] == "/"
    assert json.loads(count[2])["input_tokens"] >= 1
    assert unknown[0] == 404 and json.loads(unknown[2])["type"] == "error"
    assert models["data"][0]["type"] == "model"
    assert head_status == 200


def test_env_points_claude_at_the_server_with_a_private_home(tmp_path: Path) -> None:
    with FakeAnthropicServer(home=tmp_path) as server:
        env = server.env()
        assert env["ANTHROPIC_BASE_URL"] == server.url
    assert env["HOME"] == str(tmp_path)
    assert env["CLAUDE_CONFIG_DIR"] == str(tmp_path / ".claude")
    assert env["CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"] == "1"
    assert env["IS_SANDBOX"] == "1"


def test_script_file_served_by_the_module_entry_point(tmp_path: Path) -> None:
    script_file = tmp_path / "script.json"
    script_file.write_text(
        json.dumps(
            {
                "rules": [
                    {
                        "match": {"first_turn": True},
                        "turn": {"tool_use": {"name": "Bash", "input": {"command": "ls"}}},
                    }
                ],
                "default": {"text": "bye"},
            }
        )
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "ondas.testing.fake_anthropic", "--script", str(script_file)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip().split("=", 1)[1]
        status, _, body = post(f"{url}/v1/messages", conversation({"role": "user", "content": "x"}))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
    assert status == 200
    assert json.loads(body)["content"][0]["input"] == {"command": "ls"}


def test_a_bad_script_file_is_refused_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rules": [{"match": {"nonsense": 1}, "turn": {"text": "x"}}]}))
    proc = subprocess.run(
        [sys.executable, "-m", "ondas.testing.fake_anthropic", "--script", str(bad)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2
    assert "unknown match keys: nonsense" in proc.stderr
