from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="ToolStats")


@_attrs_define
class ToolStats:
    """ One tool's actions since a time.

        Attributes:
            tool (str):
            total (int):
            successful (int):
            failed (int):
            pending (int):
            success_rate (float):
            avg_execution_ms (float | None):
     """

    tool: str
    total: int
    successful: int
    failed: int
    pending: int
    success_rate: float
    avg_execution_ms: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        tool = self.tool

        total = self.total

        successful = self.successful

        failed = self.failed

        pending = self.pending

        success_rate = self.success_rate

        avg_execution_ms: float | None
        avg_execution_ms = self.avg_execution_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tool": tool,
            "total": total,
            "successful": successful,
            "failed": failed,
            "pending": pending,
            "success_rate": success_rate,
            "avg_execution_ms": avg_execution_ms,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tool = d.pop("tool")

        total = d.pop("total")

        successful = d.pop("successful")

        failed = d.pop("failed")

        pending = d.pop("pending")

        success_rate = d.pop("success_rate")

        def _parse_avg_execution_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        avg_execution_ms = _parse_avg_execution_ms(d.pop("avg_execution_ms"))


        tool_stats = cls(
            tool=tool,
            total=total,
            successful=successful,
            failed=failed,
            pending=pending,
            success_rate=success_rate,
            avg_execution_ms=avg_execution_ms,
        )


        tool_stats.additional_properties = d
        return tool_stats

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
