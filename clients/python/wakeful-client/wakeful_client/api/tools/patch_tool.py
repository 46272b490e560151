from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.tool import Tool
from ...models.tool_settings_patch import ToolSettingsPatch
from typing import cast


def _get_kwargs(
    name: str,
    *,
    body: ToolSettingsPatch,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/tools/{name}".format(name=quote(str(name), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Tool | None:
    if response.status_code == 200:
        response_200 = Tool.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Tool]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ToolSettingsPatch,

) -> Response[Error | Tool]:
    """ Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active)

     Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active). HTTP tools receive a signed ToolRequest and answer a ToolResponse (docs/api.md, 'The
    HTTP tool protocol'). Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        name (str):
        body (ToolSettingsPatch): ``PATCH /tools/{name}`` and ``PATCH /agents/{id}/tools/{name}``
            body.

            ``config`` replaces the tool's config (``{}`` or null: none); for a built-in tool it
            takes ``model``, ``temperature`` and ``max_tokens``. ``is_active: false`` stops the
            tool from running for the owner's agents (or for this agent); its subscriptions stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Tool]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ToolSettingsPatch,

) -> Error | Tool | None:
    """ Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active)

     Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active). HTTP tools receive a signed ToolRequest and answer a ToolResponse (docs/api.md, 'The
    HTTP tool protocol'). Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        name (str):
        body (ToolSettingsPatch): ``PATCH /tools/{name}`` and ``PATCH /agents/{id}/tools/{name}``
            body.

            ``config`` replaces the tool's config (``{}`` or null: none); for a built-in tool it
            takes ``model``, ``temperature`` and ``max_tokens``. ``is_active: false`` stops the
            tool from running for the owner's agents (or for this agent); its subscriptions stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Tool
     """


    return sync_detailed(
        name=name,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ToolSettingsPatch,

) -> Response[Error | Tool]:
    """ Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active)

     Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active). HTTP tools receive a signed ToolRequest and answer a ToolResponse (docs/api.md, 'The
    HTTP tool protocol'). Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        name (str):
        body (ToolSettingsPatch): ``PATCH /tools/{name}`` and ``PATCH /agents/{id}/tools/{name}``
            body.

            ``config`` replaces the tool's config (``{}`` or null: none); for a built-in tool it
            takes ``model``, ``temperature`` and ``max_tokens``. ``is_active: false`` stops the
            tool from running for the owner's agents (or for this agent); its subscriptions stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Tool]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ToolSettingsPatch,

) -> Error | Tool | None:
    """ Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active)

     Configure a tool for all your agents (config: model, temperature, max_tokens for built-ins;
    is_active). HTTP tools receive a signed ToolRequest and answer a ToolResponse (docs/api.md, 'The
    HTTP tool protocol'). Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        name (str):
        body (ToolSettingsPatch): ``PATCH /tools/{name}`` and ``PATCH /agents/{id}/tools/{name}``
            body.

            ``config`` replaces the tool's config (``{}`` or null: none); for a built-in tool it
            takes ``model``, ``temperature`` and ``max_tokens``. ``is_active: false`` stops the
            tool from running for the owner's agents (or for this agent); its subscriptions stay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Tool
     """


    return (await asyncio_detailed(
        name=name,
client=client,
body=body,

    )).parsed
