"""Retry jitter is drawn from the operating system's entropy, never from the state of the
``random`` module: a function restored from a SnapStart snapshot restores that state as
it was when the snapshot was taken, so every restored copy would wait the same "random"
delays and retry in step."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from wakeful import backoff
from wakeful.backoff import Backoff, retry_delay
from wakeful.hooks.payloads import next_delay

LAYER = Path(__file__).resolve().parents[2] / "layers" / "wakeful"
#: What may be used of the module: the OS-entropy generator, and the class for annotations.
ALLOWED = {"SystemRandom", "Random"}


def draws() -> list[float]:
    return [Backoff().delay(6), retry_delay(2.0, 4), next_delay(2.0, 4), backoff.jitter(), backoff.uniform(0, 1)]


def test_two_copies_restored_from_one_snapshot_draw_different_jitter():
    snapshot = random.getstate()  # what a snapshot holds of the random module
    first = draws()
    random.setstate(snapshot)  # the second copy starts from the same memory
    second = draws()

    assert all(a != b for a, b in zip(first, second, strict=True)), (first, second)


def shared_state_uses(source: str) -> list[str]:
    """The ``random.<name>`` uses in ``source`` other than :data:`ALLOWED`."""
    return [
        f"random.{node.attr} (line {node.lineno})"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random" and node.attr not in ALLOWED
    ]


def test_no_module_of_the_layer_draws_from_the_random_modules_shared_state():
    found = {str(path.relative_to(LAYER)): uses for path in LAYER.rglob("*.py") if (uses := shared_state_uses(path.read_text()))}
    assert found == {}


def test_the_shared_state_check_recognises_what_it_forbids():
    assert shared_state_uses("import random\nx = random.uniform(0, 1)\ny = random.SystemRandom()\n") == ["random.uniform (line 2)"]
