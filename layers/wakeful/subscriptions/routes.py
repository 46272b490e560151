"""The subscriptions' routes: which tool runs for which event type, for one agent or all."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful.pagination import MAX_LIMIT
from wakeful.subscriptions import service as subscriptions

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.subscriptions.inputs import SubscriptionIn, SubscriptionPatch

router = Router()


@router.post(
    "/subscriptions",
    summary="Subscribe a tool to an event type",
    tags=["subscriptions"],
    responses=ok("Subscription", 201, "The subscription"),
)
def create_subscription(body: SubscriptionIn):
    return respond(201, subscriptions.create(owner(router), body).public())


@router.get("/subscriptions", summary="List your subscriptions", tags=["subscriptions"], responses=ok("SubscriptionPage"))
def list_subscriptions(
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 50, cursor: Annotated[str | None, Query()] = None
):
    items, next_cursor = subscriptions.list_page(owner(router), limit, cursor)
    return respond(200, page([s.public() for s in items], next_cursor))


@router.get(
    "/subscriptions/<subscription_id>",
    summary="Get a subscription",
    tags=["subscriptions"],
    responses=ok("Subscription"),
)
def get_subscription(subscription_id: str):
    return respond(200, subscriptions.get(owner(router), subscription_id).public())


@router.patch(
    "/subscriptions/<subscription_id>",
    summary="Change a subscription",
    tags=["subscriptions"],
    responses=ok("Subscription"),
)
def patch_subscription(subscription_id: str, body: SubscriptionPatch):
    return respond(200, subscriptions.patch(owner(router), subscription_id, body).public())


@router.delete(
    "/subscriptions/<subscription_id>",
    summary="Delete a subscription",
    tags=["subscriptions"],
    responses=no_content(),
)
def delete_subscription(subscription_id: str):
    subscriptions.delete(owner(router), subscription_id)
    return respond(204, None)
