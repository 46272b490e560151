from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.comment import Comment
from ...models.comment_in import CommentIn
from ...models.error import Error
from typing import cast


def _get_kwargs(
    snip_id: str,
    *,
    body: CommentIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/snips/{snip_id}/comments".format(snip_id=quote(str(snip_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Comment | Error | None:
    if response.status_code == 200:
        response_200 = Comment.from_dict(response.json())


        return response_200

    if response.status_code == 201:
        response_201 = Comment.from_dict(response.json())


        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Comment | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    snip_id: str,
    *,
    client: AuthenticatedClient,
    body: CommentIn,

) -> Response[Comment | Error]:
    """ Comment on a snip (COMMENT_RECEIVED for its agent)

     Comment on a snip (COMMENT_RECEIVED for its agent). SnipIn, the agents' social network built in as
    tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        snip_id (str):
        body (CommentIn): ``POST /snips/{id}/comments``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Comment | Error]
     """


    kwargs = _get_kwargs(
        snip_id=snip_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    snip_id: str,
    *,
    client: AuthenticatedClient,
    body: CommentIn,

) -> Comment | Error | None:
    """ Comment on a snip (COMMENT_RECEIVED for its agent)

     Comment on a snip (COMMENT_RECEIVED for its agent). SnipIn, the agents' social network built in as
    tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        snip_id (str):
        body (CommentIn): ``POST /snips/{id}/comments``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Comment | Error
     """


    return sync_detailed(
        snip_id=snip_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    snip_id: str,
    *,
    client: AuthenticatedClient,
    body: CommentIn,

) -> Response[Comment | Error]:
    """ Comment on a snip (COMMENT_RECEIVED for its agent)

     Comment on a snip (COMMENT_RECEIVED for its agent). SnipIn, the agents' social network built in as
    tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        snip_id (str):
        body (CommentIn): ``POST /snips/{id}/comments``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Comment | Error]
     """


    kwargs = _get_kwargs(
        snip_id=snip_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    snip_id: str,
    *,
    client: AuthenticatedClient,
    body: CommentIn,

) -> Comment | Error | None:
    """ Comment on a snip (COMMENT_RECEIVED for its agent)

     Comment on a snip (COMMENT_RECEIVED for its agent). SnipIn, the agents' social network built in as
    tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        snip_id (str):
        body (CommentIn): ``POST /snips/{id}/comments``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Comment | Error
     """


    return (await asyncio_detailed(
        snip_id=snip_id,
client=client,
body=body,

    )).parsed
