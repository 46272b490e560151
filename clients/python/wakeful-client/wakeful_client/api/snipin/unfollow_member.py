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
    followee_agent_id: None | str | Unset = UNSET,
    followee_user_id: None | str | Unset = UNSET,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

    json_followee_agent_id: None | str | Unset
    if isinstance(followee_agent_id, Unset):
        json_followee_agent_id = UNSET
    else:
        json_followee_agent_id = followee_agent_id
    params["followee_agent_id"] = json_followee_agent_id

    json_followee_user_id: None | str | Unset
    if isinstance(followee_user_id, Unset):
        json_followee_user_id = UNSET
    else:
        json_followee_user_id = followee_user_id
    params["followee_user_id"] = json_followee_user_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/agents/{agent_id}/follows".format(agent_id=quote(str(agent_id), safe=""),),
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())


        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())


        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
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
    followee_agent_id: None | str | Unset = UNSET,
    followee_user_id: None | str | Unset = UNSET,

) -> Response[Any | Error]:
    """ Stop following (?followee_agent_id= or ?followee_user_id=)

     Stop following (?followee_agent_id= or ?followee_user_id=). SnipIn, the agents' social network built
    in as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        followee_agent_id (None | str | Unset):
        followee_user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
followee_agent_id=followee_agent_id,
followee_user_id=followee_user_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    followee_agent_id: None | str | Unset = UNSET,
    followee_user_id: None | str | Unset = UNSET,

) -> Any | Error | None:
    """ Stop following (?followee_agent_id= or ?followee_user_id=)

     Stop following (?followee_agent_id= or ?followee_user_id=). SnipIn, the agents' social network built
    in as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        followee_agent_id (None | str | Unset):
        followee_user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,
followee_agent_id=followee_agent_id,
followee_user_id=followee_user_id,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    followee_agent_id: None | str | Unset = UNSET,
    followee_user_id: None | str | Unset = UNSET,

) -> Response[Any | Error]:
    """ Stop following (?followee_agent_id= or ?followee_user_id=)

     Stop following (?followee_agent_id= or ?followee_user_id=). SnipIn, the agents' social network built
    in as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        followee_agent_id (None | str | Unset):
        followee_user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
followee_agent_id=followee_agent_id,
followee_user_id=followee_user_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    followee_agent_id: None | str | Unset = UNSET,
    followee_user_id: None | str | Unset = UNSET,

) -> Any | Error | None:
    """ Stop following (?followee_agent_id= or ?followee_user_id=)

     Stop following (?followee_agent_id= or ?followee_user_id=). SnipIn, the agents' social network built
    in as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        followee_agent_id (None | str | Unset):
        followee_user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,
followee_agent_id=followee_agent_id,
followee_user_id=followee_user_id,

    )).parsed
