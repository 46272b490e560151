"""Each function is given only the environment its code reads, and it fits Lambda's 4 KB
with room to grow: measured on the synthesized template with the longest plausible
physical names (a 20-character stack name, 13-character generated suffixes, the longest
region of each partition), as compact JSON, the way Lambda counts it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from infra.functions import specs
from tests.infra.lambda_env import LAMBDA_ENV_LIMIT, WORLDS, Resolver, environment, worst_case_size
from tests.infra.test_stack import _functions, _queue_ids, _table_ids
from wakeful import config, constants, retention
from wakeful.tables import TABLES

pytestmark = pytest.mark.infra

#: What every function must leave free under the limit: about a dozen more tables for
#: the largest (the api), or new settings.
HEADROOM = 768


def _worst_sizes(synth: Any) -> dict[str, int]:
    return {name: worst_case_size(synth.template, function["id"]) for name, function in _functions(synth).items()}


def test_every_functions_environment_fits_lambdas_4_kb_with_long_names_in_any_region(synth, every_option) -> None:
    for deployment in (synth, every_option):
        sizes = _worst_sizes(deployment)
        assert len(sizes) == len(constants.FUNCTIONS)
        too_big = {name: size for name, size in sizes.items() if size > LAMBDA_ENV_LIMIT}
        assert not too_big, f"Lambda refuses environments over {LAMBDA_ENV_LIMIT} bytes: {too_big}"


def test_every_function_leaves_room_under_the_limit_for_more_tables_and_settings(synth, every_option) -> None:
    for deployment in (synth, every_option):
        sizes = _worst_sizes(deployment)
        crowded = {name: size for name, size in sizes.items() if size > LAMBDA_ENV_LIMIT - HEADROOM}
        assert not crowded, f"less than {HEADROOM} bytes left under Lambda's {LAMBDA_ENV_LIMIT}: {crowded}"


def test_each_function_reads_from_its_environment_the_generated_names_of_exactly_its_specs_tables_and_queues(synth) -> None:
    tables, queues = _table_ids(synth), _queue_ids(synth)
    assert set(tables) == set(TABLES)
    function_specs = specs()
    for name, function in _functions(synth).items():
        spec = function_specs[name]
        for world in WORLDS:
            resolver = Resolver(synth.template, world)
            settings = config.settings_from_env(environment(synth.template, function["id"], world))
            assert settings.tables == {t: resolver.ref(tables[t]) for t in spec.tables()}, name
            assert settings.queues == {q: resolver.ref(queues[q]) for q in spec.sends}, name


def test_a_table_or_queue_a_function_was_not_given_fails_naming_it_and_its_variable(synth) -> None:
    function = _functions(synth)["deliver_hook"]
    settings = config.settings_from_env(environment(synth.template, function["id"], WORLDS[0]))
    assert "hooks" in settings.tables
    with pytest.raises(config.NotConfiguredError, match=r"table 'api_keys' .*WAKEFUL_TABLE_API_KEYS.*WAKEFUL_TABLES"):
        settings.table("api_keys")
    with pytest.raises(config.NotConfiguredError, match=r"queue 'thread' .*WAKEFUL_QUEUE_THREAD_URL.*WAKEFUL_QUEUES"):
        settings.queue("thread")


def test_each_setting_goes_only_to_the_functions_whose_code_reads_it(every_option) -> None:
    function_specs = specs()
    sharded = {n for n, t in TABLES.items() if any(i.pk.name.endswith("_shard") for i in t.indexes)}
    readers = {
        constants.ENV_KMS_KEY_ID: lambda s: "encrypt" in s.kms,  # sealing; unsealing needs no key id
        constants.ENV_ACCOUNT_ID: lambda s: s.invokes_tools or "tools" in s.writes,  # Lambda tools' ARNs
        constants.ENV_DUE_SHARDS: lambda s: bool(sharded & set(s.item_tables())),  # not a stream's reader
        constants.ENV_RETENTION_DAYS: lambda s: bool(set(retention.TABLES) & set(s.writes)),  # they stamp expiries
        constants.ENV_ARCHIVE_BUCKET: lambda s: s.archives,
        "WAKEFUL_SLACK_API_URL": lambda s: s is function_specs[constants.QUEUE_FUNCTIONS["channel_outbox"]],  # it posts
        constants.ENV_HOOK_STATE_MACHINE_ARN: lambda s: s.starts_hooks,
        constants.ENV_STREAM_WS_ENDPOINT: lambda s: s.manages_connections,
        constants.ENV_ANTHROPIC_SECRET: lambda s: s.llm,
        constants.ENV_BEDROCK_MODEL: lambda s: s.llm,
        constants.ENV_CURSOR_SECRET: lambda s: s.cursors,
        constants.ENV_WEBHOOK_BASE_URL: lambda s: s is function_specs["api"],
    }
    for name, function in _functions(every_option).items():
        variables = function["Properties"]["Environment"]["Variables"]
        for variable, reads in readers.items():
            assert (variable in variables) == bool(reads(function_specs[name])), (name, variable)
        # No table or queue in a variable of its own: they all come in the two lists.
        assert not [v for v in variables if re.fullmatch(r"WAKEFUL_(TABLE|QUEUE)_[A-Z_]+", v) and v not in (
            constants.ENV_TABLE_PREFIX, constants.ENV_QUEUE_URL_BASE)], name  # fmt: skip
