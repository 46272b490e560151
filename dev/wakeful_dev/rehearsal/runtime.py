"""One deployed function's runtime, as a process of its own (a Lambda execution
environment): run as a script by :mod:`wakeful_dev.rehearsal.functions`, never imported.

``python -I runtime.py TASK_ROOT LAYER_DIRS HANDLER RESULT_FD FUNCTION_ARN`` with the function's
environment: puts the function's code (TASK_ROOT) and its layer's ``python/`` directory
(LAYER_DIRS, ``os.pathsep``-separated: Lambda's ``/opt/python``) first on ``sys.path``, imports the
handler (the init phase), then reads one invocation a line on stdin
(``{"event", "request_id", "trace_id", "deadline_ms"}``) and writes each answer as a
line to RESULT_FD: ``{"result": ...}``, or Lambda's ``errorType``/``errorMessage``/
``stackTrace``. The handler's own output (logs, metrics) goes to stdout and stderr.
Standard library only: nothing of the rehearsal is imported into the function.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
import traceback
from typing import Any


class Context:
    """The Lambda context object, from the function's deployed configuration."""

    def __init__(self, arn: str, request_id: str, deadline_ms: int) -> None:
        self.function_name = os.environ["AWS_LAMBDA_FUNCTION_NAME"]
        self.function_version = os.environ["AWS_LAMBDA_FUNCTION_VERSION"]
        self.memory_limit_in_mb = int(os.environ["AWS_LAMBDA_FUNCTION_MEMORY_SIZE"])
        self.invoked_function_arn = arn
        self.log_group_name = os.environ["AWS_LAMBDA_LOG_GROUP_NAME"]
        self.log_stream_name = os.environ["AWS_LAMBDA_LOG_STREAM_NAME"]
        self.aws_request_id = request_id
        self._deadline_ms = deadline_ms

    def get_remaining_time_in_millis(self) -> int:
        return max(0, self._deadline_ms - int(time.time() * 1000))


def _error(error: BaseException) -> dict[str, Any]:
    return {
        "errorType": type(error).__name__,
        "errorMessage": str(error),
        "stackTrace": traceback.format_exception(type(error), error, error.__traceback__),
    }


def main() -> None:
    task_root, layer_dirs, handler_spec, result_fd, arn = sys.argv[1:6]
    sys.path[:0] = [task_root, *filter(None, layer_dirs.split(os.pathsep))]
    answers = os.fdopen(int(result_fd), "w")
    module_name, _, attribute = handler_spec.rpartition(".")
    try:
        handler = getattr(importlib.import_module(module_name), attribute)
        init_error = None
    except BaseException as error:  # noqa: BLE001 - Lambda reports an init error on each invocation
        handler, init_error = None, _error(error)
    for line in sys.stdin:
        request = json.loads(line)
        os.environ["_X_AMZN_TRACE_ID"] = request["trace_id"]
        context = Context(arn, request["request_id"], request["deadline_ms"])
        if init_error is not None:
            answer: dict[str, Any] = {"init": True, **init_error}
        else:
            try:
                answer = {"result": handler(request["event"], context)}
            except Exception as error:  # noqa: BLE001 - what Lambda answers for an unhandled error
                answer = _error(error)
        sys.stdout.flush()
        sys.stderr.flush()
        answers.write(json.dumps(answer, default=str) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
