"""docs/deploy.md states what the synthesized stack is made of: what ``cdk destroy``
leaves behind, and the resources an idle deployment pays for. These tests hold it to
the template, so a change to the stack that the page does not follow fails here."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "deploy.md").read_text()


def _section(title: str) -> str:
    start = PAGE.index(f"## {title}\n")
    end = PAGE.find("\n## ", start + 1)
    return PAGE[start : end if end != -1 else len(PAGE)]


def test_the_tear_down_names_every_resource_the_stack_retains(synth):
    retained = Counter(r["Type"] for r in synth.template["Resources"].values() if r.get("DeletionPolicy") == "Retain")
    documented: Counter = Counter()
    for row in re.findall(r"^\|[^\n]*\| `(AWS::[A-Za-z0-9:]+)` \| (\d+) \|", _section("Tear down"), re.MULTILINE):
        documented[row[0]] += int(row[1])
    assert documented == retained


def test_the_idle_cost_counts_what_the_template_holds(synth):
    resources = synth.template["Resources"].values()
    alarms = [r["Properties"] for r in resources if r["Type"] == "AWS::CloudWatch::Alarm"]
    alarm_metrics = sum(len([m for m in a["Metrics"] if "MetricStat" in m]) if "Metrics" in a else 1 for a in alarms)
    mappings = [r["Properties"]["EventSourceArn"] for r in resources if r["Type"] == "AWS::Lambda::EventSourceMapping"]
    queues = {arn["Fn::GetAtt"][0] for arn in mappings if "StreamArn" not in str(arn)}  # not the DynamoDB streams
    fifo = sum(1 for q in queues if synth.template["Resources"][q]["Properties"].get("FifoQueue"))
    count = Counter(r["Type"] for r in resources)
    cost = _section("What an idle deployment costs")

    assert re.search(rf"\b{len(alarms)} alarms on {alarm_metrics} metrics\b", cost)
    assert re.search(rf"the {len(queues)} queues Lambda consumes \({len(queues) - fifo} standard, {fifo} FIFO\)", cost)
    assert re.search(rf"\| KMS keys \| {count['AWS::KMS::Key']}:", cost)
    assert re.search(rf"{count['AWS::Scheduler::Schedule']} schedules, one invocation a minute each", cost)
    assert re.search(rf"the {count['AWS::DynamoDB::Table']} DynamoDB tables", cost)
    assert re.search(rf"the other {count['AWS::Lambda::Function'] - 1} functions", cost)
