"""Hooks: users' endpoints notified of an agent's lifecycle (docs/hooks.md).

A delivery's first attempt is made by the function that fires it when that invocation
has the time; a delivery that needs retries (or the time the firing function does not
have) is one Step Functions (Standard) execution of the state machine defined once in
:data:`DEFINITION_PATH`; the CDK app loads it with ``DefinitionBody.fromFile`` and the
local runtime creates it in moto, both substituting ``${DeliverFunctionArn}``.
"""

from __future__ import annotations

from pathlib import Path

#: The deliver-hook state machine (Amazon States Language), the one definition.
DEFINITION_PATH = Path(__file__).with_name("deliver_hook.asl.json")
#: The placeholder in the definition, given to CDK as ``definitionSubstitutions``.
DELIVER_FUNCTION_ARN = "DeliverFunctionArn"


def definition(deliver_function_arn: str) -> str:
    """The state machine definition with the deliver function's ARN substituted
    (what CloudFormation does with ``DefinitionSubstitutions``)."""
    return DEFINITION_PATH.read_text().replace("${" + DELIVER_FUNCTION_ARN + "}", deliver_function_arn)
