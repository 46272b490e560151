"""``wakeful dev`` wiring for hooks: the deliver-hook state machine runs in moto's
Step Functions interpreter, and its Lambda task runs the real deliver handler
in-process (docs/architecture.md).

:func:`setup` (called by :meth:`wakeful_dev.runtime.DevStack._extensions`) creates, in
the emulator, the deliver function and the state machine from the one definition
(:data:`wakeful.hooks.DEFINITION_PATH`, the file the CDK app deploys), and points
``WAKEFUL_HOOK_STATE_MACHINE_ARN`` at it. moto's docker-free Lambda backend answers
every invocation with a canned payload; :func:`route_invocations` makes it call the
handler instead, with the AWS Python runtime's error shape so that the definition's
``Retry``/``Catch`` see the same errors as on AWS.
"""

from __future__ import annotations

import io
import json
import logging
import os
import threading
import traceback
import zipfile
from typing import Any, Callable

from botocore.exceptions import ClientError

from wakeful import aws, constants, hooks

logger = logging.getLogger(__name__)

FUNCTION_NAME = "wakeful-deliver-hook"
STATE_MACHINE_NAME = "wakeful-deliver-hook"
ROLE_NAME = "wakeful-dev-deliver-hook"
HANDLER = "functions.deliver_hook.handler.handler"

#: moto function name -> the in-process handler that serves its invocations
_targets: dict[str, Callable[[dict[str, Any]], Any]] = {}
_install_lock = threading.Lock()


def setup(stack: Any) -> str:
    """Create the deliver function and state machine in the emulator; returns the
    state machine's ARN (also exported as ``WAKEFUL_HOOK_STATE_MACHINE_ARN``)."""
    # moto logs each failed execution at ERROR with a huge repr; a failed delivery is
    # an ordinary outcome here, recorded in hook_executions.
    logging.getLogger("moto.stepfunctions.parser").setLevel(logging.CRITICAL)
    route_invocations()
    role_arn = _role()
    function_arn = _function(role_arn)
    _targets[FUNCTION_NAME] = lambda event: stack.invoke("deliver_hook", event)
    machine_arn = _state_machine(function_arn, role_arn)
    os.environ[constants.ENV_HOOK_STATE_MACHINE_ARN] = machine_arn
    aws.reset_clients()
    stack.hook_state_machine_arn = machine_arn
    return machine_arn


def _role() -> str:
    iam = aws.client("iam")
    trust = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": "sts:AssumeRole",
                "Principal": {"Service": ["lambda.amazonaws.com", "states.amazonaws.com"]},
            }
        ],
    }
    try:
        return iam.create_role(RoleName=ROLE_NAME, AssumeRolePolicyDocument=json.dumps(trust))["Role"]["Arn"]
    except ClientError as error:
        if error.response["Error"]["Code"] != "EntityAlreadyExists":
            raise
        return iam.get_role(RoleName=ROLE_NAME)["Role"]["Arn"]


def _function(role_arn: str) -> str:
    client = aws.client("lambda")
    try:
        return client.get_function(FunctionName=FUNCTION_NAME)["Configuration"]["FunctionArn"]
    except ClientError as error:
        if error.response["Error"]["Code"] != "ResourceNotFoundException":
            raise
    code = io.BytesIO()
    with zipfile.ZipFile(code, "w") as archive:
        # moto needs a package; the code that runs is the repository's, in-process.
        archive.writestr("README", "served in-process by wakeful dev\n")
    return client.create_function(
        FunctionName=FUNCTION_NAME,
        Runtime="python3.11",
        Role=role_arn,
        Handler=HANDLER,
        Code={"ZipFile": code.getvalue()},
        Timeout=60,
        Environment={"Variables": {}},
    )["FunctionArn"]


def _state_machine(function_arn: str, role_arn: str) -> str:
    client = aws.client("stepfunctions")
    definition = hooks.definition(function_arn)
    for machine in client.list_state_machines().get("stateMachines", []):
        if machine["name"] == STATE_MACHINE_NAME:
            client.update_state_machine(stateMachineArn=machine["stateMachineArn"], definition=definition)
            return machine["stateMachineArn"]
    return client.create_state_machine(
        name=STATE_MACHINE_NAME, definition=definition, roleArn=role_arn, type="STANDARD"
    )["stateMachineArn"]


def route_invocations() -> None:
    """Make moto's Lambda backend run registered functions' handlers in-process.

    Other functions (e.g. users' Lambda tools in tests) keep moto's own behaviour.
    """
    from moto.awslambda_simple.models import LambdaSimpleBackend

    with _install_lock:
        if getattr(LambdaSimpleBackend.invoke, "_wakeful_routed", False):
            return
        original = LambdaSimpleBackend.invoke

        def invoke(self: Any, function_name: str, qualifier: str | None, body: Any, headers: Any, response_headers: Any) -> Any:
            try:
                name = self.get_function(function_name, qualifier).function_name
            except Exception:  # noqa: BLE001 - unknown here: moto answers as it would
                name = None
            target = _targets.get(name) if name else None
            if target is None:
                return original(self, function_name, qualifier, body, headers, response_headers)
            if isinstance(body, bytes):
                body = body.decode("utf-8")
            try:
                result = target(json.loads(body) if body else {})
            except Exception as exc:  # noqa: BLE001 - shaped like the AWS Python runtime's answer
                response_headers["x-amz-function-error"] = "Unhandled"
                return json.dumps(
                    {
                        "errorMessage": str(exc),
                        "errorType": type(exc).__name__,
                        "requestId": "local",
                        "stackTrace": traceback.format_tb(exc.__traceback__),
                    }
                ).encode()
            return json.dumps(result, default=str).encode()

        invoke._wakeful_routed = True  # type: ignore[attr-defined]
        LambdaSimpleBackend.invoke = invoke  # type: ignore[method-assign]
