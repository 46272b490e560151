"""Interceptor routes: ``/agents/{id}/interceptors[/{interceptor_id}[/calls]]``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful.interceptors import service
from wakeful.interceptors.models import public, public_call
from wakeful.pagination import MAX_LIMIT

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.interceptors.inputs import InterceptorCreate, InterceptorPatch

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The 'next' value of the previous page")]


@router.post(
    "/agents/<agent_id>/interceptors",
    summary="Register an interceptor (its whsec_ secret is shown once); at most one is active per agent",
    tags=["interceptors"],
    responses=ok("InterceptorCreated", 201, "The interceptor and its secret, shown once"),
)
def create_interceptor(agent_id: str, body: InterceptorCreate):
    item, secret = service.create(owner(router), agent_id, body)
    return respond(201, {**public(item), "secret": secret})


@router.get(
    "/agents/<agent_id>/interceptors",
    summary="List an agent's interceptors, newest first",
    tags=["interceptors"],
    responses=ok("InterceptorPage"),
)
def list_interceptors(agent_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.list_page(owner(router), agent_id, limit, cursor)
    return respond(200, page([public(i) for i in items], next_cursor))


@router.get(
    "/agents/<agent_id>/interceptors/<interceptor_id>",
    summary="Get an interceptor",
    tags=["interceptors"],
    responses=ok("Interceptor"),
)
def get_interceptor(agent_id: str, interceptor_id: str):
    return respond(200, public(service.get(owner(router), agent_id, interceptor_id)))


@router.patch(
    "/agents/<agent_id>/interceptors/<interceptor_id>",
    summary="Change an interceptor (activating one while another is active: 409)",
    tags=["interceptors"],
    responses=ok("Interceptor"),
)
def patch_interceptor(agent_id: str, interceptor_id: str, body: InterceptorPatch):
    return respond(200, public(service.patch(owner(router), agent_id, interceptor_id, body)))


@router.delete(
    "/agents/<agent_id>/interceptors/<interceptor_id>",
    summary="Delete an interceptor",
    tags=["interceptors"],
    responses=no_content(),
)
def delete_interceptor(agent_id: str, interceptor_id: str):
    service.delete(owner(router), agent_id, interceptor_id)
    return respond(204, None)


@router.get(
    "/agents/<agent_id>/interceptors/<interceptor_id>/calls",
    summary="The interceptor's calls with their decision and latency, newest first",
    tags=["interceptors"],
    responses=ok("InterceptorCallPage"),
    operation_id="list_interceptor_calls",
)
def list_calls(agent_id: str, interceptor_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.calls_page(owner(router), agent_id, interceptor_id, limit, cursor)
    return respond(200, page([public_call(c) for c in items], next_cursor))
