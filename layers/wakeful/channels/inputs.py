"""The channel routes' request bodies (pydantic), apart from :mod:`wakeful.channels.models`
so that the inbound, worker and delivery functions never import pydantic.

A channel's ``config`` depends on its ``kind``; it is checked against the kind's model
(:data:`CONFIGS`), and an error names the field, never its value (a secret).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, ValidationError, WithJsonSchema, model_validator

from wakeful.channels import models
from wakeful import inputs
from wakeful.inputs import Body, Patch, secret_token, unchanged


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


Secret = Annotated[str, Field(min_length=1, max_length=512), AfterValidator(secret_token)]
#: Telegram's webhook ``secret_token`` (Telegram takes 1-256 of ``A-Z a-z 0-9 _ -``; any
#: visible ASCII compares safely with its header).
WebhookSecret = Annotated[str, Field(min_length=1, max_length=256), AfterValidator(secret_token)]
#: A platform user id: text, or an integer (kept as its text).
UserId = Annotated[
    str,
    BeforeValidator(_integer_as_text),
    Field(pattern=models.USER_ID_PATTERN),
    _text_or_integer(models.USER_ID_PATTERN, "A platform user id; an integer is kept as its text"),
]
Email = Annotated[str, Field(pattern=models.CONVERSATION_PATTERNS[models.EMAIL], max_length=320)]
#: A notification target: a channel name, or ``name:conversation``.
Target = inputs.Target


class SlackConfig(Body):
    """A Slack app: its bot token (``xoxb-…``, scope ``chat:write``), its signing
    secret, and the channel messages go to by default."""

    bot_token: Secret
    signing_secret: Secret
    channel: str = Field(pattern=models.CONVERSATION_PATTERNS[models.SLACK], description="A channel id (C0123…) or #name")


class DiscordConfig(Body):
    """A Discord application: its bot token, its public key (hex Ed25519, to verify its
    interactions) and the channel messages go to by default."""

    bot_token: Secret
    public_key: str = Field(pattern=models.DISCORD_PUBLIC_KEY_PATTERN, description="The application's public key (64 hex digits)")
    channel_id: str = Field(
        pattern=models.CONVERSATION_PATTERNS[models.DISCORD],
        description="A channel id (a snowflake); 1-100 characters that may stand in a URL path (no / ? # % \\ or spaces)",
    )


CHAT_ID_DOC = "A chat id (an integer, or its text; kept as text) or @channelusername: 1-100 characters, no / ? # % \\ or spaces"


class TelegramConfig(Body):
    """A Telegram bot: its token, the ``secret_token`` given to ``setWebhook``, and the
    chat messages go to by default."""

    bot_token: str = Field(
        pattern=models.TELEGRAM_TOKEN_PATTERN,
        description="<digits>:<token> as BotFather gives it; 1-256 characters that may stand in a URL path (no / ? # % \\ or spaces)",
    )
    secret_token: WebhookSecret = Field(description="The setWebhook secret_token (Telegram takes 1-256 of A-Z a-z 0-9 _ -)")
    chat_id: Annotated[
        str,
        BeforeValidator(_integer_as_text),
        Field(pattern=models.CONVERSATION_PATTERNS[models.TELEGRAM], description=CHAT_ID_DOC),
        _text_or_integer(models.CONVERSATION_PATTERNS[models.TELEGRAM], CHAT_ID_DOC),
    ]


class EmailConfig(Body):
    """Email through SES ``SendEmail``: the sender (an SES-verified identity) and the
    recipients."""

    sender: Email = Field(alias="from", description="The sender address (verified in SES)")
    to: list[Email] = Field(min_length=1, max_length=50, description="The recipients")


CONFIGS: dict[str, type[Body]] = {
    models.SLACK: SlackConfig,
    models.DISCORD: DiscordConfig,
    models.TELEGRAM: TelegramConfig,
    models.EMAIL: EmailConfig,
}
CONFIG_DOC = (
    "By kind: slack `{bot_token, signing_secret, channel}`; discord `{bot_token, public_key, channel_id}`; "
    "telegram `{bot_token, secret_token, chat_id}`; email `{from, to: [addresses]}`. bot_token, signing_secret "
    "and secret_token are write-only."
)


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
    model = CONFIGS[kind]
    try:
        checked = model.model_validate(config)
    except ValidationError as error:
        problems = "; ".join(f"config.{'.'.join(str(p) for p in e['loc'])}: {_problem(model, e)}" for e in error.errors()[:5])
        raise ValueError(f"a {kind} channel's {problems}") from None
    return checked.model_dump(by_alias=True)


class ChannelCreate(Body):
    """``POST /channels`` body."""

    kind: Literal["slack", "discord", "telegram", "email"]
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
