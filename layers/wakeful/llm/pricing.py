"""Cost of a call in US dollars, from the public per-million-token prices.

Cache writes cost 1.25x the input price and cache reads 0.1x (5-minute cache). Models
not listed are priced by family (opus, sonnet, haiku); anything else as sonnet.
"""

from __future__ import annotations

#: model (or prefix) -> (input $/MTok, output $/MTok)
PRICES: dict[str, tuple[float, float]] = {
    "claude-opus-4-1": (15.0, 75.0),
    "claude-opus-4-0": (15.0, 75.0),
    "claude-opus-4-2": (15.0, 75.0),
    "claude-opus-4": (5.0, 25.0),
    "claude-sonnet-4": (3.0, 15.0),
    "claude-haiku-4": (1.0, 5.0),
    "claude-3-5-haiku": (0.8, 4.0),
    "claude-3-haiku": (0.25, 1.25),
}
_FAMILIES = {"opus": (5.0, 25.0), "sonnet": (3.0, 15.0), "haiku": (1.0, 5.0)}
CACHE_WRITE_FACTOR = 1.25
CACHE_READ_FACTOR = 0.1


def prices(model: str) -> tuple[float, float]:
    """(input, output) dollars per million tokens for ``model``."""
    for prefix in sorted(PRICES, key=len, reverse=True):
        if model.startswith(prefix):
            return PRICES[prefix]
    for family, price in _FAMILIES.items():
        if family in model:
            return price
    return _FAMILIES["sonnet"]


def cost_usd(model: str, input_tokens: int, output_tokens: int, cache_read: int = 0, cache_write: int = 0) -> float:
    """Dollars for one call."""
    price_in, price_out = prices(model)
    return (
        input_tokens * price_in
        + cache_write * price_in * CACHE_WRITE_FACTOR
        + cache_read * price_in * CACHE_READ_FACTOR
        + output_tokens * price_out
    ) / 1_000_000
