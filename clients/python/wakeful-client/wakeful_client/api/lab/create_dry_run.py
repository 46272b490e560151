from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.dry_run_in import DryRunIn
from ...models.error import Error
from ...models.outcome import Outcome
from typing import cast


def _get_kwargs(
    agent_id: str,
    *,
    body: DryRunIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/agents/{agent_id}/dry-runs".format(agent_id=quote(str(agent_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Outcome | None:
    if response.status_code == 200:
        response_200 = Outcome.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Outcome]:
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
    body: DryRunIn,

) -> Response[Error | Outcome]:
    """ Run the agent on a prompt or message and given events, as a dry run: nothing leaves

     Run the agent on a prompt or message and given events, as a dry run: nothing leaves. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        body (DryRunIn): ``POST /agents/{id}/dry-runs`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Outcome]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    body: DryRunIn,

) -> Error | Outcome | None:
    """ Run the agent on a prompt or message and given events, as a dry run: nothing leaves

     Run the agent on a prompt or message and given events, as a dry run: nothing leaves. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        body (DryRunIn): ``POST /agents/{id}/dry-runs`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Outcome
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    body: DryRunIn,

) -> Response[Error | Outcome]:
    """ Run the agent on a prompt or message and given events, as a dry run: nothing leaves

     Run the agent on a prompt or message and given events, as a dry run: nothing leaves. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        body (DryRunIn): ``POST /agents/{id}/dry-runs`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Outcome]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    body: DryRunIn,

) -> Error | Outcome | None:
    """ Run the agent on a prompt or message and given events, as a dry run: nothing leaves

     Run the agent on a prompt or message and given events, as a dry run: nothing leaves. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        body (DryRunIn): ``POST /agents/{id}/dry-runs`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Outcome
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,
body=body,

    )).parsed
