from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.action import Action
from ...models.approval_in import ApprovalIn
from ...models.error import Error
from typing import cast


def _get_kwargs(
    agent_id: str,
    action_id: str,
    *,
    body: ApprovalIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/agents/{agent_id}/actions/{action_id}/approval".format(agent_id=quote(str(agent_id), safe=""),action_id=quote(str(action_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Action | Error | None:
    if response.status_code == 200:
        response_200 = Action.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Action | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
    body: ApprovalIn,

) -> Response[Action | Error]:
    """ Approve or deny a heartbeat's action waiting for an approval

     Approve or deny a heartbeat's action waiting for an approval. One action per (event, subscription):
    a tool run with its request, response and timing. Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        action_id (str):
        body (ApprovalIn): ``POST .../approvals/{tool_call_id}`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Action | Error]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
action_id=action_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
    body: ApprovalIn,

) -> Action | Error | None:
    """ Approve or deny a heartbeat's action waiting for an approval

     Approve or deny a heartbeat's action waiting for an approval. One action per (event, subscription):
    a tool run with its request, response and timing. Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        action_id (str):
        body (ApprovalIn): ``POST .../approvals/{tool_call_id}`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Action | Error
     """


    return sync_detailed(
        agent_id=agent_id,
action_id=action_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
    body: ApprovalIn,

) -> Response[Action | Error]:
    """ Approve or deny a heartbeat's action waiting for an approval

     Approve or deny a heartbeat's action waiting for an approval. One action per (event, subscription):
    a tool run with its request, response and timing. Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        action_id (str):
        body (ApprovalIn): ``POST .../approvals/{tool_call_id}`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Action | Error]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
action_id=action_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
    body: ApprovalIn,

) -> Action | Error | None:
    """ Approve or deny a heartbeat's action waiting for an approval

     Approve or deny a heartbeat's action waiting for an approval. One action per (event, subscription):
    a tool run with its request, response and timing. Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        action_id (str):
        body (ApprovalIn): ``POST .../approvals/{tool_call_id}`` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Action | Error
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
action_id=action_id,
client=client,
body=body,

    )).parsed
