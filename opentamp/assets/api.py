"""What other features use of assets: an account's figures as 我的 and the account pages show
them (getAccountAsset), so a feature's own page of one account (pension/home) gives the same
总资产 to the cent; each account's money awaiting confirmation, which its 总资产 counts."""

from opentamp.assets.schemas import AccountAssetOut
from opentamp.assets.service import account_asset, pending_by_account

__all__ = ["AccountAssetOut", "account_asset", "pending_by_account"]
