from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.filter_config import FilterConfig


T = TypeVar("T", bound="SubscriptionPatch")


@_attrs_define
class SubscriptionPatch:
    """ ``PATCH /subscriptions/{id}`` body. ``filter_config: null`` removes the filter;
    the other fields always have a value.

        Attributes:
            filter_config (FilterConfig | None | Unset):
            execution_order (int | Unset):
            is_active (bool | Unset):
     """

    filter_config: FilterConfig | None | Unset = UNSET
    execution_order: int | Unset = UNSET
    is_active: bool | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.filter_config import FilterConfig # noqa: PLC0415
        filter_config: dict[str, Any] | None | Unset
        if isinstance(self.filter_config, Unset):
            filter_config = UNSET
        elif isinstance(self.filter_config, FilterConfig):
            filter_config = self.filter_config.to_dict()
        else:
            filter_config = self.filter_config

        execution_order = self.execution_order

        is_active = self.is_active


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if filter_config is not UNSET:
            field_dict["filter_config"] = filter_config
        if execution_order is not UNSET:
            field_dict["execution_order"] = execution_order
        if is_active is not UNSET:
            field_dict["is_active"] = is_active

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.filter_config import FilterConfig # noqa: PLC0415
        d = dict(src_dict)
        def _parse_filter_config(data: object) -> FilterConfig | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filter_config_type_0 = FilterConfig.from_dict(data)


                return filter_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FilterConfig | None | Unset, data)

        filter_config = _parse_filter_config(d.pop("filter_config", UNSET))


        execution_order = d.pop("execution_order", UNSET)

        is_active = d.pop("is_active", UNSET)

        subscription_patch = cls(
            filter_config=filter_config,
            execution_order=execution_order,
            is_active=is_active,
        )

        return subscription_patch
