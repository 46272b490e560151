"""How the route modules declare routes, light to import: no pydantic until a request
needs it.

The route modules use :class:`Router`, the markers :class:`Query` and :class:`Body`, and
:func:`ok` / :func:`written` / :func:`no_content`, all plain Python. Models are named,
not imported: a response model by its name in ``ok("Agent")``, a body by the parameter
``body`` annotated with the model's name (imported for type checkers only); both are
found through :data:`wakeful.apikit.schemas.MODELS` when something needs the class.

From one declaration :func:`register` builds two kinds of route (:mod:`wakeful.api.app`
puts each kind on its own resolver):

- **validating** -- Powertools' own validation: the markers become Powertools'
  ``Query``/``Body``, the model names their classes. It serves the OpenAPI document and
  every request the light kind hands over; it imports pydantic.
- **light** -- no validation middleware and no pydantic. A route without a body reads its
  query parameters itself when every value is one plain, valid value (``limit=20``,
  ``status=active``), exactly the values Powertools would produce. Anything else -- a
  body, a repeated or out-of-range parameter, a value it does not read as plainly --
  raises :class:`Revalidate`, and the request is served again by the validating kind,
  which answers as Powertools does (the same 422 with the same messages).
"""

from __future__ import annotations

import importlib
import inspect
import re
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import TYPE_CHECKING, Annotated, Any, TypeAlias, Union, get_args, get_origin

from aws_lambda_powertools.event_handler.api_gateway import Router as PowertoolsRouter

from wakeful.apikit.schemas import MODELS

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

JSON = "application/json"
SSE = "text/event-stream"

#: What a route passes as ``responses=`` (Powertools' shape; a ``"model"`` may be a name).
Responses: TypeAlias = "dict[int, OpenAPIResponse]"

#: Powertools' ``route()`` parameters, to read a declaration's options by name.
_ROUTE_PARAMETERS = inspect.signature(PowertoolsRouter.route)


class Revalidate(BaseException):  # noqa: N818 -- a signal, not an error
    """The light route cannot serve this request as sent: serve it validating.

    A ``BaseException``, so that Powertools' handler of every ``Exception`` lets it pass.
    """


class _Marker:
    """A parameter's declaration (Powertools' arguments, kept until needed)."""

    def __init__(self, **options: Any) -> None:
        self.options = options

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options})"

    def powertools(self) -> Any:
        from aws_lambda_powertools.event_handler.openapi import params

        return getattr(params, type(self).__name__)(**self.options)


class Query(_Marker):
    """A query parameter: ``Annotated[int, Query(ge=1, le=100, description=...)]``."""


class Body(_Marker):
    """The request body (optional bodies: ``Annotated[Model | None, Body()] = None``)."""


@dataclass(frozen=True, slots=True)
class Route:
    """One route as declared: the Powertools ``route()`` options, models named."""

    rule: str
    method: str
    func: Callable[..., Any]
    options: dict[str, Any]


class Router(PowertoolsRouter):
    """Powertools' router that keeps its routes as declared (:class:`Route`), for
    :func:`register` to put on a resolver either way."""

    def __init__(self) -> None:
        super().__init__()
        self.declared: list[Route] = []

    def route(self, rule: str, method: Any, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        bound = _ROUTE_PARAMETERS.bind(self, rule, method, *args, **kwargs)
        options = {name: value for name, value in bound.arguments.items() if name not in ("self", "rule", "method")}
        if isinstance(method, (list, tuple)):
            raise TypeError("declare one method per route")

        def declare(func: Callable[..., Any]) -> Callable[..., Any]:
            self.declared.append(Route(rule, method.upper(), func, options))
            return func

        return declare


def ok(model: str | type, status: int = 200, description: str = "OK") -> Responses:
    """``responses=`` for a route that answers ``model`` as JSON: a model's name in
    :data:`~wakeful.apikit.schemas.MODELS` (the core's), or the class (an extension's)."""
    return {status: {"description": description, "content": {JSON: {"model": model}}}}


def no_content(description: str = "No content") -> Responses:
    """``responses=`` for a route that answers 204 without a body."""
    return {204: {"description": description}}


def written(
    model: str | type,
    created: str = "Created",
    again: str = "Already there (same idempotency key or member): the first one",
) -> Responses:
    """``responses=`` for a create that answers 201, or 200 when it was already done."""
    return {**ok(model, 201, created), **ok(model, 200, again)}


def model(name: str) -> type:
    """The class of a model the routes name (imports its module)."""
    module = MODELS.get(name)
    if module is None:
        raise LookupError(f"the API names a model {name!r} that wakeful.apikit.schemas.MODELS does not list")
    return getattr(importlib.import_module(module), name)


def register(resolver: Any, router: Router, *, validating: bool) -> None:
    """Put ``router``'s routes on ``resolver``, validating or light (module docstring)."""
    router.api_resolver = resolver
    for declared in router.declared:
        options = dict(declared.options)
        if validating:
            options["responses"] = _named_models(options.get("responses"))
            func = _typed(declared.func)
        else:
            options["responses"] = None  # documentation only: the validating kind's
            options["enable_validation"] = False
            func = _light(resolver, declared)
        resolver.route(declared.rule, declared.method, **options)(func)


# -- validating --------------------------------------------------------------------------


def _named_models(responses: Responses | None) -> Responses | None:
    """``responses`` with each model name replaced by its class."""
    if not responses:
        return responses
    found: dict[int, Any] = {}
    for status, response in responses.items():
        content: dict[str, Any] = dict(response.get("content") or {})
        for media, spec in content.items():
            name = spec.get("model")
            if isinstance(name, str):
                content[media] = {**spec, "model": model(name)}
        found[status] = {**response, "content": content} if content else response
    return found


class _ModelNames(Mapping[str, Any]):
    """Names an annotation may use besides its module's globals: the models."""

    def __getitem__(self, name: str) -> Any:
        if name not in MODELS:
            raise KeyError(name)
        return model(name)

    def __iter__(self) -> Any:
        return iter(MODELS)

    def __len__(self) -> int:
        return len(MODELS)


def _powertools_hint(hint: Any) -> Any:
    """An annotation with our markers replaced by Powertools' own."""
    if get_origin(hint) is Annotated:
        base, *extras = get_args(hint)
        extras = [extra.powertools() if isinstance(extra, _Marker) else extra for extra in extras]
        return Annotated[(base, *extras)]
    return hint


def _typed(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` as Powertools' validation reads it: annotations resolved, markers its own."""
    hints = typing.get_type_hints(func, localns=_ModelNames(), include_extras=True)
    signature = inspect.signature(func)
    parameters = [
        parameter.replace(annotation=_powertools_hint(hints.get(name, parameter.annotation)))
        for name, parameter in signature.parameters.items()
    ]

    def route(**arguments: Any) -> Any:
        return func(**arguments)

    _like(route, func)
    route.__signature__ = signature.replace(parameters=parameters, return_annotation=inspect.Signature.empty)  # type: ignore[attr-defined]
    route.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
    return route


def _like(wrapper: Callable[..., Any], func: Callable[..., Any]) -> None:
    """Give ``wrapper`` the name, module and doc of ``func`` (Powertools derives
    operation ids and descriptions from them), without ``__wrapped__``."""
    for name in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(wrapper, name, getattr(func, name))


# -- light -------------------------------------------------------------------------------

_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")
_KINDS: dict[Any, str] = {int: "int", str: "str", bool: "bool"}
#: The ``Query`` options the light path understands (the constraints it checks, and the
#: description, which only documents); a parameter with any other is always validated.
_LIGHT_OPTIONS = {"ge", "le", "pattern", "max_length", "description"}
_REQUIRED = inspect.Parameter.empty


@dataclass(frozen=True, slots=True)
class _Param:
    """A query parameter the light path reads."""

    name: str
    kind: str
    default: Any
    ge: int | None = None
    le: int | None = None
    pattern: re.Pattern[str] | None = None
    max_length: int | None = None

    def read(self, raw: str) -> Any:
        """The value Powertools' validation would give ``raw``, or :class:`Revalidate`."""
        if self.kind == "int":
            if not _INT.fullmatch(raw):
                raise Revalidate
            value = int(raw)
            if (self.ge is not None and value < self.ge) or (self.le is not None and value > self.le):
                raise Revalidate
            return value
        if self.kind == "bool":
            if raw not in ("true", "false"):
                raise Revalidate
            return raw == "true"
        if (self.max_length is not None and len(raw) > self.max_length) or (
            self.pattern is not None and not self.pattern.fullmatch(raw)
        ):
            raise Revalidate
        return raw


def _plan(declared: Route) -> list[_Param] | None:
    """The query parameters of a route the light path can serve, or None: the route
    takes a body, or a parameter the light path does not read (always validated)."""
    path = set(re.findall(r"<(\w+)>", declared.rule))
    signature = inspect.signature(declared.func)
    params: list[_Param] = []
    for name, parameter in signature.parameters.items():
        if name == "body":
            return None
        annotation = parameter.annotation
        if isinstance(annotation, str):
            annotation = eval(annotation, declared.func.__globals__)  # noqa: S307 -- the module's own annotation
        base, marker = annotation, None
        if get_origin(annotation) is Annotated:
            base, *extras = get_args(annotation)
            marker = next((extra for extra in extras if isinstance(extra, _Marker)), None)
        if name in path:
            if base is not str or marker is not None:
                return None
            continue
        optional = get_origin(base) in (Union, UnionType) and NoneType in get_args(base)
        if optional:
            rest = [arg for arg in get_args(base) if arg is not NoneType]
            base = rest[0] if len(rest) == 1 else None
        options = marker.options if isinstance(marker, Query) else {}
        if base not in _KINDS or (marker is not None and not isinstance(marker, Query)) or set(options) - _LIGHT_OPTIONS:
            return None
        if parameter.default is _REQUIRED:
            return None  # a missing value is Powertools' error to word
        pattern = options.get("pattern")
        params.append(
            _Param(
                name,
                _KINDS[base],
                parameter.default,
                ge=options.get("ge"),
                le=options.get("le"),
                pattern=re.compile(pattern) if pattern else None,
                max_length=options.get("max_length"),
            )
        )
    return params


def _light(resolver: Any, declared: Route) -> Callable[..., Any]:
    """``declared.func`` called with its query parameters read by :class:`_Param`."""
    plan = _plan(declared)
    func = declared.func

    def route(**path: str) -> Any:
        if plan is None:
            raise Revalidate
        event = resolver.current_event
        return func(**path, **_query(event.raw_event, plan))

    _like(route, func)
    route.__annotations__ = {}
    return route


def _query(event: Mapping[str, Any], plan: list[_Param]) -> dict[str, Any]:
    """The plan's values from an API Gateway (REST) event; each must be sent once."""
    single = event.get("queryStringParameters") or {}
    multi = event.get("multiValueQueryStringParameters") or {}
    values: dict[str, Any] = {}
    for param in plan:
        raw = single.get(param.name)
        sent = multi.get(param.name)
        if sent is not None:
            if len(sent) != 1 or (raw is not None and raw != sent[0]):
                raise Revalidate
            raw = sent[0]
        values[param.name] = param.default if raw is None else param.read(raw)
    return values
