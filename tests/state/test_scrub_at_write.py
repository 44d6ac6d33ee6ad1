"""Nothing the store writes carries a raw secret: rows and events are scrubbed before they are
written and hashed, so the chain still verifies and replays to the same tables."""

from __future__ import annotations

import sqlite3

from ondas.audit import blocks, decisions, events, tasks
from ondas.state.store import Store
from ondas.state.verify import validate, verify

KEY = "AKIA" + "Q7ZL4MN2PR8TV6WX"
URL = "postgres://app:" + "s3cretpassw0rd" + "@db.internal/notes"


def test_agent_text_with_secrets_is_stored_redacted_in_every_table_and_event(
    store: Store,
) -> None:
    decision = decisions.register_decision(
        store, agent="claude", stage="plan", context=f"connect with {URL}",
        options=[KEY, "none"], choice=KEY, justification=f"the key {KEY} works", score=2,
    )  # fmt: skip
    blocks.register_block(store, question=f"may I use {KEY}?", context_for_answer=URL)
    tasks.record_task(store, "1.1", f"wire {KEY}", "unverified", 0, 0, None, [f"{KEY}.txt"])
    events.add_event(store, "note", f"saw {KEY}", data={"nested": [{"url": URL}]})
    store.checkpoint()
    conn = sqlite3.connect(store.state_dir / "state.db")
    dump = "\n".join(conn.iterdump())
    conn.close()
    assert KEY not in dump and "s3cretpassw0rd" not in dump
    assert "[REDACTED:aws-access-key]" in dump and "[REDACTED:url-password]" in dump
    assert decisions.get_decision(store, decision).choice == "[REDACTED:aws-access-key]"
    assert verify(store).ok and validate(store).ok


def test_text_without_secrets_is_stored_exactly(store: Store) -> None:
    text = "ordinary words, ids like exec-001 and hashes " + "ab" * 32
    events.add_event(store, "note", text, data={"text": text})
    (event,) = store.events(type_="note")
    assert event.description == text and event.payload["data"]["text"] == text
