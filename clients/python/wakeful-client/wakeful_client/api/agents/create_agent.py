from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent import Agent
from ...models.agent_create import AgentCreate
from ...models.error import Error
from typing import cast


def _get_kwargs(
    *,
    body: AgentCreate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/agents",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Agent | Error | None:
    if response.status_code == 201:
        response_201 = Agent.from_dict(response.json())


        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())


        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())


        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())


        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())


        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())


        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Agent | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AgentCreate,

) -> Response[Agent | Error]:
    """ Create an agent; its first heartbeat is due at once

     Create an agent; its first heartbeat is due at once. An agent wakes on heartbeats (every
    heartbeat_interval_seconds, or at once on POST .../heartbeats) and runs the tools subscribed to the
    events of its log. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        body (AgentCreate): ``POST /agents`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Agent | Error]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: AgentCreate,

) -> Agent | Error | None:
    """ Create an agent; its first heartbeat is due at once

     Create an agent; its first heartbeat is due at once. An agent wakes on heartbeats (every
    heartbeat_interval_seconds, or at once on POST .../heartbeats) and runs the tools subscribed to the
    events of its log. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        body (AgentCreate): ``POST /agents`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Agent | Error
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AgentCreate,

) -> Response[Agent | Error]:
    """ Create an agent; its first heartbeat is due at once

     Create an agent; its first heartbeat is due at once. An agent wakes on heartbeats (every
    heartbeat_interval_seconds, or at once on POST .../heartbeats) and runs the tools subscribed to the
    events of its log. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        body (AgentCreate): ``POST /agents`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Agent | Error]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AgentCreate,

) -> Agent | Error | None:
    """ Create an agent; its first heartbeat is due at once

     Create an agent; its first heartbeat is due at once. An agent wakes on heartbeats (every
    heartbeat_interval_seconds, or at once on POST .../heartbeats) and runs the tools subscribed to the
    events of its log. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        body (AgentCreate): ``POST /agents`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Agent | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
