"""Memory's API against moto through the real API handler: an agent's memories with
their provenance, lexical search, validation, and the cap with its eviction rule."""

from __future__ import annotations

from typing import Any

from wakeful import ddb


def _agent(api: Any, **fields: Any) -> dict[str, Any]:
    agent = api.create_agent(**fields)
    assert api.patch(f"/agents/{agent['id']}", json={"is_active": False}).status_code == 200
    return agent


def test_memory_api_create_list_patch_delete_with_provenance(api: Any) -> None:
    agent = _agent(api)
    base = f"/agents/{agent['id']}/memories"
    created = api.post(base, json={"text": "  The NAS backup runs at 02:00  ", "tags": ["backup", "nas"]})
    assert created.status_code == 201, created.text
    memory = created.json()
    assert memory["id"].startswith("mem_") and memory["text"] == "The NAS backup runs at 02:00"
    assert memory["tags"] == ["backup", "nas"] and memory["source"] == {"kind": "user", "id": None}
    assert memory["created_at"] and memory["updated_at"]
    second = api.post(base, json={"text": "Alice prefers Slack over email"}).json()
    assert [m["id"] for m in api.get(base).json()["items"]] == [second["id"], memory["id"]]  # newest first

    patched = api.patch(f"{base}/{memory['id']}", json={"text": "The NAS backup runs at 03:00"})
    assert patched.status_code == 200, patched.text
    assert patched.json()["text"] == "The NAS backup runs at 03:00" and patched.json()["tags"] == ["backup", "nas"]
    assert api.get(f"{base}?q=03:00 backup").json()["items"][0]["id"] == memory["id"]

    assert api.delete(f"{base}/{memory['id']}").status_code == 204
    assert api.delete(f"{base}/{memory['id']}").status_code == 404
    assert [m["id"] for m in api.get(base).json()["items"]] == [second["id"]]
    assert api.get(f"/agents/{agent['id']}").json()["memory_recall"] == 5


def test_memory_search_q_ranks_by_relevance(api: Any) -> None:
    agent = _agent(api)
    base = f"/agents/{agent['id']}/memories"
    texts = [
        "The minecraft server needs 8 GB of memory",
        "Backups of the NAS run nightly at 02:00 and take an hour",
        "Alice likes short answers",
        "The NAS backup failed twice last week because the disk was full",
    ]
    ids = [api.post(base, json={"text": t}).json()["id"] for t in texts]
    found = api.get(f"{base}?q=why did the NAS backup fail").json()["items"]
    assert [m["id"] for m in found][:2] == [ids[3], ids[1]]
    assert all(m["score"] > 0 for m in found) and ids[2] not in {m["id"] for m in found}
    assert api.get(f"{base}?q=zebra").json()["items"] == []


def test_memory_invalid_input_answers_422_and_changes_nothing(api: Any) -> None:
    agent = _agent(api)
    base = f"/agents/{agent['id']}/memories"
    kept = api.post(base, json={"text": "kept"}).json()
    for body, words in (
        ({"text": "   "}, "empty"),
        ({"text": "x" * 2001}, "2000"),
        ({"text": "bad\u0007bell"}, "control"),
        ({"text": "ok", "tags": ["a b"]}, "tags"),
        ({"text": "ok", "tags": ["a", "a"]}, "unique"),
        ({"text": "ok", "tags": [f"t{i}" for i in range(11)]}, "10"),
        ({"text": 5}, "string"),
        ({"text": "ok", "extra": 1}, "extra"),
    ):
        response = api.post(base, json=body)
        assert response.status_code == 422, (body, response.text)
        error = response.json()["error"]
        assert error["code"] and words.lower() in error["message"].lower(), (words, error)
    assert api.patch(f"{base}/{kept['id']}", json={}).status_code == 422
    assert api.patch(f"{base}/{kept['id']}", json={"tags": ["no spaces allowed"]}).status_code == 422
    assert api.patch(f"{base}/mem_nothing", json={"text": "x"}).status_code == 404
    assert api.get(f"{base}?q=").status_code == 422
    assert [(m["id"], m["text"], m["tags"]) for m in api.get(base).json()["items"]] == [(kept["id"], "kept", [])]


def test_memory_cap_evicts_the_least_relevant_non_user_memory(api: Any) -> None:
    from wakeful.memory import store

    agent = _agent(api, memory_cap=10)
    own = api.post(f"/agents/{agent['id']}/memories", json={"text": "a person's own note"}).json()
    learned = []
    for index in range(9):
        memory = store.new_memory(agent["id"], f"learned fact number {index}", (), store.source("thread", f"thr_{index}"), now=1000.0 + index)
        learned.append(store.remember(memory, cap=10)[0].id)
    # the oldest learned memory, faded most, goes when an eleventh comes
    newest = store.new_memory(agent["id"], "one more fact", (), store.source("thread", "thr_x"))
    store.remember(newest, cap=10)
    left = {m["id"] for m in api.get(f"/agents/{agent['id']}/memories?limit=100").json()["items"]}
    assert len(left) == 10 and own["id"] in left and newest.id in left and learned[0] not in left
    meta = ddb.get("memories", {"agent_id": agent["id"], "memory_key": "~meta"})
    assert meta is not None and meta["count"] == 10


def test_memory_cap_full_of_user_memories_refuses_with_409(api: Any) -> None:
    agent = _agent(api, memory_cap=10)
    base = f"/agents/{agent['id']}/memories"
    for index in range(10):
        assert api.post(base, json={"text": f"note {index}"}).status_code == 201
    refused = api.post(base, json={"text": "one too many"})
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["code"] == "memory_cap_reached"
    assert len(api.get(f"{base}?limit=100").json()["items"]) == 10


def test_memory_routes_answer_404_for_another_owners_agent(api: Any, other_api: Any) -> None:
    agent = _agent(api)
    api.post(f"/agents/{agent['id']}/memories", json={"text": "secret"})
    assert other_api.get(f"/agents/{agent['id']}/memories").status_code == 404
    assert other_api.post(f"/agents/{agent['id']}/memories", json={"text": "x"}).status_code == 404
