"""What the entry points use of advisory (the CLI's `opentamp adviser` commands and the demo
world): the adviser's actions, the customer's contract and deposit services, the daily steps'
functions."""

from opentamp.advisory.adjustments import expire_and_retry, follow_orders, publish_model
from opentamp.advisory.adviser import (
    adviser_by_login,
    announce,
    fee_income,
    manual_fee,
    publish_files,
    served_accounts,
)
from opentamp.advisory.deposits import mark_service_order
from opentamp.advisory.fees import accrue, charge
from opentamp.advisory.schemas import AnnounceIn, FilesIn, ManualFeeIn, PublishModelIn, WeightIn

__all__ = [
    "AnnounceIn",
    "FilesIn",
    "ManualFeeIn",
    "PublishModelIn",
    "WeightIn",
    "accrue",
    "adviser_by_login",
    "announce",
    "charge",
    "expire_and_retry",
    "fee_income",
    "follow_orders",
    "manual_fee",
    "mark_service_order",
    "publish_files",
    "publish_model",
    "served_accounts",
]
