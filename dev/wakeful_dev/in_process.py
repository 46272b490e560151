"""AWS requests to the emulator this process runs, handed to it without a socket.

The local stack runs moto's server in a thread of the same process as the handlers.
Over loopback every AWS call was an HTTP round trip: urllib3 and ``http.client`` on one
side, ``http.server`` and werkzeug's request parsing on the other, a server thread per
connection. The clients still build and serialise each request and parse each answer as
they do against AWS; only the bytes go from the client to moto directly: to the response
class of DynamoDB or SQS (as moto's own in-process mock hands requests over), or to its
WSGI application for the other services. Requests to anything else (the API gateway,
hooks, tools) and every request once the emulator has stopped go over HTTP as before.

Requests for DynamoDB and SQS are not signed: a signature costs a fifth of the CPU of a
GetItem, and their response classes read nothing from it but the account and region,
which without one are moto's defaults, the local stack's own (account 123456789012,
``us-east-1``). Other services are signed: moto's WSGI application finds the service a
request is for in its signature.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

#: Services whose requests go straight to moto's response class (as moto's own
#: in-process mock hands them over), not through its WSGI app and Flask: nearly every
#: request of a stack is one of theirs. Other services take the WSGI app.
_DIRECT = {"dynamodb": ("moto.dynamodb.responses", "DynamoHandler"), "sqs": ("moto.sqs.responses", "SQSResponse")}


class InProcessTransport:
    """A botocore ``before-send`` handler that answers requests for ``endpoint``
    from ``app`` (moto's WSGI application)."""

    def __init__(self, endpoint: str, app: Any) -> None:
        self.endpoint = endpoint.rstrip("/")
        self.app = app
        self.active = True

    def __call__(self, request: Any, event_name: str = "", **_: Any) -> Any:
        if not self.active or not (request.url == self.endpoint or request.url.startswith(self.endpoint + "/")):
            return None
        from botocore.awsrequest import AWSResponse
        from moto.core.botocore_stubber import MockRawResponse

        service = _service(event_name)
        answer = self._direct(service, request) if service in _DIRECT else self._through_the_app(request)
        status, headers, content = answer
        return AWSResponse(request.url, status, headers, MockRawResponse(content))

    def choose_signer(self, event_name: str = "", **_: Any) -> Any:
        """A botocore ``choose-signer`` handler: DynamoDB and SQS requests go unsigned
        while this answers them; None leaves the choice to the client."""
        import botocore

        return botocore.UNSIGNED if self.active and _service(event_name) in _DIRECT else None

    def _direct(self, service: str, request: Any) -> tuple[int, Any, Any]:
        """What moto's server answers, from the response class it would route to."""
        from botocore.exceptions import ClientError
        from moto.core.request import Request
        from werkzeug.exceptions import HTTPException

        handler = _response_class(service)
        moto_request = Request.from_primitives(request.method, request.url, request.headers, request.body)
        try:
            result = handler.dispatch(moto_request, moto_request.raw_url, dict(moto_request.headers))
        except HTTPException as error:
            return error.code or 500, error.get_headers(), error.get_body()
        except ClientError as error:  # as the server's Flask wrapper answers one
            return 400, {}, error.response["Error"]["Message"]
        return result if len(result) == 3 else (200, {}, result)

    def _through_the_app(self, request: Any) -> tuple[int, Any, bytes]:
        """What moto's WSGI application answers."""
        from werkzeug.test import EnvironBuilder, run_wsgi_app

        url = urlsplit(request.url)
        body = request.body
        if hasattr(body, "read"):
            body = body.read()
        headers = [(name, value.decode("latin-1") if isinstance(value, bytes) else value) for name, value in request.headers.items()]
        builder = EnvironBuilder(
            method=request.method,
            base_url=f"{url.scheme}://{url.netloc}",
            path=url.path or "/",
            query_string=url.query,
            headers=headers,
            data=body or b"",
        )
        try:
            app_iter, status, response_headers = run_wsgi_app(self.app, builder.get_environ())
            try:
                content = b"".join(app_iter)
            finally:
                if hasattr(app_iter, "close"):
                    app_iter.close()
        finally:
            builder.close()
        return int(status.split(" ", 1)[0]), dict(response_headers), content


def _service(event_name: str) -> str:
    """The service of a botocore event (``before-send.dynamodb.GetItem``: ``dynamodb``)."""
    return event_name.split(".")[1] if event_name.count(".") >= 2 else ""


@lru_cache(maxsize=None)
def _response_class(service: str) -> Any:
    module, name = _DIRECT[service]
    return getattr(importlib.import_module(module), name)
