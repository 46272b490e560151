"""Cost of a call in US dollars, from public per-million-token prices.

The table covers the default models: Claude on the Anthropic API and on Amazon Bedrock
(model ids such as ``anthropic.claude-sonnet-4-5-20250929-v1:0``, cross-region
inference profiles such as ``us.anthropic.claude-…`` and their ARNs are priced as the
Claude model they name), and a few common OpenAI-compatible models (OpenAI, DeepSeek,
open models as OpenRouter names them). A model is looked up by its longest listed
prefix; Claude models not listed are priced by family (opus, sonnet, haiku).

Claude cache writes cost 1.25x the input price and cache reads 0.1x (5-minute cache);
other models state their cached-input price (OpenAI bills no cache writes).

``WAKEFUL_LLM_PRICES`` adds or overrides prices, JSON of model (or model prefix, or
``provider:model``) to ``{"input", "output", "cache_read"?, "cache_write"?}`` in
dollars per million tokens, e.g. ``{"qwen2.5:7b": {"input": 0, "output": 0}}``.

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


@lru_cache(maxsize=8)
def _configured(raw: str) -> dict[str, Price]:
    try:
        table = json.loads(raw)
        return {
            str(name): Price(
                float(p["input"]),
                float(p["output"]),
                None if p.get("cache_read") is None else float(p["cache_read"]),
                None if p.get("cache_write") is None else float(p["cache_write"]),
            )
            for name, p in table.items()
        }
    except (ValueError, TypeError, KeyError, AttributeError):
        logger.warning("WAKEFUL_LLM_PRICES is not a JSON object of {input, output} prices; ignored")
        return {}


def configured() -> dict[str, Price]:
    """Prices from ``WAKEFUL_LLM_PRICES``."""
    from wakeful.llm.settings import get_settings

    raw = get_settings().prices_json
    return _configured(raw) if raw else {}


def _longest(table: dict[str, Price], model: str) -> Price | None:
    for prefix in sorted(table, key=len, reverse=True):
        if model.startswith(prefix):
            return table[prefix]
    return None


def price(model: str, provider: str = "") -> Price | None:
    """The price of ``model`` on ``provider``, or None when it is nowhere listed."""
    extra = configured()
    if provider and f"{provider}:{model}" in extra:
        return extra[f"{provider}:{model}"]
    found = _longest(extra, model)
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
