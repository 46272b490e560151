"""Lambda tools: only functions Wakeful may invoke are accepted."""

from __future__ import annotations

import pytest

from wakeful import config
from wakeful.tools import lambda_tool


@pytest.fixture()
def deployment(monkeypatch):
    """A deployment in us-east-1, account 111122223333, with one allow-listed ARN."""
    monkeypatch.setenv("AWS_REGION", "us-east-1")
    monkeypatch.setenv("WAKEFUL_ACCOUNT_ID", "111122223333")
    monkeypatch.setenv("WAKEFUL_LAMBDA_TOOL_ALLOWED_ARNS", "arn:aws:lambda:eu-west-1:999988887777:function:partner-*")
    config.get_settings.cache_clear()
    lambda_tool._own_account.cache_clear()
    yield
    config.get_settings.cache_clear()
    lambda_tool._own_account.cache_clear()


@pytest.mark.parametrize(
    "arn",
    [
        "arn:aws:lambda:us-east-1:111122223333:function:wakeful-tool-summarise",
        "arn:aws:lambda:us-east-1:111122223333:function:wakeful-tool-summarise:live",
        "arn:aws:lambda:eu-west-1:999988887777:function:partner-scorer",  # allow-listed
    ],
)
def test_an_allowed_function_arn_passes(deployment, arn):
    lambda_tool.check_function_arn(arn)


@pytest.mark.parametrize(
    ("arn", "why"),
    [
        ("arn:aws:lambda:us-east-1:444455556666:function:wakeful-tool-x", "account"),
        ("arn:aws:lambda:us-west-2:111122223333:function:wakeful-tool-x", "region"),
        ("arn:aws:lambda:us-east-1:111122223333:function:wakeful-api", "wakeful-tool-"),
        ("arn:aws:lambda:us-east-1:111122223333:function:billing-prod", "wakeful-tool-"),
    ],
)
def test_a_function_wakeful_may_not_invoke_is_refused(deployment, arn, why):
    with pytest.raises(lambda_tool.LambdaToolArnError) as raised:
        lambda_tool.check_function_arn(arn)
    assert why in raised.value.message
