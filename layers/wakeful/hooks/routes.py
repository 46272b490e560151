"""Hook routes: ``/agents/{id}/hooks[/{hook_id}[/test|/executions|/deliveries…]]``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Body, Query, Router, no_content, ok
from wakeful.hooks import outbox, service
from wakeful.pagination import MAX_LIMIT

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.hooks.inputs import HookCreate, HookPatch, HookTestRequest

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The 'next' value of the previous page")]


@router.post(
    "/agents/<agent_id>/hooks",
    summary="Register a hook (its whsec_ secret is shown once)",
    tags=["hooks"],
    responses=ok("HookCreated", 201, "The hook and its secret, shown once"),
)
def create_hook(agent_id: str, body: HookCreate):
    hook, secret = service.create(owner(router), agent_id, body)
    return respond(201, {**hook.public(), "secret": secret})


@router.get(
    "/agents/<agent_id>/hooks",
    summary="List an agent's hooks, newest first",
    tags=["hooks"],
    responses=ok("HookPage"),
)
def list_hooks(agent_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.list_page(owner(router), agent_id, limit, cursor)
    return respond(200, page([h.public() for h in items], next_cursor))


@router.get("/agents/<agent_id>/hooks/<hook_id>", summary="Get a hook", tags=["hooks"], responses=ok("Hook"))
def get_hook(agent_id: str, hook_id: str):
    return respond(200, service.get(owner(router), agent_id, hook_id).public())


@router.patch(
    "/agents/<agent_id>/hooks/<hook_id>",
    summary="Change a hook (is_active: true re-enables one disabled for failing)",
    tags=["hooks"],
    responses=ok("Hook"),
)
def patch_hook(agent_id: str, hook_id: str, body: HookPatch):
    return respond(200, service.patch(owner(router), agent_id, hook_id, body).public())


@router.delete("/agents/<agent_id>/hooks/<hook_id>", summary="Delete a hook", tags=["hooks"], responses=no_content())
def delete_hook(agent_id: str, hook_id: str):
    service.delete(owner(router), agent_id, hook_id)
    return respond(204, None)


@router.post(
    "/agents/<agent_id>/hooks/<hook_id>/test",
    summary="Send a test delivery now",
    tags=["hooks"],
    responses=ok("HookDeliveryAccepted", 202, "A test delivery is on its way"),
)
def test_hook(agent_id: str, hook_id: str, body: Annotated[HookTestRequest | None, Body()] = None):
    return respond(202, {"delivery_id": outbox.start_test(owner(router), agent_id, hook_id)})


@router.get(
    "/agents/<agent_id>/hooks/<hook_id>/executions",
    summary="The delivery log: one row per attempt, newest first",
    tags=["hooks"],
    responses=ok("HookExecutionPage"),
    operation_id="list_hook_executions",
)
def list_executions(
    agent_id: str,
    hook_id: str,
    limit: Limit = 50,
    cursor: Cursor = None,
    delivery_id: Annotated[str | None, Query(description="Only this delivery's attempts")] = None,
):
    items, next_cursor = service.executions_page(owner(router), agent_id, hook_id, limit, cursor, delivery_id)
    return respond(200, page([e.public() for e in items], next_cursor))


@router.get(
    "/agents/<agent_id>/hooks/<hook_id>/deliveries",
    summary="A hook's deliveries, newest first",
    tags=["hooks"],
    responses=ok("HookDeliveryPage"),
    operation_id="list_hook_deliveries",
)
def list_deliveries(agent_id: str, hook_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.deliveries_page(owner(router), agent_id, hook_id, limit, cursor)
    return respond(200, page([d.public() for d in items], next_cursor))


@router.get(
    "/agents/<agent_id>/hooks/<hook_id>/deliveries/<delivery_id>",
    summary="A delivery and the body it sends",
    tags=["hooks"],
    responses=ok("HookDeliveryDetail"),
    operation_id="get_hook_delivery",
)
def get_delivery(agent_id: str, hook_id: str, delivery_id: str):
    return respond(200, service.get_delivery(owner(router), agent_id, hook_id, delivery_id).detail())


@router.post(
    "/agents/<agent_id>/hooks/<hook_id>/deliveries/<delivery_id>/replay",
    summary="Replay a failed delivery (same body and webhook-id)",
    tags=["hooks"],
    responses=ok("HookReplayAccepted", 202, "The delivery is sent again"),
    operation_id="replay_hook_delivery",
)
def replay_delivery(agent_id: str, hook_id: str, delivery_id: str):
    row = outbox.replay(owner(router), agent_id, hook_id, delivery_id)
    return respond(202, {"delivery_id": delivery_id, "replay": row.replays, "status": row.status})
