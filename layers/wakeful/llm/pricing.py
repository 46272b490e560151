"""Cost of a call in US dollars, from public per-million-token prices.

The table covers the default models: Claude on the Anthropic API and on Amazon Bedrock
(model ids such as ``anthropic.claude-sonnet-4-5-20250929-v1:0``, cross-region
inference profiles such as ``us.anthropic.claude-…`` and their ARNs are priced as the
Claude model they name), and a few common OpenAI-compatible models (OpenAI, DeepSeek,
open models as OpenRouter names them). A model is looked up by its longest listed
prefix; Claude models not listed are priced by family (opus, sonnet, haiku).

Claude cache writes cost 1.25x the input price and cache reads 0.1x (5-minute cache);
other models state their cached-input price (OpenAI bills no cache writes).

``WAKEFUL_LLM_PRICES`` adds or overrides prices: a JSON array of items ``{provider, model,
input_per_mtok, output_per_mtok, cache_read_per_mtok?, cache_write_per_mtok?}`` (US
dollars per million tokens; a ``model`` ending in ``*`` is a prefix, a ``provider`` of
``*`` any provider), inline, or in the file it names (a value not starting with ``[`` or
``{``). The older object of model (or prefix, or ``provider:model``) to ``{"input",
"output", "cache_read"?, "cache_write"?}`` is still read. An invalid table fails the
settings (:func:`parse_table` raises): a table silently ignored would price calls at $0.
:func:`items` lists the whole table, as ``GET /llm/prices`` shows it.

A model found nowhere costs 0, with a warning in the log (once per model and process).
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from functools import lru_cache

logger = logging.getLogger(__name__)

CACHE_WRITE_FACTOR = 1.25
CACHE_READ_FACTOR = 0.1


@dataclass(frozen=True)
class Price:
    """Dollars per million tokens. ``cache_read``/``cache_write`` default to the Claude
    factors of ``input`` when None."""

    input: float
    output: float
    cache_read: float | None = None
    cache_write: float | None = None

    def read_price(self) -> float:
        return self.input * CACHE_READ_FACTOR if self.cache_read is None else self.cache_read

    def write_price(self) -> float:
        return self.input * CACHE_WRITE_FACTOR if self.cache_write is None else self.cache_write


#: model (or prefix) -> (input $/MTok, output $/MTok): Claude (both providers).
PRICES: dict[str, tuple[float, float]] = {
    "claude-opus-4-1": (15.0, 75.0),
    "claude-opus-4-0": (15.0, 75.0),
    "claude-opus-4-2": (15.0, 75.0),
    "claude-opus-4": (5.0, 25.0),
    "claude-sonnet-4": (3.0, 15.0),
    "claude-3-7-sonnet": (3.0, 15.0),
    "claude-3-5-sonnet": (3.0, 15.0),
    "claude-haiku-4": (1.0, 5.0),
    "claude-3-5-haiku": (0.8, 4.0),
    "claude-3-haiku": (0.25, 1.25),
}
#: OpenAI-compatible models: model (or prefix) -> price (cached input as billed).
OPENAI_PRICES: dict[str, Price] = {
    "gpt-4o-mini": Price(0.15, 0.6, 0.075, 0.0),
    "gpt-4o": Price(2.5, 10.0, 1.25, 0.0),
    "gpt-4.1-nano": Price(0.1, 0.4, 0.025, 0.0),
    "gpt-4.1-mini": Price(0.4, 1.6, 0.1, 0.0),
    "gpt-4.1": Price(2.0, 8.0, 0.5, 0.0),
    "gpt-5-nano": Price(0.05, 0.4, 0.005, 0.0),
    "gpt-5-mini": Price(0.25, 2.0, 0.025, 0.0),
    "gpt-5": Price(1.25, 10.0, 0.125, 0.0),
    "o4-mini": Price(1.1, 4.4, 0.275, 0.0),
    "o3-mini": Price(1.1, 4.4, 0.55, 0.0),
    "o3": Price(2.0, 8.0, 0.5, 0.0),
    "deepseek-chat": Price(0.27, 1.1, 0.07, 0.0),
    "deepseek-reasoner": Price(0.55, 2.19, 0.14, 0.0),
    "meta-llama/llama-3.3-70b-instruct": Price(0.13, 0.4, 0.13, 0.0),
    "qwen/qwen-2.5-72b-instruct": Price(0.35, 0.4, 0.35, 0.0),
}
_FAMILIES = {"opus": (5.0, 25.0), "sonnet": (3.0, 15.0), "haiku": (1.0, 5.0)}
#: Bedrock model ids and inference profiles: ``[geo.]anthropic.<model>[-v1:0]``, or an
#: ARN ending in one.
_BEDROCK_ID = re.compile(r"^(?:arn:[^/]+/)?(?:[a-z]{2,4}\.)?anthropic\.(?P<model>claude-[a-z0-9.-]+?)(?:-v\d+(?::\d+)?)?$")
_warned: set[str] = set()


def claude_name(model: str) -> str:
    """The Claude model a Bedrock id, inference profile or ARN names (else ``model``)."""
    found = _BEDROCK_ID.match(model)
    return found.group("model") if found else model


#: The day the built-in table was read from the providers' price pages, and those pages.
PRICES_AS_OF = "2026-11-28"
PRICES_SOURCES = (
    "https://www.anthropic.com/pricing",
    "https://aws.amazon.com/bedrock/pricing/",
    "https://openai.com/api/pricing/",
    "https://api-docs.deepseek.com/quick_start/pricing",
    "https://openrouter.ai/models",
)
_ITEM_FIELDS = ("input_per_mtok", "output_per_mtok", "cache_read_per_mtok", "cache_write_per_mtok")
_MAX_PRICE = 1_000_000.0


@dataclass(frozen=True)
class PriceItem:
    """One entry of the price table: a provider's model (``*`` ends a prefix; a provider
    of ``*`` is any provider) and its :class:`Price`."""

    provider: str
    model: str
    price: Price
    source: str = "builtin"

    def matches(self, provider: str, model: str) -> bool:
        if self.provider not in ("*", provider):
            return False
        return model.startswith(self.model[:-1]) if self.model.endswith("*") else model == self.model

    def view(self) -> dict[str, object]:
        p = self.price
        return {
            "provider": self.provider,
            "model": self.model,
            "input_per_mtok": p.input,
            "output_per_mtok": p.output,
            "cache_read_per_mtok": p.read_price(),
            "cache_write_per_mtok": p.write_price(),
            "source": self.source,
        }


def _number(entry: dict[str, object], field: str, where: str, required: bool) -> float | None:
    value = entry.get(field)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"WAKEFUL_LLM_PRICES {where}: {field} must be a number (US dollars per million tokens)")
    if not 0 <= float(value) <= _MAX_PRICE:
        raise ValueError(f"WAKEFUL_LLM_PRICES {where}: {field} must be between 0 and {_MAX_PRICE:.0f}")
    return float(value)


def _item(entry: object, index: int) -> PriceItem:
    where = f"item {index}"
    if not isinstance(entry, dict):
        raise ValueError(f"WAKEFUL_LLM_PRICES {where} must be an object")
    unknown = set(entry) - {"provider", "model", *_ITEM_FIELDS}
    if unknown:
        raise ValueError(f"WAKEFUL_LLM_PRICES {where}: unknown field(s) {', '.join(sorted(unknown))}")
    names = {}
    for field in ("provider", "model"):
        value = entry.get(field)
        if not isinstance(value, str) or not value.strip() or len(value) > 200:
            raise ValueError(f"WAKEFUL_LLM_PRICES {where}: {field} must be a non-empty string")
        names[field] = value.strip()
    inp, out, read, write = (_number(entry, f, where, f in _ITEM_FIELDS[:2]) for f in _ITEM_FIELDS)
    assert inp is not None and out is not None
    return PriceItem(names["provider"], names["model"], Price(inp, out, read, write), "deployment")


def _legacy(table: dict[str, object]) -> tuple[PriceItem, ...]:
    out = []
    for name, p in table.items():
        if not isinstance(p, dict):
            raise ValueError(f"WAKEFUL_LLM_PRICES: the price of {name!r} must be an object")
        where = f"model {name!r}"
        inp, out_, read, write = (_number(p, f, where, f in ("input", "output")) for f in ("input", "output", "cache_read", "cache_write"))
        assert inp is not None and out_ is not None
        provider, _, model = str(name).partition(":") if ":" in str(name) and not str(name).split(":", 1)[1][:1].isdigit() else ("*", "", str(name))
        out.append(PriceItem(provider, f"{model}*", Price(inp, out_, read, write), "deployment"))
    return tuple(out)


@lru_cache(maxsize=8)
def parse_table(raw: str) -> tuple[PriceItem, ...]:
    """The deployment's price items from ``WAKEFUL_LLM_PRICES``: a JSON array (or the
    older object), inline or in the file it names.

    Raises:
        ValueError: the file cannot be read, or the table is not valid (the message
            says which item and field).
    """
    text = raw.strip()
    if not text.startswith(("[", "{")):
        try:
            with open(text, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise ValueError(f"WAKEFUL_LLM_PRICES names a file that cannot be read: {text} ({error.strerror})") from None
    try:
        table = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"WAKEFUL_LLM_PRICES is not valid JSON: {error.msg} at line {error.lineno}") from None
    if isinstance(table, dict):
        return _legacy(table)
    if not isinstance(table, list):
        raise ValueError("WAKEFUL_LLM_PRICES must be a JSON array of price items")
    return tuple(_item(entry, index) for index, entry in enumerate(table))


def configured() -> tuple[PriceItem, ...]:
    """The deployment's price items (``WAKEFUL_LLM_PRICES``; validated with the settings,
    read here from the environment so that pricing stays below the settings)."""
    import os

    from wakeful import constants

    raw = os.environ.get(constants.ENV_LLM_PRICES)
    return parse_table(raw) if raw else ()


def _deployment_price(provider: str, model: str) -> Price | None:
    """The most specific deployment item for the call: its provider before ``*``, an
    exact model before the longest prefix."""
    found = [item for item in configured() if item.matches(provider, model)]
    if not found:
        return None
    best = max(found, key=lambda i: (i.provider != "*", not i.model.endswith("*"), len(i.model)))
    return best.price


def _builtin_items() -> list[PriceItem]:
    out = []
    for provider in ("anthropic", "bedrock"):
        out += [PriceItem(provider, f"{m}*", Price(*pair)) for m, pair in PRICES.items()]
    out += [PriceItem("openai", f"{m}*", p) for m, p in OPENAI_PRICES.items()]
    return out


def items() -> list[PriceItem]:
    """The whole price table: the deployment's items, then the built-in ones."""
    return [*configured(), *_builtin_items()]


def _longest(table: dict[str, Price], model: str) -> Price | None:
    for prefix in sorted(table, key=len, reverse=True):
        if model.startswith(prefix):
            return table[prefix]
    return None


def price(model: str, provider: str = "") -> Price | None:
    """The price of ``model`` on ``provider``, or None when it is nowhere listed."""
    found = _deployment_price(provider or "*", model)
    if found is not None:
        return found
    name = claude_name(model)
    for prefix in sorted(PRICES, key=len, reverse=True):
        if name.startswith(prefix):
            return Price(*PRICES[prefix])
    if "claude" in name:
        for family, pair in _FAMILIES.items():
            if family in name:
                return Price(*pair)
    return _longest(OPENAI_PRICES, model.lower())


def prices(model: str) -> tuple[float, float]:
    """(input, output) dollars per million tokens for ``model`` ((0, 0) when unknown)."""
    found = price(model)
    return (found.input, found.output) if found else (0.0, 0.0)


def cost_usd(
    model: str, input_tokens: int, output_tokens: int, cache_read: int = 0, cache_write: int = 0, *, provider: str = ""
) -> float:
    """Dollars for one call (0 for a model with no known price, with a warning)."""
    found = price(model, provider)
    if found is None:
        if model not in _warned:
            _warned.add(model)
            logger.warning("no price for this model; its calls are counted at $0 (set WAKEFUL_LLM_PRICES)", extra={"model": model, "provider": provider})
        return 0.0
    return (
        input_tokens * found.input
        + cache_write * found.write_price()
        + cache_read * found.read_price()
        + output_tokens * found.output
    ) / 1_000_000
