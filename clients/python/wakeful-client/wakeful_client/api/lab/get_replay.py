from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.replay import Replay
from typing import cast


def _get_kwargs(
    agent_id: str,
    replay_id: str,

) -> dict[str, Any]:


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/agents/{agent_id}/replays/{replay_id}".format(agent_id=quote(str(agent_id), safe=""),replay_id=quote(str(replay_id), safe=""),),
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Replay | None:
    if response.status_code == 200:
        response_200 = Replay.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Replay]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: str,
    replay_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Error | Replay]:
    """ A replay: the original and the replay side by side (or the summary of many runs)

     A replay: the original and the replay side by side (or the summary of many runs). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        replay_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Replay]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
replay_id=replay_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    replay_id: str,
    *,
    client: AuthenticatedClient,

) -> Error | Replay | None:
    """ A replay: the original and the replay side by side (or the summary of many runs)

     A replay: the original and the replay side by side (or the summary of many runs). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        replay_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Replay
     """


    return sync_detailed(
        agent_id=agent_id,
replay_id=replay_id,
client=client,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    replay_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Error | Replay]:
    """ A replay: the original and the replay side by side (or the summary of many runs)

     A replay: the original and the replay side by side (or the summary of many runs). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        replay_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Replay]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
replay_id=replay_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    replay_id: str,
    *,
    client: AuthenticatedClient,

) -> Error | Replay | None:
    """ A replay: the original and the replay side by side (or the summary of many runs)

     A replay: the original and the replay side by side (or the summary of many runs). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        replay_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Replay
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
replay_id=replay_id,
client=client,

    )).parsed
