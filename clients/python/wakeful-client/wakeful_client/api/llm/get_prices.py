from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.llm_price_page import LLMPricePage
from typing import cast


def _get_kwargs(

) -> dict[str, Any]:


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/llm/prices",
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | LLMPricePage | None:
    if response.status_code == 200:
        response_200 = LLMPricePage.from_dict(response.json())


        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | LLMPricePage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Error | LLMPricePage]:
    """ The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first)

     The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first). The model an agent's built-in tools use, and its daily token
    budget. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LLMPricePage]
     """


    kwargs = _get_kwargs(

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> Error | LLMPricePage | None:
    """ The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first)

     The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first). The model an agent's built-in tools use, and its daily token
    budget. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LLMPricePage
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Error | LLMPricePage]:
    """ The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first)

     The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first). The model an agent's built-in tools use, and its daily token
    budget. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LLMPricePage]
     """


    kwargs = _get_kwargs(

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> Error | LLMPricePage | None:
    """ The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first)

     The price table: US dollars per million tokens per provider and model (the deployment's
    WAKEFUL_LLM_PRICES entries first). The model an agent's built-in tools use, and its daily token
    budget. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LLMPricePage
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
