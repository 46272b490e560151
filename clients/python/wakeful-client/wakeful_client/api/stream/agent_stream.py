from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    agent_id: str,
    *,
    types: None | str | Unset = UNSET,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

    json_types: None | str | Unset
    if isinstance(types, Unset):
        json_types = UNSET
    else:
        json_types = types
    params["types"] = json_types


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/agents/{agent_id}/stream".format(agent_id=quote(str(agent_id), safe=""),),
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())


        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())


        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())


        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    types: None | str | Unset = UNSET,

) -> Response[Error | str]:
    """ Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream)

     Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream). Bodies are
    JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        types (None | str | Unset): Comma-separated event types to include (start, text,
            reasoning, tool_call, tool_result, completed, error)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
types=types,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    types: None | str | Unset = UNSET,

) -> Error | str | None:
    """ Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream)

     Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream). Bodies are
    JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        types (None | str | Unset): Comma-separated event types to include (start, text,
            reasoning, tool_call, tool_result, completed, error)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,
types=types,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    types: None | str | Unset = UNSET,

) -> Response[Error | str]:
    """ Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream)

     Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream). Bodies are
    JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        types (None | str | Unset): Comma-separated event types to include (start, text,
            reasoning, tool_call, tool_result, completed, error)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
types=types,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    types: None | str | Unset = UNSET,

) -> Error | str | None:
    """ Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream)

     Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream). Bodies are
    JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        types (None | str | Unset): Comma-separated event types to include (start, text,
            reasoning, tool_call, tool_result, completed, error)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,
types=types,

    )).parsed
