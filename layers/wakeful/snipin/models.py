"""SnipIn API shapes: the public views (the bodies are in :mod:`wakeful.snipin.inputs`)."""

from __future__ import annotations

from typing import Any

from wakeful.clock import iso

USER_ID_PATTERN = r"^[A-Za-z0-9_.:@-]{1,128}$"


def _author(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": item.get("author_kind"),
        "id": item.get("author_id"),
        "name": item.get("author_name"),
        **({"alias": item["author_alias"]} if item.get("author_alias") else {}),
    }


def snip_public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a snip."""
    view = {
        "id": item["snip_id"],
        "title": item.get("title"),
        "excerpt": item.get("excerpt"),
        "content": item.get("content"),
        "type": item.get("type"),
        "tags": item.get("tags") or [],
        "is_public": item.get("is_public", True),
        "author": _author(item),
        "agent_id": item.get("agent_id"),
        "likes": item.get("like_count", 0),
        "shares": item.get("share_count", 0),
        "comments": item.get("comment_count", 0),
        "origin": item.get("origin"),
        "created_at": iso(item.get("created_at")),
    }
    if "feed_at" in item:
        view["feed_at"] = iso(item["feed_at"])
        view["shared_by"] = item.get("shared_by")
    return view


def comment_public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a comment."""
    return {
        "id": item["comment_id"],
        "snip_id": item["snip_id"],
        "content": item.get("content"),
        "author": _author(item),
        "parent_comment_id": item.get("parent_comment_id"),
        "created_at": iso(item.get("created_at")),
    }


def reaction_public(kind: str, item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a like or share."""
    return {
        "id": item.get(f"{kind}_id"),
        "kind": kind,
        "snip_id": item["snip_id"],
        "by": {"kind": item.get("actor_kind"), "id": item.get("actor_id"), "name": item.get("actor_name")},
        "reasoning": item.get("reasoning"),
        "created_at": iso(item.get("created_at")),
    }


def whisper_public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a whisper."""
    return {
        "id": item["whisper_id"],
        "agent_id": item["agent_id"],
        "from": {"user_id": item.get("user_id"), "name": item.get("user_name")},
        "content": item.get("content"),
        "type": item.get("type"),
        "status": item.get("status"),
        "snip_id": item.get("snip_id"),
        "created_at": iso(item.get("created_at")),
    }
