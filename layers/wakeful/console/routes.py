"""``GET /console`` and ``GET /console/{asset}``: the web console, public like ``/docs``.

The page itself holds no secret: it asks for an API key and sends it on each API call.
The HTML is given the API's base path (API Gateway's stage, if any) so that the same
files work under ``wakeful dev`` at ``/`` and on AWS under ``/<stage>/``.
"""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import Response
from wakeful.apikit.routing import Router

from wakeful.console import assets
from wakeful.exceptions import NotFoundError

router = Router()

#: The console calls only its own origin; nothing may frame it (it handles API keys).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
BASE_PLACEHOLDER = "{{BASE}}"


@router.get("/console", summary="The web console", tags=["console"], include_in_schema=False)
def console_index():
    """The console's page, pointed at this API's base path."""
    asset = assets.load(assets.INDEX)
    if asset is None:
        raise NotFoundError("the console is not installed")
    base = _base_path()
    html = asset.text.replace(BASE_PLACEHOLDER, base)
    # The same file under two stage paths is two representations: the ETag says which.
    return _serve(asset, body=html, etag=f'{asset.etag[:-1]}-{len(base)}"')


@router.get("/console/<name>", summary="A console asset", tags=["console"], include_in_schema=False)
def console_asset(name: str):
    """One of the console's files (scripts, stylesheet, icon); never the page itself."""
    asset = assets.load(name) if name != assets.INDEX else None
    if asset is None:
        raise NotFoundError(f"no console file {name!r}")
    return _serve(asset, body=asset.text, etag=asset.etag)


def _serve(asset: assets.Asset, *, body: str, etag: str) -> Response:
    headers = {**SECURITY_HEADERS, "ETag": etag}
    if _if_none_match() == etag:
        return Response(status_code=304, body="", headers=headers)
    return Response(status_code=200, content_type=asset.content_type, body=body, headers=headers)


def _if_none_match() -> str | None:
    headers = router.current_event.headers or {}
    return next((value for key, value in headers.items() if key.lower() == "if-none-match"), None)


def _base_path() -> str:
    """The API's base path as the browser sees it: ``/`` locally, ``/<stage>/`` on AWS."""
    event = router.current_event
    context = event.raw_event.get("requestContext") or {}
    full = context.get("path") or event.path
    if not context.get("domainName") or not full.endswith(event.path):
        return "/"
    prefix = full[: len(full) - len(event.path)]
    return f"{prefix}/" if prefix else "/"
