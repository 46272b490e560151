"""The channel routes' request bodies (pydantic), apart from :mod:`wakeful.channels.models`
so that the inbound, worker and delivery functions never import pydantic.

A channel's ``config`` depends on its ``kind``; it is checked against the kind's model
(:func:`config_model`, built from its platform's fields), and an error names the field, never its value (a secret).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, ValidationError, WithJsonSchema, create_model, model_validator

from wakeful.channels import models
from wakeful import inputs
from wakeful.channels.platforms import models as platforms
from wakeful.channels.platforms.models import ConfigField
from wakeful.inputs import Body, OneOf, Patch, secret_token, unchanged


def _integer_as_text(value: Any) -> Any:
    """A platform id given as a JSON integer (Telegram's API numbers its users and
    chats), as the text it is kept and compared as: ``5551`` and ``"5551"`` are one id.
    A boolean, a fraction or anything else is not an id."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise ValueError("an id is a string or an integer")
    return value


def _text_or_integer(pattern: str, description: str) -> WithJsonSchema:
    return WithJsonSchema({"anyOf": [{"type": "string", "pattern": pattern}, {"type": "integer"}], "description": description})


#: A platform user id: text, or an integer (kept as its text).
UserId = Annotated[
    str,
    BeforeValidator(_integer_as_text),
    Field(pattern=models.USER_ID_PATTERN),
    _text_or_integer(models.USER_ID_PATTERN, "A platform user id; an integer is kept as its text"),
]
#: A notification target: a channel name, or ``name:conversation``.
Target = inputs.Target


def _annotation(field: ConfigField) -> Any:
    """The type of one config field: a secret without a pattern is any 1 to
    ``max_length`` (512) visible ASCII characters; else text matching its pattern (an
    integer taken as its text where the platform numbers its ids); a list of those for
    ``many``."""
    if field.secret and field.pattern is None:
        one: Any = Annotated[str, Field(min_length=1, max_length=field.max_length or 512), AfterValidator(secret_token)]
    elif field.integer_as_text:
        one = Annotated[
            str,
            BeforeValidator(_integer_as_text),
            Field(pattern=field.pattern, max_length=field.max_length, description=field.description or None),
            _text_or_integer(field.pattern or ".*", field.description),
        ]
    else:
        one = Annotated[str, Field(pattern=field.pattern, max_length=field.max_length)]
    if field.many:
        return list[one]
    return one


def _field(field: ConfigField) -> Any:
    extra: dict[str, Any] = {"min_length": field.min_items, "max_length": field.max_items} if field.many else {}
    return Field(alias=field.alias, description=field.description or None, **extra)


def config_model(kind: str) -> type[Body]:
    """The model a ``kind`` channel's config is checked against, built from its
    platform's fields (once per platform class)."""
    platform = platforms.entry(kind).load()
    found = _models.get(platform)
    if found is None:
        fields: dict[str, Any] = {f.name: (_annotation(f), _field(f)) for f in platform.config}
        found = _models[platform] = create_model(f"{platform.__name__}Config", __base__=Body, **fields)
    return found


_models: dict[type, type[Body]] = {}


def config_doc() -> str:
    """What each kind's config holds, in words (the API's description of ``config``)."""
    configs = {name: platforms.entry(name).load().config for name in platforms.names()}
    kinds = "; ".join(f"{name} `{{{', '.join(_shown(f) for f in config)}}}`" for name, config in configs.items())
    secret = [f.key for config in configs.values() for f in config if f.secret]
    written = list(dict.fromkeys(secret))
    spelled = ", ".join(written[:-1]) + f" and {written[-1]}" if len(written) > 1 else "".join(written)
    return f"By kind: {kinds}. {spelled} are write-only."


def _shown(field: ConfigField) -> str:
    return f"{field.key}: [addresses]" if field.many else field.key


def _problem(model: type[Body], error: Any) -> str:
    """What is wrong with a config field: a pattern it misses is told in words (its
    description), not as the regular expression."""
    name = str(error["loc"][0]) if error["loc"] else ""
    field = next((f for n, f in model.model_fields.items() if name in (n, f.alias)), None)
    if error["type"] == "string_pattern_mismatch" and field is not None and field.description:
        return f"does not have the allowed form: {field.description}"
    return str(error["msg"])


def check_config(kind: str, config: dict[str, Any]) -> dict[str, Any]:
    """``config`` checked against ``kind``'s model, as stored (``from`` under its name).

    Raises:
        ValueError: naming each field that breaks a rule (never a value).
    """
    model = config_model(kind)
    try:
        checked = model.model_validate(config)
    except ValidationError as error:
        problems = "; ".join(f"config.{'.'.join(str(p) for p in e['loc'])}: {_problem(model, e)}" for e in error.errors()[:5])
        raise ValueError(f"a {kind} channel's {problems}") from None
    return checked.model_dump(by_alias=True)


CONFIG_DOC = config_doc()


class ChannelCreate(Body):
    """``POST /channels`` body."""

    kind: Annotated[str, OneOf(platforms.names)]
    name: str = Field(pattern=models.NAME_PATTERN, description="Unique among your channels; targets name it")
    agent_id: str = Field(min_length=1, max_length=64, description="The agent people talk to here")
    config: dict[str, Any] = Field(description=CONFIG_DOC)
    allowed_users: list[UserId] | None = Field(
        default=None,
        max_length=models.MAX_ALLOWED_USERS,
        description="Platform user ids (strings, or integers kept as their text) who may talk to the agent and press its buttons; absent: anyone",
    )

    @model_validator(mode="after")
    def _config_fits_the_kind(self) -> ChannelCreate:
        self.config = check_config(self.kind, self.config)
        return self


class ChannelPatch(Patch):
    """``PATCH /channels/{channel_id}`` body: any subset. ``config`` changes only the
    fields it names (a new bot token, another default conversation); ``allowed_users:
    null`` lets anyone talk again."""

    name: str = unchanged(pattern=models.NAME_PATTERN)
    agent_id: str = unchanged(min_length=1, max_length=64)
    config: dict[str, Any] = unchanged(description="The config fields to change; the others keep their values")
    allowed_users: list[UserId] | None = Field(default=None, max_length=models.MAX_ALLOWED_USERS)


class ChannelTest(Body):
    """``POST /channels/{channel_id}/test`` body (optional)."""

    message: str | None = Field(default=None, min_length=1, max_length=2000, description="Default: a short test message")
    conversation: str | None = Field(default=None, min_length=1, max_length=254, description="Default: the channel's own")
