"""The tools' routes: your tools, and the tools an agent can use with their config."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful import pagination
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful.tools import service as tools
from wakeful.tools import slots

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.tools.inputs import ToolIn, ToolSettingsPatch

router = Router()


@router.get("/tools", summary="Built-in tools and your own", tags=["tools"], responses=ok("ToolPage"))
def list_tools(cursor: Annotated[str | None, Query(description="None: the list is one page (a cursor is a 400)")] = None):
    pagination.refuse_any(cursor)
    return respond(200, page(tools.list_for(owner(router)), None))


@router.post(
    "/tools",
    summary="Register an HTTP or Lambda tool (the secret is shown once)",
    tags=["tools"],
    responses=ok("ToolCreated", 201, "The tool and its secret, shown once"),
)
def create_tool(body: ToolIn):
    return respond(201, tools.create(owner(router), body))


@router.patch(
    "/tools/<name>",
    summary="Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins; is_active)",
    tags=["tools"],
    responses=ok("Tool"),
)
def patch_tool(name: str, body: ToolSettingsPatch):
    return respond(200, tools.patch(owner(router), name, body))


@router.delete(
    "/tools/<name>",
    summary="Delete one of your tools and its subscriptions",
    tags=["tools"],
    responses=no_content(),
)
def delete_tool(name: str):
    # What is kept of it elsewhere (its subscriptions) goes first: a crash in between
    # leaves the tool, and deleting it again finishes the job. A tool registered later
    # under the same name starts with no subscriptions.
    tools.check_deletable(owner(router), name)
    slots.deleting(owner(router), name)
    tools.delete(owner(router), name)
    return respond(204, None)


@router.get(
    "/agents/<agent_id>/tools",
    summary="The tools an agent can use, with the config each runs with",
    tags=["tools"],
    responses=ok("AgentToolPage"),
)
def list_agent_tools(agent_id: str):
    return respond(200, page(tools.for_agent(owner(router), agent_id), None))


@router.patch(
    "/agents/<agent_id>/tools/<name>",
    summary="Configure a tool for one agent (on top of your settings)",
    tags=["tools"],
    responses=ok("AgentTool"),
)
def patch_agent_tool(agent_id: str, name: str, body: ToolSettingsPatch):
    return respond(200, tools.patch_for_agent(owner(router), agent_id, name, body))
