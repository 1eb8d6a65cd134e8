"""What the entry points use of advisory (the CLI's `opentamp adviser` commands and the demo
world): the adviser's actions, the customer's contract and deposit services, the daily steps'
functions; and the service-account lifecycle the robo adviser runs on (docs/robo.md): the
contract, deposit and withdrawal, the account's holdings and totals."""

from opentamp.advisory.adjustments import expire_and_retry, follow_orders, publish_model
from opentamp.advisory.adviser import (
    adviser_by_login,
    announce,
    fee_income,
    manual_fee,
    publish_files,
    served_accounts,
)
from opentamp.advisory.contracts import contract_sign, files_out, sign_step_two
from opentamp.advisory.deposits import (
    cancel,
    deposit,
    mark_service_order,
    money_order,
    preredeem,
    send_deposit_code,
    withdraw,
)
from opentamp.advisory.fees import accrue, charge
from opentamp.advisory.home import total_asset
from opentamp.advisory.repository import holdings, owned_account, pending_amount
from opentamp.advisory.schemas import (
    AnnounceIn,
    CancelIn,
    CodeSentOut,
    ContractSignIn,
    DepositIn,
    FilesIn,
    ManualFeeIn,
    MoneyOrderOut,
    PreredeemIn,
    PreredeemOut,
    PublishModelIn,
    ServiceAccountIn,
    SignStepTwoIn,
    WeightIn,
    WithdrawIn,
)

__all__ = [
    "AnnounceIn",
    "CancelIn",
    "CodeSentOut",
    "ContractSignIn",
    "MoneyOrderOut",
    "DepositIn",
    "PreredeemIn",
    "PreredeemOut",
    "ServiceAccountIn",
    "SignStepTwoIn",
    "WithdrawIn",
    "cancel",
    "contract_sign",
    "deposit",
    "files_out",
    "holdings",
    "money_order",
    "owned_account",
    "pending_amount",
    "preredeem",
    "send_deposit_code",
    "sign_step_two",
    "total_asset",
    "withdraw",
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
