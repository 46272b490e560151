"""Every queue of the stack states its message size: 1 MiB, what the senders check
against (queues made before SQS raised the default had 256 KiB)."""

from __future__ import annotations

from wakeful.limits import SQS_MESSAGE_BYTES


def test_every_queue_states_a_maximum_message_size_of_1_mib(synth):
    queues = synth.resources("AWS::SQS::Queue")
    assert queues
    assert {name: props["Properties"].get("MaximumMessageSize") for name, props in queues.items()} == {
        name: SQS_MESSAGE_BYTES for name in queues
    }
    assert SQS_MESSAGE_BYTES == 1_048_576
